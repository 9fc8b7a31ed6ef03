package io.tablemapper.api;

import java.util.List;
import java.util.Objects;

/**
 * What one {@link IndexAdmin} run over an index found and did. {@link IndexAdmin#verify} only reads, so its counts
 * of written and deleted rows are 0; {@link IndexAdmin#repair} counts what it found before it fixed it.
 *
 * @param index the index's name
 * @param entitiesRead entities read from the index's table
 * @param copiesWritten rows written: copies, claims and key-list entries (a unique index's claim that is also its
 *     copy counts once)
 * @param copiesDeleted rows deleted: orphaned copies, claims and entries, or a dropped index's rows
 * @param missing entities that lacked the copy, claim or key-list entry their current values imply
 * @param orphans copies, claims or entries whose entity does not exist or no longer implies them, and that no recorded
 *     pending work will still apply
 * @param stale copies at the right keys whose stored values differ from what their entity's values produce
 * @param conflicts unique values held by more than one entity
 * @param conflictDetails each such value with the keys of the entities holding it
 */
public record IndexReport(
    String index,
    long entitiesRead,
    long copiesWritten,
    long copiesDeleted,
    long missing,
    long orphans,
    long stale,
    long conflicts,
    List<Conflict> conflictDetails) {

  /** Checks the counts and copies the list. */
  public IndexReport {
    Objects.requireNonNull(index, "index");
    conflictDetails = List.copyOf(conflictDetails);
  }

  /** Whether the index matched its entities: nothing missing, orphaned, stale or in conflict. */
  public boolean clean() {
    return missing == 0 && orphans == 0 && stale == 0 && conflicts == 0;
  }

  /**
   * A unique value held by more than one entity.
   *
   * @param value the value, as the index renders it in its keys
   * @param entities each holder as {@code table/PartitionKey/RowKey}, at least two
   */
  public record Conflict(String value, List<String> entities) {
    /** Copies the list. */
    public Conflict {
      Objects.requireNonNull(value, "value");
      entities = List.copyOf(entities);
    }
  }
}
