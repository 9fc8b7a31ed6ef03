package io.tablemapper.api;

/**
 * A scoped view of a mapper ({@link TableMapper#scoped}) was asked to read or write outside its
 * {@link MapperScope}: nothing was sent to the store. Or it was asked to change a row within the scope's keys that
 * holds another entity's data — an index copy, claim or key list of an entity outside the scope — or to write a row
 * naming such an entity: the view read the row it would change, and wrote nothing. Or a write would leave pending
 * work whose rows (the registry's partition, an index's table and partition) the scope does not hold: nothing was
 * sent. The message names the operation, the table and the partition (or range), the index where one is concerned,
 * and the scope; never an entity outside the scope.
 */
public class OutOfScopeException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the operation, its table and partition, and the scope. */
  public OutOfScopeException(String message) {
    super(message);
  }
}
