package io.tablemapper.api;

/** An update, delete or {@code get} found no entity under the given keys; nothing was written. */
public class EntityNotFoundException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys and the rule that was broken. */
  public EntityNotFoundException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public EntityNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
