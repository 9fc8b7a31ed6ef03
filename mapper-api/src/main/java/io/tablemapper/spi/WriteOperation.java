package io.tablemapper.spi;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import java.util.Objects;

/**
 * One write, alone or in a batch.
 *
 * <ul>
 *   <li>{@code INSERT}: fails with {@code EntityExistsException} if an entity with the same keys exists.
 *   <li>{@code REPLACE}, {@code MERGE}: fail with {@code EntityNotFoundException} if none exists, and with
 *       {@code ConcurrencyConflictException} if {@code ifMatch} is an ETag other than the stored one. MERGE keeps
 *       stored properties the row does not carry.
 *   <li>{@code UPSERT_REPLACE}, {@code UPSERT_MERGE}: insert, or replace / merge whatever is stored.
 *   <li>{@code DELETE}: fails like REPLACE; the row carries only keys.
 * </ul>
 *
 * <p>The row a MERGE leaves behind (stored properties plus merged ones) must itself meet the store's limits, or the
 * merge fails with {@code InvalidEntityException}.
 *
 * @param kind the operation
 * @param row the entity (for DELETE its keys)
 * @param ifMatch for REPLACE, MERGE and DELETE: the ETag the stored entity must have, or null / {@code "*"} for any;
 *     must be null for the others
 */
public record WriteOperation(Kind kind, TableRow row, String ifMatch) {

  /** What an operation does. */
  public enum Kind {
    INSERT,
    REPLACE,
    MERGE,
    UPSERT_REPLACE,
    UPSERT_MERGE,
    DELETE
  }

  public WriteOperation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(row, "row");
    if (ifMatch != null && (kind == Kind.INSERT || kind == Kind.UPSERT_REPLACE || kind == Kind.UPSERT_MERGE)) {
      throw new IllegalArgumentException(kind + " takes no If-Match ETag, got " + ifMatch);
    }
    if (kind == Kind.DELETE && !row.properties().isEmpty()) {
      throw new IllegalArgumentException(
          "DELETE carries keys only, got properties " + row.properties().keySet() + "; use WriteOperation.delete");
    }
  }

  /** Inserts a row that must not exist. */
  public static WriteOperation insert(TableRow row) {
    return new WriteOperation(Kind.INSERT, row, null);
  }

  /** Replaces an existing row, conditionally on {@code ifMatch} unless it is null or {@code "*"}. */
  public static WriteOperation replace(TableRow row, String ifMatch) {
    return new WriteOperation(Kind.REPLACE, row, ifMatch);
  }

  /** Merges into an existing row, conditionally on {@code ifMatch} unless it is null or {@code "*"}. */
  public static WriteOperation merge(TableRow row, String ifMatch) {
    return new WriteOperation(Kind.MERGE, row, ifMatch);
  }

  /** Inserts or replaces. */
  public static WriteOperation upsertReplace(TableRow row) {
    return new WriteOperation(Kind.UPSERT_REPLACE, row, null);
  }

  /** Inserts or merges. */
  public static WriteOperation upsertMerge(TableRow row) {
    return new WriteOperation(Kind.UPSERT_MERGE, row, null);
  }

  /** Deletes an existing row, conditionally on {@code ifMatch} unless it is null or {@code "*"}. */
  public static WriteOperation delete(String partitionKey, String rowKey, String ifMatch) {
    return new WriteOperation(Kind.DELETE, TableRow.keys(partitionKey, rowKey), ifMatch);
  }

  /** Whether the operation is conditional on a specific ETag. */
  public boolean conditional() {
    return ifMatch != null && !ifMatch.equals("*");
  }

  /**
   * Checks the operation against what is stored under its keys, as the kinds above specify: an insert needs no row,
   * a replace, merge or delete needs one with the If-Match ETag (when conditional); upserts accept anything. Every
   * backend that evaluates writes itself applies this one rule, with these messages.
   *
   * @param table the table, for messages
   * @param storedEtag the stored row's ETag, or null if no row is stored under the operation's keys
   * @throws EntityExistsException for an insert of an existing row
   * @throws EntityNotFoundException for a replace, merge or delete of a missing row
   * @throws ConcurrencyConflictException for an If-Match ETag other than the stored one
   */
  public void checkPrecondition(String table, String storedEtag) {
    switch (kind) {
      case INSERT:
        if (storedEtag != null) {
          throw new EntityExistsException(
              "table '" + table + "': cannot " + this + ": an entity with these keys already exists");
        }
        return;
      case REPLACE:
      case MERGE:
      case DELETE:
        if (storedEtag == null) {
          throw new EntityNotFoundException(
              "table '" + table + "': cannot " + this + ": no entity with these keys exists");
        }
        if (conditional() && !ifMatch.equals(storedEtag)) {
          throw new ConcurrencyConflictException(
              "table '" + table + "': cannot " + this + ": the entity changed since it was read (stored ETag "
                  + storedEtag + ")");
        }
        return;
      default:
        return;
    }
  }

  /** Whether the operation merges into a stored row rather than replacing it ({@code MERGE}, {@code UPSERT_MERGE}). */
  public boolean merges() {
    return kind == Kind.MERGE || kind == Kind.UPSERT_MERGE;
  }

  /**
   * The row a merge leaves behind: the stored row's properties, with this operation's merged in (a stored property
   * replaced in place, a new one last). It must itself be a row the store allows, as a replace of it would need to
   * be. Values are shared with both rows, not copied.
   *
   * @param table the table, for messages
   * @param stored the row stored under the operation's keys
   * @throws IllegalStateException if the operation is not a merge
   * @throws InvalidEntityException if the merged row breaks the store's limits (properties, sizes)
   */
  public TableRow mergedInto(String table, TableRow stored) {
    if (!merges()) {
      throw new IllegalStateException(this + " is not a merge");
    }
    TableRow merged =
        TableRow.builder(stored.partitionKey(), stored.rowKey(), stored.properties().size() + row.properties().size())
            .putAll(stored.properties())
            .putAll(row.properties())
            .build();
    try {
      BatchRules.checkOperation(table, upsertReplace(merged));
    } catch (InvalidEntityException tooLarge) {
      throw new InvalidEntityException(
          "table '" + table + "': cannot " + this + ": merged into the stored entity it would leave a row the store"
              + " does not allow: " + tooLarge.getMessage(),
          tooLarge);
    }
    return merged;
  }

  @Override
  public String toString() {
    return kind + " " + row.describeKeys() + (conditional() ? " If-Match " + ifMatch : "");
  }
}
