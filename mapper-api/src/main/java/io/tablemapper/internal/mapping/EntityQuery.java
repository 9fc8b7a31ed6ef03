package io.tablemapper.internal.mapping;

import io.tablemapper.api.QueryKind;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import java.util.List;
import java.util.Objects;

/**
 * A planned repository query, built by generated code with the bounds the processor worked out at compile time.
 * The runtime adds the discriminator, follows index copies back to their entities, pages and reports.
 */
public final class EntityQuery {
  private final String method;
  private final QueryKind kind;
  private final String plan;
  private final String index;
  private final String partitionKey;
  private final KeyBound rowFrom;
  private final KeyBound rowTo;
  private final Filter filter;
  private final int limit;
  private final List<EntityQuery> reads;
  private final boolean matchesNothing;
  private final boolean overlapping;
  private final boolean periodsBound;
  private final Object periodFrom;
  private final Object periodTo;
  private final boolean copiesAnswer;

  private EntityQuery(Builder builder) {
    this.method = builder.method;
    this.kind = builder.kind;
    this.plan = builder.plan;
    this.index = builder.index;
    this.partitionKey = builder.partitionKey;
    this.rowFrom = builder.rowFrom;
    this.rowTo = builder.rowTo;
    this.filter = builder.filter;
    this.limit = builder.limit;
    this.reads = builder.reads;
    this.matchesNothing = builder.matchesNothing;
    this.overlapping = builder.overlapping;
    this.periodsBound = builder.periodsBound;
    this.periodFrom = builder.periodFrom;
    this.periodTo = builder.periodTo;
    this.copiesAnswer = builder.copiesAnswer;
  }

  /**
   * Starts a query.
   *
   * @param method the repository method, for example {@code EmployeeRepository.findByEmail}
   * @param kind the plan's kind
   * @param plan the plan as text
   */
  public static Builder builder(String method, QueryKind kind, String plan) {
    return new Builder(method, kind, plan);
  }

  /** The repository method. */
  public String method() {
    return method;
  }

  /** The plan's kind. */
  public QueryKind kind() {
    return kind;
  }

  /** The plan as text. */
  public String plan() {
    return plan;
  }

  /** The index read through, or null for the entity's own rows. */
  public String index() {
    return index;
  }

  /** The PartitionKey, or null for a table scan. */
  public String partitionKey() {
    return partitionKey;
  }

  /** The lowest RowKey, or null. */
  public KeyBound rowFrom() {
    return rowFrom;
  }

  /** The highest RowKey, or null. */
  public KeyBound rowTo() {
    return rowTo;
  }

  /** The residual filter on the entity's properties, or null. */
  public Filter filter() {
    return filter;
  }

  /** The most entities to return ({@code First}/{@code TopN}), or 0 for all. */
  public int limit() {
    return limit;
  }

  /**
   * The reads whose results this query merges in key order ({@code In} on a key component: one per distinct element),
   * or null for a query that is one read itself. Each read carries its own keys, index and filter.
   */
  public List<EntityQuery> reads() {
    return reads;
  }

  /**
   * Whether the {@link #reads()} may address the same entities (the branches of an {@code Or}): their results are
   * then merged by key, each entity once, rather than taken one read after another.
   */
  public boolean overlapping() {
    return overlapping;
  }

  /**
   * Whether the copies of the {@link #index()} read through answer the query alone (the index is declared
   * {@code reads = IndexReads.COPIES} and its copies hold what the query returns and filters on): eventually
   * consistent, one request per page; otherwise each copy of a remote index is verified against its entity.
   */
  public boolean copiesAnswer() {
    return copiesAnswer;
  }

  /** Whether the query matches nothing and needs no request ({@code In} with an empty collection). */
  public boolean matchesNothing() {
    return matchesNothing || reads != null && reads.isEmpty();
  }

  /**
   * For an entity with a table per period: the first time whose period's table the query reads, or null for no lower
   * bound (every table up to {@link #periodTo()}).
   */
  public Object periodFrom() {
    return periodFrom;
  }

  /** For an entity with a table per period: the last time whose period's table the query reads, or null for none. */
  public Object periodTo() {
    return periodTo;
  }

