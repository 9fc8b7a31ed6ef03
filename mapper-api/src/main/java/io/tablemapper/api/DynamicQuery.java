package io.tablemapper.api;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import java.util.Objects;

/**
 * Which rows a {@link DynamicTable#query} reads: one partition or the whole table, a RowKey range or prefix, and
 * a filter on properties that the store applies. Rows come in key order.
 *
 * <pre>{@code
 * DynamicQuery.partition("Sales").rowKeyStartsWith("EMPLOYEE_").filter(Filter.gt("Age", 30))
 * }</pre>
 *
 * <p>A query without a partition reads every partition of the table: a table scan, as costly as it sounds.
 * Immutable; each method returns a new query.
 */
public final class DynamicQuery {
  private final String partitionKey;
  private final String rowFrom;
  private final String rowTo;
  private final boolean toInclusive;
  private final Filter filter;

  private DynamicQuery(String partitionKey, String rowFrom, String rowTo, boolean toInclusive, Filter filter) {
    this.partitionKey = partitionKey;
    this.rowFrom = rowFrom;
    this.rowTo = rowTo;
    this.toInclusive = toInclusive;
    this.filter = filter;
  }

  /** Every row of one partition. */
  public static DynamicQuery partition(String partitionKey) {
    return new DynamicQuery(Objects.requireNonNull(partitionKey, "partitionKey"), null, null, true, null);
  }

  /** Every row of the table: a table scan. */
  public static DynamicQuery table() {
    return new DynamicQuery(null, null, null, true, null);
  }

  /** Only rows whose RowKey is in {@code [from, to]}. */
  public DynamicQuery rowKeyBetween(String from, String to) {
    return new DynamicQuery(partitionKey, Objects.requireNonNull(from, "from"), Objects.requireNonNull(to, "to"),
        true, filter);
  }

  /** Only rows whose RowKey starts with {@code prefix}. */
  public DynamicQuery rowKeyStartsWith(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    if (prefix.isEmpty()) {
      return new DynamicQuery(partitionKey, null, null, true, filter);
    }
    return new DynamicQuery(partitionKey, prefix, KeyBound.prefixEnd(prefix), false, filter);
  }

  /** Only rows that also match {@code condition} (combined with an earlier filter by and). */
  public DynamicQuery filter(Filter condition) {
    Objects.requireNonNull(condition, "condition");
    return new DynamicQuery(partitionKey, rowFrom, rowTo, toInclusive,
        filter == null ? condition : Filter.and(filter, condition));
  }

  /** The partition read, or null for every partition. */
  public String partitionKey() {
    return partitionKey;
  }

  /** The lowest RowKey read (included), or null. */
  public String rowFrom() {
    return rowFrom;
  }

  /** The highest RowKey read, or null. */
  public String rowTo() {
    return rowTo;
  }

  /** Whether {@link #rowTo()} itself is read. */
  public boolean rowToInclusive() {
    return toInclusive;
  }

  /** The filter on properties, or null. */
  public Filter filter() {
    return filter;
  }

  @Override
  public String toString() {
    return "DynamicQuery[" + (partitionKey == null ? "every partition" : "PartitionKey '" + partitionKey + "'")
        + (rowFrom == null ? "" : ", RowKey from '" + rowFrom + "'")
        + (rowTo == null ? "" : ", RowKey to '" + rowTo + "'" + (toInclusive ? " (included)" : " (excluded)"))
        + (filter == null ? "" : ", filter " + filter) + "]";
  }
}
