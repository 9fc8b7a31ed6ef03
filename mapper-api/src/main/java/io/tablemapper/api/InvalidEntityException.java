package io.tablemapper.api;

/** An entity breaks the store's entity rules: more than 252 properties, a string over 32,768 characters, a binary over 64 KiB, an entity over 1 MiB, a date out of the store's range, an unusable property value. Nothing was written. */
public class InvalidEntityException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys and the rule that was broken. */
  public InvalidEntityException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public InvalidEntityException(String message, Throwable cause) {
    super(message, cause);
  }
}
