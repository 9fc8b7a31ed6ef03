package io.tablemapper.api;

/** A conditional write (If-Match) found that the stored entity changed since it was read; nothing was written. */
public class ConcurrencyConflictException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys and the rule that was broken. */
  public ConcurrencyConflictException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public ConcurrencyConflictException(String message, Throwable cause) {
    super(message, cause);
  }
}
