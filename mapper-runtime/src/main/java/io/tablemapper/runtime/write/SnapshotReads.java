package io.tablemapper.runtime.write;

import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.runtime.write.Snapshot.Holder;
import io.tablemapper.spi.TableRow;
import java.util.concurrent.CompletableFuture;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.store.WriteChannel;

/**
 * What one attempt of a write reads before it is planned ({@link Snapshot}): the stored entity (or the row the
 * application read it as, where copies share their entity's ETag), and the rows under the stored entity's index
 * values whose ETags the copies' operations are conditioned on. Learns, from the store's answers, whether the rows
 * of a batch share one ETag ({@link #copiesHaveOwnEtags}).
 */
final class SnapshotReads {
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final Discriminator discriminator;
  private final MappingContext context;
  /**
   * Whether every copy written or found so far had its entity's ETag, so that an in-step copy is expected to have
   * its entity's ETag; false for good once one had not (a batch gave it another, or one was found with another).
   */
  private volatile boolean copiesShareEntityEtag = true;

  SnapshotReads(Discriminator discriminator, MappingContext context) {
    this.discriminator = discriminator;
    this.context = context;
  }

  /** Whether the rows of one batch share one ETag, as far as this mapper has seen. */
  boolean copiesShareEntityEtag() {
    return copiesShareEntityEtag;
  }

  /** Notes that the store gives each row of a batch its own ETag: copies are read for their ETags from now on. */
  void copiesHaveOwnEtags() {
    copiesShareEntityEtag = false;
  }

  /**
   * Reads what the write's next attempt needs and does not know: the stored entity, and the rows under its index
   * values when their ETags are needed — to condition the copies' operations on (unless copies share their
   * entity's ETag and the write is no index build's rewrite), or to find out whether the application's ETag is a copy's (the full copies then, which reads
   * hand out). Fails with {@link io.tablemapper.api.InvalidKeyException} if a stored index value is no valid key.
   */
  CompletableFuture<Void> read(WriteChannel channel, String table, WriteProgress write) {
    WriteIntent<?> intent = write.intent;
    if (!intent.needsRead()) {
      return DONE;
    }
    Snapshot known = write.snapshot;
    CompletableFuture<Snapshot> read;
    if (known.storedKnown()) {
      read = CompletableFuture.completedFuture(known);
    } else {
      TableRow guess = write.guess;
      write.guess = null; // a guess serves the first read only
      read = guess != null && copiesShareEntityEtag
          ? CompletableFuture.completedFuture(known.withStored(guess, true))
          : channel.entity(intent.mapping(), table, intent.partitionKey(), intent.rowKey())
              .thenApply(row -> known.withStored(row, false));
    }
    return read.thenCompose(snapshot -> {
      TableRow stored = snapshot.stored();
      if (stored != null && intent.mapping().typeName().equals(discriminator.typeFor(stored, intent.mapping()))) {
        // an index build's rewrite reads its copies rather than guess them there: it rewrites entities that lack
        // them, and a guess that fails is learned one operation of its batch at a time
        if (!copiesShareEntityEtag || intent.rebuilds()) {
          return readHolders(channel, table, intent, snapshot, false);
        } else if (WritePlanner.etagUnresolved(intent, snapshot)) {
          return readHolders(channel, table, intent, snapshot, true);
        }
      }
      return CompletableFuture.completedFuture(snapshot);
    }).thenAccept(snapshot -> write.snapshot = snapshot);
  }
  /**
   * The snapshot with the rows under the stored entity's index values that it does not know yet (only the full
   * copies' with {@code fullOnly}), read one after another.
   */
  CompletableFuture<Snapshot> readHolders(WriteChannel channel, String table, WriteIntent<?> intent,
      Snapshot snapshot, boolean fullOnly) {
    String[] copyKeys = intent.copyKeysOf(snapshot.stored(), context);
    return readHolders(channel, table, intent, snapshot, fullOnly, copyKeys, 0);
  }

  private CompletableFuture<Snapshot> readHolders(WriteChannel channel, String table, WriteIntent<?> intent,
      Snapshot snapshot, boolean fullOnly, String[] copyKeys, int next) {
    for (int i = next; i < copyKeys.length; i++) {
      IndexMapping<?> index = intent.mapping().indexes().get(i);
      String copyKey = copyKeys[i];
      if (copyKey != null && (!fullOnly || index.fullCopy()) && !snapshot.knows(copyKey)) {
        int following = i + 1;
        return channel.get(table, intent.partitionKey(), copyKey).thenCompose(row -> readHolders(channel, table,
            intent, snapshot.withHolder(copyKey, holder(intent, index, row)), fullOnly, copyKeys, following));
      }
    }
    return CompletableFuture.completedFuture(snapshot);
  }
  /** What {@code row} (null for none), found under one of the entity's values of {@code index}, is to the write. */
  Holder holder(WriteIntent<?> intent, IndexMapping<?> index, TableRow row) {
    return new Holder(row, row != null && IndexCopies.isCopyOf(discriminator, row, index, intent.rowKey()));
  }
}
