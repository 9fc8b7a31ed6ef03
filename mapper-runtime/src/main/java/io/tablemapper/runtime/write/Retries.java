package io.tablemapper.runtime.write;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.write.PlannedOp.Role;
import io.tablemapper.runtime.write.Snapshot.Holder;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.runtime.write.WriteFailures.Race;
import io.tablemapper.spi.TableRow;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What a refused attempt of a write's transaction teaches the next one ({@link EgtWriter}): from the operation the
 * store refused and why, what the failed write's snapshot must now hold (the row found under a stored value, the
 * entity read again, whether copies share their entity's ETag), and whether the write is tried again — for good
 * reasons only, each bounded.
 */
final class Retries {
  /** The outcomes of {@link #learn} that need no read, complete. */
  private static final Map<Retry, CompletableFuture<Retry>> RETRIES = new EnumMap<>(Retry.class);

  static {
    for (Retry retry : Retry.values()) {
      RETRIES.put(retry, CompletableFuture.completedFuture(retry));
    }
  }
  private final SnapshotReads reads;
  private final Discriminator discriminator;

  Retries(SnapshotReads reads, Discriminator discriminator) {
    this.reads = reads;
    this.discriminator = discriminator;
  }

  /** How a failed attempt goes on. */
  enum Retry {
    /** The failure is final. */
    NO,
    /**
     * Retried with what the failure settled for good: at most once per write, or per copy, for each read of the
     * entity, so it needs no bound of its own.
     */
    SETTLED,
    /** Retried after a race with another writer; bounded by {@value EgtWriter#MAX_ATTEMPTS} attempts. */
    RACE,
    /**
     * Retried after a list row in the partition changed since it was read (another writer of an entity with that
     * value): read again, after a short random pause; bounded by {@value EgtWriter#LIST_ATTEMPTS} attempts.
     */
    LIST
  }
  /** Records in the failed write's snapshot what the next attempt does differently, and whether there is one. */
  CompletableFuture<Retry> learn(WriteChannel channel, String table, PlannedOp failed, WriteProgress owner,
      RuntimeException cause, Mode mode) {
    WriteIntent<?> intent = owner.intent;
    switch (failed.role()) {
      case OLD_COPY:
      case SAME_COPY:
        if (!(cause instanceof EntityNotFoundException || cause instanceof ConcurrencyConflictException)) {
          return retry(Retry.NO);
        }
        // the row under the stored value is not the one the condition expected: what is there?
        boolean guessed = !owner.snapshot.knows(failed.rowKey());
        CompletableFuture<TableRow> found = cause instanceof EntityNotFoundException
            ? CompletableFuture.completedFuture(null)
            : channel.get(table, intent.partitionKey(), failed.rowKey());
        return found.thenCompose(row -> {
          Holder holder = reads.holder(intent, failed.index(), row);
          owner.snapshot = owner.snapshot.withHolder(failed.rowKey(), holder);
          if (failed.role() == Role.SAME_COPY && row != null && !holder.ours()) {
            throw WriteFailures.rejected(mode, intent, table, WriteFailures.indexTaken(intent, failed.index(),
                failed.rowKey(), table, WriteFailures.holder(row, discriminator), cause));
          }
          if (guessed) {
            if (holder.ours()) {
              // the entity's own copy, without the entity's ETag: the store versions a batch's rows one by one (or
              // the copy was rewritten on its own); read copies from now on rather than guess
              reads.copiesHaveOwnEtags();
            }
            return reads.readHolders(channel, table, intent, owner.snapshot, false).thenApply(snapshot -> {
              owner.snapshot = snapshot;
              return Retry.SETTLED;
            });
          }
          // read before this attempt, and changed since by another writer
          owner.races.add(Race.CHANGED);
          return retry(Retry.RACE);
        });
      case LIST:
        // every list row is read again by the next attempt; only a race for it is retried
        return retry(cause instanceof EntityExistsException || cause instanceof EntityNotFoundException
            || cause instanceof ConcurrencyConflictException ? Retry.LIST : Retry.NO);
      case PRIMARY:
        if (cause instanceof EntityNotFoundException && intent.dropsWhenMissing()) {
          // deleted by someone else, its copies with it (atomically): nothing is left to do for it
          owner.snapshot = owner.snapshot.withStored(null, false);
          return retry(Retry.SETTLED);
        }
        if (cause instanceof ConcurrencyConflictException && owner.snapshot.guessed()) {
          // the full copy it was read through has not the entity's ETag: read the entity itself
          owner.forget();
          return retry(Retry.SETTLED);
        }
        if (racedWith(intent, cause)) {
          // only this entity's read is stale; the others' still hold (and are checked by their own ETags)
          owner.races.add(Race.of(cause));
          owner.forget();
          return retry(Retry.RACE);
        }
        return retry(Retry.NO);
      default:
        return retry(Retry.NO);
    }
  }
  private static CompletableFuture<Retry> retry(Retry retry) {
    return RETRIES.get(retry);
  }
  /**
   * Whether a failure of the entity's own operation is a race with another writer that a fresh read resolves: the
   * entity changed, vanished or appeared between the write's read and its transaction, and the application did
   * not ask for a specific ETag.
   */
  private static boolean racedWith(WriteIntent<?> intent, RuntimeException failure) {
    if (!intent.needsRead()) {
      return false;
    }
    if (failure instanceof ConcurrencyConflictException) {
      return intent.kind().upserts() || intent.userEtag() == null;
    }
    if (failure instanceof EntityNotFoundException) {
      return !intent.dropsWhenMissing(); // such a write is dropped instead
    }
    return failure instanceof EntityExistsException && intent.kind().upserts();
  }
}
