package io.tablemapper.spi;

import java.util.List;
import java.util.Objects;

/**
 * A query over one table: key ranges on PartitionKey and RowKey, a residual {@link Filter}, a projection and a
 * page limit, optionally resuming from a backend continuation token.
 *
 * <p>A row matches when its PartitionKey is within the partition range, its RowKey within the row range (which
 * applies within every partition, as OData's {@code RowKey ge ...} does) and the filter accepts it. Matches come
 * in (PartitionKey, RowKey) order, compared as UTF-16 code units. Immutable; built with {@link #builder}.
 */
public final class TableQuery {
  private final String table;
  private final KeyBound partitionFrom;
  private final KeyBound partitionTo;
  private final KeyBound rowFrom;
  private final KeyBound rowTo;
  private final Filter filter;
  private final List<String> select;
  private final int limit;
  private final String continuation;

  private TableQuery(Builder builder) {
    this.table = builder.table;
    this.partitionFrom = builder.partitionFrom;
    this.partitionTo = builder.partitionTo;
    this.rowFrom = builder.rowFrom;
    this.rowTo = builder.rowTo;
    this.filter = builder.filter;
    this.select = builder.select;
    this.limit = builder.limit;
    this.continuation = builder.continuation;
  }

  /** Starts a query over a table; without further bounds it reads the whole table. */
  public static Builder builder(String table) {
    return new Builder(table);
  }

  /** The table. */
  public String table() {
    return table;
  }

  /** The lowest PartitionKey, or null for no lower bound. */
  public KeyBound partitionFrom() {
    return partitionFrom;
  }

  /** The highest PartitionKey, or null for no upper bound. */
  public KeyBound partitionTo() {
    return partitionTo;
  }

  /** The PartitionKey when the query reads exactly one partition, else null. */
  public String singlePartition() {
    return partitionFrom != null && partitionTo != null && partitionFrom.inclusive() && partitionTo.inclusive()
            && partitionFrom.key().equals(partitionTo.key())
        ? partitionFrom.key()
        : null;
  }

  /** The lowest RowKey, or null for no lower bound. */
  public KeyBound rowFrom() {
    return rowFrom;
  }

  /** The highest RowKey, or null for no upper bound. */
  public KeyBound rowTo() {
    return rowTo;
  }

  /** The residual filter, or null to accept every row in the key ranges. */
  public Filter filter() {
    return filter;
  }

  /**
   * The properties to return besides the keys, Timestamp and ETag; null returns every property, an empty list
   * none.
   */
  public List<String> select() {
    return select;
  }

  /** The most rows to return in this page, 1 to 1000. */
  public int limit() {
    return limit;
  }

  /** The backend's token to resume after a previous page, or null to start at the beginning. */
  public String continuation() {
    return continuation;
  }

  /** Whether the row's keys fall within both key ranges. */
  public boolean matchesKeys(String partitionKey, String rowKey) {
    return (partitionFrom == null || partitionFrom.admitsFromBelow(partitionKey))
        && (partitionTo == null || partitionTo.admitsFromAbove(partitionKey))
        && (rowFrom == null || rowFrom.admitsFromBelow(rowKey))
        && (rowTo == null || rowTo.admitsFromAbove(rowKey));
  }

  /** Whether a row matches the key ranges and the filter (projection and limit aside). */
  public boolean matches(TableRow row) {
    return matchesKeys(row.partitionKey(), row.rowKey()) && (filter == null || filter.test(row));
  }

  /** The row as this query returns it: only the selected properties when there is a projection. */
  public TableRow project(TableRow row) {
    if (select == null) {
      return row;
    }
    TableRow.Builder projected = TableRow.builder(row.partitionKey(), row.rowKey(), select.size());
    for (String name : select) {
      projected.put(name, row.get(name));
    }
    return projected.etag(row.etag()).timestamp(row.timestamp()).build();
  }

  /** A copy of this query that resumes from a backend continuation token (null to start over). */
  public TableQuery withContinuation(String token) {
    return toBuilder().continuation(token).build();
  }

