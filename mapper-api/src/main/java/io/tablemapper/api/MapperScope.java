package io.tablemapper.api;

import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a scoped view of a mapper may touch ({@link TableMapper#scoped}): whole tables, or ranges of PartitionKeys of
 * a table — one tenant per partition range in a multi-tenant application, or what a shared access signature with a
 * key range allows. A view refuses every read and write outside its scope with {@link OutOfScopeException} before it
 * sends any request. Within its scope a view sees and changes only the data of entities the scope holds: index
 * copies, claims, key-list entries and pending-work entries of other entities, in index tables and partitions that
 * tenants share, are not there for it (docs/security.md, "Scoped views"). Immutable.
 *
 * <pre>{@code
 * MapperScope tenant = MapperScope.builder()
 *     .partitionPrefix("Orders", "tenant-42_")   // PartitionKeys starting with tenant-42_
 *     .partition("Customers", "tenant-42")        // one partition
 *     .table("Products")                          // a whole table
 *     .build();
 * }</pre>
 */
public final class MapperScope {
  private final List<Range> ranges;

  private MapperScope(List<Range> ranges) {
    this.ranges = List.copyOf(ranges);
  }

  /** A scope to build. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * One table's PartitionKeys from {@code from} to {@code to}; within the first partition the RowKeys from
   * {@code fromRow}, within the last up to {@code toRow} (a range of keys, as a shared access signature's).
   *
   * @param table the table, compared ignoring case as the store does
   * @param from the lowest PartitionKey, or null for no lower bound
   * @param to the highest PartitionKey, or null for no upper bound
   * @param tableItself whether the table may be created and dropped
   * @param fromRow the lowest RowKey of partition {@code from}, or null for none
   * @param toRow the highest RowKey of partition {@code to}, or null for none
   */
  private record Range(String table, KeyBound from, KeyBound to, boolean tableItself, String fromRow, String toRow) {
    boolean sameTable(String other) {
      return table.equals(other.toLowerCase(Locale.ROOT));
    }

    boolean wholeTable() {
      return tableItself && from == null && to == null;
    }

    /** Whether the entity with these keys lies in the range. */
    boolean admits(String partitionKey, String rowKey) {
      return admits(partitionKey)
          && !(fromRow != null && partitionKey.equals(from.key()) && rowKey.compareTo(fromRow) < 0)
          && !(toRow != null && partitionKey.equals(to.key()) && rowKey.compareTo(toRow) > 0);
    }

    /**
     * Whether every key between the bounds (null: unbounded) lies in the range: its partitions, and where it reads a
     * first or last partition whose RowKeys are bounded, a single partition whose RowKeys lie within those bounds.
     */
    boolean contains(KeyBound lower, KeyBound upper, KeyBound rowLower, KeyBound rowUpper) {
      if (!contains(lower, upper)) {
        return false;
      }
      boolean first = fromRow != null && lower != null && lower.inclusive() && lower.key().equals(from.key());
      boolean last = toRow != null && upper != null && upper.inclusive() && upper.key().equals(to.key());
      if (!first && !last) {
        return true;
      }
      if (lower == null || upper == null || !lower.key().equals(upper.key())) {
        return false; // across a partition whose RowKeys are bounded
      }
      return (!first || atOrAbove(rowLower, KeyBound.inclusive(fromRow)))
          && (!last || atOrBelow(rowUpper, KeyBound.inclusive(toRow)));
    }

    boolean admits(String partitionKey) {
      return (from == null || from.admitsFromBelow(partitionKey)) && (to == null || to.admitsFromAbove(partitionKey));
    }

    /** Whether every PartitionKey between the bounds (null: unbounded) lies in this range. */
    boolean contains(KeyBound lower, KeyBound upper) {
      return atOrAbove(lower, from) && atOrBelow(upper, to);
    }

    private static boolean atOrAbove(KeyBound lower, KeyBound limit) {
      if (limit == null) {
        return true;
      }
      if (lower == null) {
        return false;
      }
      int order = lower.key().compareTo(limit.key());
      return order > 0 || order == 0 && (limit.inclusive() || !lower.inclusive());
    }

    private static boolean atOrBelow(KeyBound upper, KeyBound limit) {
      if (limit == null) {
        return true;
      }
      if (upper == null) {
        return false;
      }
      int order = upper.key().compareTo(limit.key());
      return order < 0 || order == 0 && (limit.inclusive() || !upper.inclusive());
    }

    @Override
    public String toString() {
      if (from == null && to == null) {
        return table + (tableItself ? " (whole table)" : " (every partition)");
      }
      return table + " PartitionKey " + (from == null ? "(" : from.inclusive() ? "['" + from.key() + "'"
          : "('" + from.key() + "'") + (fromRow == null ? "" : " RowKey from '" + fromRow + "'") + " .. "
          + (to == null ? ")" : to.inclusive() ? "'" + to.key() + "']" : "'" + to.key() + "')")
          + (toRow == null ? "" : " RowKey to '" + toRow + "'");
    }
  }

  /** Whether the scope holds some of the table (a whole table, or some of its partitions). */
  public boolean allowsTable(String table) {
    return ranges.stream().anyMatch(range -> range.sameTable(table));
  }

  /** Whether the scope holds the whole table: then it may be created and dropped through the view. */
  public boolean allowsWholeTable(String table) {
    return ranges.stream().anyMatch(range -> range.sameTable(table) && range.wholeTable());
  }

  /** Whether the scope holds this partition of the table, or some of its RowKeys. */
  public boolean allows(String table, String partitionKey) {
    return ranges.stream().anyMatch(range -> range.sameTable(table) && range.admits(partitionKey));
  }

  /** Whether the scope holds the entity with these keys. */
  public boolean allows(String table, String partitionKey, String rowKey) {
    return ranges.stream().anyMatch(range -> range.sameTable(table) && range.admits(partitionKey, rowKey));
  }

  /**
   * Whether the scope holds every partition of the table between two bounds (null: unbounded), the range of a
   * query over whole partitions.
   */
  public boolean allowsRange(String table, KeyBound from, KeyBound to) {
    return allowsRange(table, from, to, null, null);
  }

  /**
   * Whether the scope holds every key of the table between PartitionKey bounds and RowKey bounds (null: unbounded),
   * the range of a query.
   */
  public boolean allowsRange(String table, KeyBound from, KeyBound to, KeyBound rowFrom, KeyBound rowTo) {
    return ranges.stream().anyMatch(range -> range.sameTable(table) && range.contains(from, to, rowFrom, rowTo));
  }

  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    ranges.forEach(range -> parts.add(range.toString()));
    return "MapperScope" + parts;
  }

  /** Collects a scope's tables and partition ranges. */
  public static final class Builder {
    private final List<Range> ranges = new ArrayList<>();

    private Builder() {}

    /** The whole table: every partition, and creating and dropping it. */
    public Builder table(String table) {
      return add(table, null, null, true);
    }

    /**
     * Every partition of a table, but not the table itself: it is neither created nor dropped through the view (the
     * scope of a shared access signature of one table).
     */
    public Builder allPartitions(String table) {
      return add(table, null, null, false);
    }

    /** One partition of a table. */
    public Builder partition(String table, String partitionKey) {
      Objects.requireNonNull(partitionKey, "partitionKey");
      return add(table, KeyBound.inclusive(partitionKey), KeyBound.inclusive(partitionKey), false);
    }

    /**
     * The partitions of a table from {@code from} to {@code to}, both included (as a shared access signature's
     * {@code spk} and {@code epk}).
     *
     * @param from the lowest PartitionKey, or null for no lower bound
     * @param to the highest PartitionKey, or null for no upper bound
     * @throws IllegalArgumentException if {@code from} is above {@code to}, or both are null (use {@link #table})
     */
    public Builder partitions(String table, String from, String to) {
      if (from == null && to == null) {
        throw new IllegalArgumentException("a partition range of " + table + " needs a bound; for the whole table"
            + " use table(\"" + table + "\")");
      }
      if (from != null && to != null && from.compareTo(to) > 0) {
        throw new IllegalArgumentException("the partition range of " + table + " from '" + from + "' to '" + to
            + "' is empty: its start is above its end");
      }
      return add(table, from == null ? null : KeyBound.inclusive(from), to == null ? null : KeyBound.inclusive(to),
          false);
    }

    /**
     * The keys of a table from ({@code fromPartition}, {@code fromRow}) to ({@code toPartition}, {@code toRow}), all
     * included, in the store's order of keys: a shared access signature's {@code spk}, {@code srk}, {@code epk} and
     * {@code erk}. The RowKey bounds apply within the first and the last partition only.
     *
     * @param fromRow the lowest RowKey of the first partition, or null; needs {@code fromPartition}
     * @param toRow the highest RowKey of the last partition, or null; needs {@code toPartition}
     * @throws IllegalArgumentException if a RowKey bound has no PartitionKey bound, or the range is empty
     */
    public Builder keys(String table, String fromPartition, String fromRow, String toPartition, String toRow) {
      if (fromRow != null && fromPartition == null || toRow != null && toPartition == null) {
        throw new IllegalArgumentException("a RowKey bound of " + table + " needs the PartitionKey it applies in");
      }
      if (fromPartition != null && fromPartition.equals(toPartition) && fromRow != null && toRow != null
          && fromRow.compareTo(toRow) > 0) {
        throw new IllegalArgumentException("the key range of " + table + " in partition '" + fromPartition
            + "' from RowKey '" + fromRow + "' to '" + toRow + "' is empty");
      }
      if (fromPartition == null && toPartition == null) {
        return allPartitions(table);
      }
      partitions(table, fromPartition, toPartition);
      Range partitions = ranges.remove(ranges.size() - 1);
      ranges.add(new Range(partitions.table(), partitions.from(), partitions.to(), false, fromRow, toRow));
      return this;
    }

    /** The partitions of a table whose PartitionKey starts with {@code prefix} (one tenant's, for example). */
    public Builder partitionPrefix(String table, String prefix) {
      Objects.requireNonNull(prefix, "prefix");
      if (prefix.isEmpty()) {
        throw new IllegalArgumentException("an empty prefix holds the whole table; use table(\"" + table + "\")");
      }
      String end = KeyBound.prefixEnd(prefix);
      return add(table, KeyBound.inclusive(prefix), end == null ? null : KeyBound.exclusive(end), false);
    }

    private Builder add(String table, KeyBound from, KeyBound to, boolean tableItself) {
      Objects.requireNonNull(table, "table");
      StoreLimits.checkTableName(table);
      ranges.add(new Range(table.toLowerCase(Locale.ROOT), from, to, tableItself, null, null));
      return this;
    }

    /**
     * The scope.
     *
     * @throws IllegalStateException if it holds nothing
     */
    public MapperScope build() {
      if (ranges.isEmpty()) {
        throw new IllegalStateException("a MapperScope needs a table or a partition range");
      }
      return new MapperScope(ranges);
    }
  }
}
