package io.tablemapper.spi;

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

  @Override
  public String toString() {
    return kind + " " + row.describeKeys() + (conditional() ? " If-Match " + ifMatch : "");
  }
}
