package io.tablemapper.api;

/** An operation addressed a table that does not exist in the backend. */
public class TableNotFoundException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys and the rule that was broken. */
  public TableNotFoundException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public TableNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
