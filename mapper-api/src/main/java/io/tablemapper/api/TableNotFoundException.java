package io.tablemapper.api;

/**
 * An operation addressed a table that does not exist in the backend: from a mapper, a write to a missing table it
 * may not create ({@link TableCreation#NEVER}, {@link TableCreation#VERIFY_AT_START}), or a table missing at start
 * ({@link TableCreation#VERIFY_AT_START}); reads of a missing table find no rows instead.
 */
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
