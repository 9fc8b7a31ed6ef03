package io.tablemapper.internal.mapping;

/**
 * What one write of an entity sends, by the entity's shape: one rule for the runtime (which reads the stored entity
 * first exactly when {@link #readsFirst} says so) and the processor (which writes {@link #describe} into the Javadoc
 * of each generated write method), so the two cannot disagree.
 */
public final class WriteCosts {
  /** The writes of a repository. */
  public enum Kind { INSERT, UPSERT, UPDATE, MERGE, UPSERT_MERGE, DELETE }

  /**
   * The shape of an entity, as far as its writes' costs go.
   *
   * @param localIndexes its indexes in its own partition (kept in its entity group transaction)
   * @param remoteIndexes its indexes in other partitions or tables (kept by pending work)
   * @param large whether it has {@code @Large} properties
   * @param version its {@code @Entity} version
   * @param wide whether it is {@code @Wide}
   */
  public record Shape(int localIndexes, int remoteIndexes, boolean large, int version, boolean wide) {
    boolean indexed() {
      return localIndexes + remoteIndexes > 0;
    }
  }

  private WriteCosts() {}

  /**
   * Whether a write reads the stored entity before it writes: its indexes' copies depend on it (where its remote
   * copies were is recorded for their reconciliation), the large values it references are deleted once replaced, or
   * it replaces or merges a row whose version must be known — a replace to refuse it if it is newer ({@code
   * guardsNewer}: {@code NewerVersionPolicy.REFUSE_REPLACE}, the default), a merge of a versioned class to keep a
   * newer row's version marker (a merge of a version 1 class writes none, and a merge is never refused over a newer
   * row, so it reads nothing for the guard: the data series pattern's one request). A wide entity's head names its
   * stored part rows, which a replace deletes when it needs fewer.
   */
  public static boolean readsFirst(Kind kind, Shape shape, boolean guardsNewer) {
    if (shape.wide() && kind != Kind.INSERT) {
      return true;
    }
    switch (kind) {
      case INSERT:
        return false;
      case DELETE:
        return shape.indexed() || shape.large();
      case MERGE:
      case UPSERT_MERGE:
        return shape.indexed() || shape.large() || shape.version() > 1;
      default:
        return shape.indexed() || shape.large() || guardsNewer;
    }
  }

  /**
   * What a write sends, in a sentence for its method's Javadoc, with the default {@code NewerVersionPolicy}: the
   * read first if any, the one request or transaction that writes, and the pending work of remote indexes.
   */
  public static String describe(Kind kind, Shape shape) {
    boolean reads = readsFirst(kind, shape, true);
    StringBuilder sent = new StringBuilder("Sends ");
    if (reads) {
      sent.append(shape.wide() ? "a read of the stored rows, then " : "a read of the stored entity, then ");
    }
    if (shape.localIndexes() == 0 && !shape.wide() && shape.remoteIndexes() == 0) {
      sent.append(reads ? "one write conditional on what was read" + (kind == Kind.DELETE ? ""
          : " (an insert where nothing was)") : switch (kind) {
            case INSERT -> "one Insert Entity request";
            case UPSERT -> "one Insert Or Replace Entity request";
            case UPDATE -> "one Update Entity request";
            case MERGE -> "one Merge Entity request";
            case UPSERT_MERGE -> "one Insert Or Merge Entity request";
            case DELETE -> "one Delete Entity request";
          });
    } else {
      sent.append("one entity group transaction of the entity").append(shape.wide() ? "'s rows" : "");
      if (shape.localIndexes() > 0) {
        sent.append(shape.localIndexes() == 1 ? " and its index copy" : " and its index copies")
            .append(" in its partition");
      }
      if (shape.remoteIndexes() > 0) {
        sent.append(" and the record of its pending work");
      }
    }
    if (shape.remoteIndexes() > 0) {
      int n = shape.remoteIndexes();
      sent.append("; around it the pending work of its ").append(n == 1 ? "index" : n + " indexes")
          .append(" in other partitions: a registry entry")
          .append(kind == Kind.DELETE ? "" : n == 1 ? " and a claim" : " and " + n + " claims")
          .append(" before it, each index reconciled and the record and entry deleted after it");
    }
    if (shape.large()) {
      sent.append(", and its @Large values as blobs");
    }
    return sent.append('.').toString();
  }
}
