package io.tablemapper.api;

/** An insert found an entity (or an index value) already stored under the same keys; nothing was written. */
public class EntityExistsException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys and the rule that was broken. */
  public EntityExistsException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public EntityExistsException(String message, Throwable cause) {
    super(message, cause);
  }
}
