package io.tablemapper.api;

/**
 * A stored row cannot be read as its entity class: it names the table (when known), the row's PartitionKey and
 * RowKey, the property at fault (null when the problem is the keys themselves) and the problem. Thrown by reads under
 * {@link MalformedRowPolicy#FAIL}, and handed to the {@link MalformedRowListener} under the other policies.
 */
public class MalformedRowException extends InvalidEntityException {
  private static final long serialVersionUID = 1L;

  private final String table;
  private final String partitionKey;
  private final String rowKey;
  private final String property;
  private final String problem;

  /**
   * Creates the exception.
   *
   * @param table the table, or null where the reader does not know it
   * @param entity the simple name of the class the row was read as, or null where the reader does not know it
   * @param partitionKey the row's PartitionKey
   * @param rowKey the row's RowKey
   * @param property the stored name (or Java name) of the property at fault, or null when the keys are at fault
   * @param problem what is wrong, as the rest of a sentence: "is Int64, expected Int32"
   * @param cause the exception that found it, or null
   */
  public MalformedRowException(String table, String entity, String partitionKey, String rowKey, String property,
      String problem, Throwable cause) {
    super(message(table, entity, partitionKey, rowKey, property, problem), cause);
    this.table = table;
    this.partitionKey = partitionKey;
    this.rowKey = rowKey;
    this.property = property;
    this.problem = problem;
  }

  private static String message(String table, String entity, String partitionKey, String rowKey, String property,
      String problem) {
    return "cannot read " + (entity == null ? "row" : entity + " from row") + " (PartitionKey '" + partitionKey
        + "', RowKey '" + rowKey + "')" + (table == null ? "" : " of table " + table)
        + (property == null ? ": " : ": property '" + property + "' ") + problem;
  }

  /** The table, or null where the reader did not know it. */
  public String table() {
    return table;
  }

  /** The row's PartitionKey. */
  public String partitionKey() {
    return partitionKey;
  }

  /** The row's RowKey. */
  public String rowKey() {
    return rowKey;
  }

  /** The property at fault, or null when the row's keys are. */
  public String property() {
    return property;
  }

  /** What is wrong with the property or the keys. */
  public String problem() {
    return problem;
  }
}