  /** A copy of this query with another page limit. */
  public TableQuery withLimit(int newLimit) {
    return toBuilder().limit(newLimit).build();
  }

  /** A builder holding this query's settings. */
  public Builder toBuilder() {
    Builder builder = new Builder(table);
    builder.partitionFrom = partitionFrom;
    builder.partitionTo = partitionTo;
    builder.rowFrom = rowFrom;
    builder.rowTo = rowTo;
    builder.filter = filter;
    builder.select = select;
    builder.limit = limit;
    builder.continuation = continuation;
    return builder;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("TableQuery[").append(table);
    String single = singlePartition();
    if (single != null) {
      text.append(", PartitionKey = '").append(single).append('\'');
    } else {
      appendRange(text, "PartitionKey", partitionFrom, partitionTo);
    }
    appendRange(text, "RowKey", rowFrom, rowTo);
    if (filter != null) {
      text.append(", filter ").append(filter);
    }
    if (select != null) {
      text.append(", select ").append(select);
    }
    text.append(", limit ").append(limit);
    if (continuation != null) {
      text.append(", continued");
    }
    return text.append(']').toString();
  }

  private static void appendRange(StringBuilder text, String name, KeyBound from, KeyBound to) {
    if (from != null) {
      text.append(", ").append(name).append(from.inclusive() ? " ge '" : " gt '").append(from.key()).append('\'');
    }
    if (to != null) {
      text.append(", ").append(name).append(to.inclusive() ? " le '" : " lt '").append(to.key()).append('\'');
    }
  }

  /** Builds a {@link TableQuery}. */
  public static final class Builder {
    private final String table;
    private KeyBound partitionFrom;
    private KeyBound partitionTo;
    private KeyBound rowFrom;
    private KeyBound rowTo;
    private Filter filter;
    private List<String> select;
    private int limit = StoreLimits.MAX_PAGE_SIZE;
    private String continuation;

    private Builder(String table) {
      this.table = Objects.requireNonNull(table, "table");
    }

    /** Reads exactly one partition. */
    public Builder partitionKey(String partitionKey) {
      KeyBound bound = KeyBound.inclusive(Objects.requireNonNull(partitionKey, "partitionKey"));
      this.partitionFrom = bound;
      this.partitionTo = bound;
      return this;
    }

    /** The lowest PartitionKey (null for none). */
    public Builder partitionFrom(KeyBound bound) {
      this.partitionFrom = bound;
      return this;
    }

    /** The highest PartitionKey (null for none). */
    public Builder partitionTo(KeyBound bound) {
      this.partitionTo = bound;
      return this;
    }

    /** Reads exactly one RowKey (in each partition of the range). */
    public Builder rowKey(String rowKey) {
      KeyBound bound = KeyBound.inclusive(Objects.requireNonNull(rowKey, "rowKey"));
      this.rowFrom = bound;
      this.rowTo = bound;
      return this;
    }

    /** The lowest RowKey (null for none). */
    public Builder rowFrom(KeyBound bound) {
      this.rowFrom = bound;
      return this;
    }

    /** The highest RowKey (null for none). */
    public Builder rowTo(KeyBound bound) {
      this.rowTo = bound;
      return this;
    }

    /** The residual filter (null for none). */
    public Builder filter(Filter filter) {
      this.filter = filter;
      return this;
    }

    /** The properties to return; null for all, empty for keys only. */
    public Builder select(List<String> properties) {
      this.select = properties == null ? null : List.copyOf(properties);
      return this;
    }

    /**
     * The most rows in the page.
     *
     * @throws IllegalArgumentException unless 1 to 1000
     */
    public Builder limit(int limit) {
      if (limit < 1 || limit > StoreLimits.MAX_PAGE_SIZE) {
        throw new IllegalArgumentException(
            "query limit must be between 1 and " + StoreLimits.MAX_PAGE_SIZE + ", was " + limit);
      }
      this.limit = limit;
      return this;
    }

    /** Resumes after a previous page (null to start at the beginning). */
    public Builder continuation(String token) {
      this.continuation = token;
      return this;
    }

    /** The query. */
    public TableQuery build() {
      return new TableQuery(this);
    }
  }
}
