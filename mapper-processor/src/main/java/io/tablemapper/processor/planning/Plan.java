package io.tablemapper.processor.planning;

import io.tablemapper.api.QueryKind;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.KeyModel;
import java.util.List;
import java.util.Map;

/**
 * How a derived query reaches the store, decided at compile time.
 *
 * @param kind POINT, RANGE, PARTITION_SCAN or TABLE_SCAN
 * @param index the index read through, or null for the entity's own rows
 * @param rowKey the RowKey template walked (the entity's or the index's)
 * @param partitionArguments placeholder index → parameter for the PartitionKey, or null when it is not bound
 * @param mode how the RowKey is constrained
 * @param prefix the RowKey prefix: literals and parameters bound by equality, in template order
 * @param startsWith for {@link RowMode#PREFIX}: a parameter whose text extends the prefix, or null
 * @param rangePlaceholder the placeholder constrained by a range ({@link RowMode#RANGE}) or by the startsWith
 *     parameter ({@link RowMode#PREFIX}), else -1
 * @param lower for {@link RowMode#RANGE}: the lower bound, or null for the start of the prefix
 * @param upper for {@link RowMode#RANGE}: the upper bound, or null for the end of the prefix
 * @param residual conditions evaluated as a filter
 * @param fanOut the {@code Collection} parameter of an {@code In} on a key component, or null: the plan is then one
 *     read per distinct element (the element standing for the parameter in the keys), merged in key order
 * @param branches for conditions joined by {@code Or}, the plan of each branch, else null. A plan of kind
 *     {@code TABLE_SCAN} with branches is one read of every partition whose filter is the branches' conditions
 *     joined by {@code or} (each branch's {@link #residual} holds all its conditions); any other is the union of
 *     the branches' reads, run in parallel and merged in key order, each entity once, and its kind is its worst
 *     branch's
 * @param description the plan in words, for Javadoc, listeners and reports
 * @param copiesAnswer whether the copies of the remote index read through answer the method alone
 *     ({@code reads = IndexReads.COPIES}, copies that hold what it returns and filters on): eventually consistent,
 *     no read of the entities
 */
public record Plan(
    QueryKind kind,
    EntityModel.IndexModel index,
    KeyModel rowKey,
    Map<Integer, String> partitionArguments,
    RowMode mode,
    List<Piece> prefix,
    String startsWith,
    int rangePlaceholder,
    Bound lower,
    Bound upper,
    List<Condition> residual,
    String fanOut,
    List<Plan> branches,
    String description,
    boolean copiesAnswer) {

  /** A plan whose copies, if it reads through an index, are verified against their entities. */
  public Plan(QueryKind kind, EntityModel.IndexModel index, KeyModel rowKey, Map<Integer, String> partitionArguments,
      RowMode mode, List<Piece> prefix, String startsWith, int rangePlaceholder, Bound lower, Bound upper,
      List<Condition> residual, String fanOut, List<Plan> branches, String description) {
    this(kind, index, rowKey, partitionArguments, mode, prefix, startsWith, rangePlaceholder, lower, upper, residual,
        fanOut, branches, description, false);
  }

  /**
   * This plan answered by the copies of its index, its description saying so ({@link #copiesAnswer}).
   *
   * @param limit the method's {@code First}/{@code TopN} limit, or 0
   */
  public Plan answeredByCopies(EntityModel entity, int limit) {
    Plan answered = new Plan(kind, index, rowKey, partitionArguments, mode, prefix, startsWith, rangePlaceholder,
        lower, upper, residual, fanOut, branches, description, true);
    return new Plan(kind, index, rowKey, partitionArguments, mode, prefix, startsWith, rangePlaceholder, lower, upper,
        residual, fanOut, branches, QueryPlanner.describe(entity, answered, limit), true);
  }

  /**
   * The PartitionKey template the plan binds: a remote index's, whose copies live in partitions of their own, or
   * else the entity's (its own rows and the copies in its partition).
   */
  public KeyModel partitionKey(EntityModel entity) {
    return index != null && index.remote() ? index.partitionKey() : entity.partitionKey();
  }

  /** Whether the plan is the union of its branches' reads ({@code Or}), merged in key order. */
  public boolean union() {
    return branches != null && kind != QueryKind.TABLE_SCAN;
  }

  /** Whether the plan reads several times: a union of {@code Or} branches, or an {@code In} fanned out. */
  public boolean severalReads() {
    return fanOut != null || union();
  }

  /**
   * Whether the plan reads through a remote index: eventually consistent, each copy checked against its entity
   * unless its copies answer ({@link #copiesAnswer}).
   */
  public boolean eventuallyConsistent() {
    return index != null && index.remote();
  }

  /** How the RowKey is constrained. */
  public enum RowMode {
    /** Not at all. */
    NONE,
    /** Fully: one RowKey. */
    EXACT,
    /** Keys starting with the prefix (and the startsWith parameter). */
    PREFIX,
    /** A range after the prefix. */
    RANGE
  }

  /**
   * A piece of a RowKey prefix: literal text, or a placeholder bound to a parameter.
   *
   * @param literal the text, or null for a placeholder
   * @param placeholder the placeholder index
   * @param parameter the parameter bound to it
   */
  public record Piece(String literal, int placeholder, String parameter) {}

  /**
   * One end of a range: the prefix followed by the encoding of a parameter.
   *
   * @param parameter the parameter, appended to the prefix through the range placeholder
   * @param inclusive whether the bound key itself is in range
   * @param successor whether the bound is past every key that starts with prefix + value (for components
   *     followed by more key text)
   */
  public record Bound(String parameter, boolean inclusive, boolean successor) {}
}
