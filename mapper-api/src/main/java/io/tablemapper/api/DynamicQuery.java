package io.tablemapper.api;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * Which rows a {@link DynamicTable#query} reads: one partition or the whole table, a RowKey range or prefix, and
 * a filter on properties that the store applies. Rows come in key order.
 *
 * <pre>{@code
 * DynamicQuery.partition("Sales").rowKeyStartsWith("EMPLOYEE_").filter(Filter.gt("Age", 30))
 *     .select("FirstName", "LastName")
 * }</pre>
 *
 * <p>{@link #select} reads only some properties (the store's server-side projection, {@code $select} on Azure):
 * the rows come back with their keys, ETag, Timestamp, entity type and those properties alone.
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
  private final List<String> select;

  private DynamicQuery(
      String partitionKey, String rowFrom, String rowTo, boolean toInclusive, Filter filter, List<String> select) {
    this.partitionKey = partitionKey;
    this.rowFrom = rowFrom;
    this.rowTo = rowTo;
    this.toInclusive = toInclusive;
    this.filter = filter;
    this.select = select;
  }

  /** Every row of one partition. */
  public static DynamicQuery partition(String partitionKey) {
    return new DynamicQuery(Objects.requireNonNull(partitionKey, "partitionKey"), null, null, true, null, null);
  }

  /** Every row of the table: a table scan. */
  public static DynamicQuery table() {
    return new DynamicQuery(null, null, null, true, null, null);
  }

  /** Only rows whose RowKey is in {@code [from, to]}. */
  public DynamicQuery rowKeyBetween(String from, String to) {
    return new DynamicQuery(partitionKey, Objects.requireNonNull(from, "from"), Objects.requireNonNull(to, "to"),
        true, filter, select);
  }

  /** Only rows whose RowKey starts with {@code prefix}. */
  public DynamicQuery rowKeyStartsWith(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    if (prefix.isEmpty()) {
      return new DynamicQuery(partitionKey, null, null, true, filter, select);
    }
    return new DynamicQuery(partitionKey, prefix, KeyBound.prefixEnd(prefix), false, filter, select);
  }

  /** Only rows that also match {@code condition} (combined with an earlier filter by and). */
  public DynamicQuery filter(Filter condition) {
    Objects.requireNonNull(condition, "condition");
    return new DynamicQuery(partitionKey, rowFrom, rowTo, toInclusive,
        filter == null ? condition : Filter.and(filter, condition), select);
  }

  /**
   * Reads only these properties of each row (by stored name), besides its keys, ETag, Timestamp and entity type; a
   * property a row lacks is absent from it. The filter may still compare properties that are not read. Replaces an
   * earlier selection; no name at all reads the keys alone.
   *
   * @throws NullPointerException if a name is null
   * @throws IllegalArgumentException if a name is empty
   */
  public DynamicQuery select(String... properties) {
    Objects.requireNonNull(properties, "properties");
    LinkedHashSet<String> names = new LinkedHashSet<>();
    for (String property : properties) {
      Objects.requireNonNull(property, "a selected property is null");
      if (property.isEmpty()) {
        throw new IllegalArgumentException("a selected property has an empty name: " + List.of(properties));
      }
      names.add(property);
    }
    return new DynamicQuery(partitionKey, rowFrom, rowTo, toInclusive, filter, List.copyOf(names));
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

  /** The properties read (by stored name, without repetition), or null for all. */
  public List<String> selected() {
    return select;
  }

  @Override
  public String toString() {
    return "DynamicQuery[" + (partitionKey == null ? "every partition" : "PartitionKey '" + partitionKey + "'")
        + (rowFrom == null ? "" : ", RowKey from '" + rowFrom + "'")
        + (rowTo == null ? "" : ", RowKey to '" + rowTo + "'" + (toInclusive ? " (included)" : " (excluded)"))
        + (filter == null ? "" : ", filter " + filter) + (select == null ? "" : ", select " + select) + "]";
  }
}