  /** Whether a condition on the period's property narrows the tables read ({@link #periodFrom}, {@link #periodTo}). */
  public boolean periodsBound() {
    return periodsBound;
  }

  /** The RowKey when the query addresses exactly one row, else null. */
  public String pointRowKey() {
    return partitionKey != null && rowFrom != null && rowTo != null && rowFrom.inclusive() && rowTo.inclusive()
            && rowFrom.key().equals(rowTo.key())
        ? rowFrom.key()
        : null;
  }

  @Override
  public String toString() {
    return method + ": " + plan;
  }

  /** Builds an {@link EntityQuery}. */
  public static final class Builder {
    private final String method;
    private final QueryKind kind;
    private final String plan;
    private String index;
    private String partitionKey;
    private KeyBound rowFrom;
    private KeyBound rowTo;
    private Filter filter;
    private int limit;
    private List<EntityQuery> reads;
    private boolean matchesNothing;
    private boolean overlapping;
    private boolean periodsBound;
    private Object periodFrom;
    private Object periodTo;
    private boolean copiesAnswer;

    private Builder(String method, QueryKind kind, String plan) {
      this.method = Objects.requireNonNull(method, "method");
      this.kind = Objects.requireNonNull(kind, "kind");
      this.plan = Objects.requireNonNull(plan, "plan");
    }

    /** Reads through an index's copies. */
    public Builder index(String name) {
      this.index = name;
      return this;
    }

    /**
     * Answers from the copies of the index read through alone, eventually consistent: for an index declared
     * {@code reads = IndexReads.COPIES} whose copies hold what the query returns and filters on.
     */
    public Builder copiesAnswer() {
      this.copiesAnswer = true;
      return this;
    }

    /** The partition. */
    public Builder partitionKey(String key) {
      this.partitionKey = key;
      return this;
    }

    /** Exactly one RowKey. */
    public Builder rowKey(String key) {
      KeyBound bound = KeyBound.inclusive(key);
      this.rowFrom = bound;
      this.rowTo = bound;
      return this;
    }

    /** The lowest RowKey. */
    public Builder rowFrom(String key, boolean inclusive) {
      this.rowFrom = key == null ? null : new KeyBound(key, inclusive);
      return this;
    }

    /** The highest RowKey; a null key leaves the range open above. */
    public Builder rowTo(String key, boolean inclusive) {
      this.rowTo = key == null ? null : new KeyBound(key, inclusive);
      return this;
    }

    /** The RowKeys that start with {@code prefix}. */
    public Builder rowPrefix(String prefix) {
      this.rowFrom = KeyBound.inclusive(prefix);
      String end = KeyBound.prefixEnd(prefix);
      this.rowTo = end == null ? null : KeyBound.exclusive(end);
      return this;
    }

    /**
     * The times whose periods' tables the query reads, for an entity with a table per period: from the conditions on
     * the period's property ({@code from == to} for an equality); null for an open end.
     */
    public Builder periods(Object from, Object to) {
      this.periodsBound = true;
      this.periodFrom = from;
      this.periodTo = to;
      return this;
    }

    /** The residual filter. */
    public Builder filter(Filter filter) {
      this.filter = filter;
      return this;
    }

    /** At most this many entities. */
    public Builder limit(int limit) {
      if (limit < 0) {
        throw new IllegalArgumentException("limit must not be negative, was " + limit);
      }
      this.limit = limit;
      return this;
    }

    /** Merges these reads in key order instead of reading keys of its own; see {@link EntityQuery#reads()}. */
    public Builder union(List<EntityQuery> reads) {
      this.reads = List.copyOf(reads);
      return this;
    }

    /**
     * Merges these reads, which may address the same entities (the branches of an {@code Or}, each with its own keys
     * and filter), in key order, each entity once; a read that {@linkplain EntityQuery#matchesNothing() matches
     * nothing} is left out.
     */
    public Builder anyOf(List<EntityQuery> reads) {
      this.reads = List.copyOf(reads);
      this.overlapping = true;
      return this;
    }

    /** When true, the query matches nothing and makes no request (an {@code In} with an empty collection). */
    public Builder matchesNothing(boolean nothing) {
      this.matchesNothing = nothing;
      return this;
    }

    /** The query. */
    public EntityQuery build() {
      return new EntityQuery(this);
    }
  }
}
