package io.tablemapper.api;

/**
 * A scoped view of a mapper ({@link TableMapper#scoped}) was asked to read or write outside its
 * {@link MapperScope}: nothing was sent to the store. The message names the operation, the table and the partition
 * (or range), and the scope.
 */
public class OutOfScopeException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the operation, its table and partition, and the scope. */
  public OutOfScopeException(String message) {
    super(message);
  }
}
