package io.tablemapper.runtime.pending;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.rows.WriteKind;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.write.WriteFailures;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The writer's side of the protocol ahead of its transaction ({@link PendingWork} runs the rest), for one write that
 * leaves work: the registry entry under a fresh work id, with the stored entity read beside it; then the claims of
 * the entity's remote index values ({@link RemoteClaims}), with each old copy checked beside them
 * ({@link RemoteIndexes#checkAhead}). What it read goes into an {@link Ahead}, which the transaction is planned from
 * and the writer's own run of its record knows ({@link OwnRun}).
 */
final class WriteAhead {
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final Tables tables;
  private final MappingContext context;
  private final WorkRecords records;
  private final RemoteClaims remote;
  private final RemoteIndexes copies;
  /** The partitions of the registry over which the entries of this mapper's work spread. */
  private final int shards;

  WriteAhead(Tables tables, MappingContext context, WorkRecords records, RemoteClaims remote, RemoteIndexes copies,
      int shards) {
    this.tables = tables;
    this.context = context;
    this.records = records;
    this.remote = remote;
    this.copies = copies;
    this.shards = shards;
  }

  /**
   * What the writer reads ahead of its transaction, by write: the stored entity (which the transaction is then
   * planned from), the old copies checked ahead ({@link RemoteIndexes#checkAhead}), by work id, and its registry
   * entries' ETags.
   */
  static final class Ahead {
    final Map<WriteIntent<?>, Optional<TableRow>> stored = new IdentityHashMap<>();
    final Map<String, Map<PendingStep.Address, String>> checked = new ConcurrentHashMap<>();
    /** The ETag of each registry entry, as inserted, by work id. */
    final Map<String, String> entries = new ConcurrentHashMap<>();
  }

  /**
   * Registers the pending work of one write and claims its remote index values; completes with the write recording
   * it.
   */
  <T> CompletableFuture<WriteIntent<T>> record(WriteChannel channel, String table, WriteIntent<T> write,
      Mode mode, List<String> ids, List<RemoteClaims.Claim> claims, Ahead ahead) {
    String id = PendingRows.newWorkId(shards);
    List<PendingStep> onRetire = new ArrayList<>();
    List<PendingStep.Address> claimed = RemoteClaims.claimed(write);
    if (!claimed.isEmpty()) {
      for (PendingStep step : write.reconciliations(null, context)) {
        onRetire.add(PendingStep.reconcile(step.entityClass(), step.table(), step.row(), step.index(), claimed,
            List.of())); // its write was never recorded: a clean-up writes no copy
      }
    }
    // the stored entity is read beside the registry entry (the claims need the entry first, not the read)
    CompletableFuture<Optional<TableRow>> stored = readsAhead(write)
        ? tables.readAsync(table, () -> channel.entity(write.mapping(), table, write.partitionKey(), write.rowKey()),
            (TableRow) null).thenApply(Optional::ofNullable)
        : CompletableFuture.completedFuture(null);
    CompletableFuture<Void> registered = records.register(channel, id, table, write.partitionKey(), onRetire)
        .thenAccept(etag -> {
          ids.add(id);
          if (etag != null) {
            ahead.entries.put(id, etag);
          }
        });
    return Futures.compose(CompletableFuture.allOf(stored, registered), both -> {
      Optional<TableRow> read = stored.join();
      WriteIntent<T> recording = write.withPendingId(id);
      if (read != null) {
        ahead.stored.put(recording, read);
      }
      Map<PendingStep.Address, String> checked = new ConcurrentHashMap<>();
      ahead.checked.put(id, checked);
      // the old copies are checked beside the claims: both are before the transaction, neither needs the other
      CompletableFuture<Void> claiming = remote.claim(channel, write, id, claims, read);
      CompletableFuture<Void> checking = read == null ? DONE : checkAhead(channel, write, read.orElse(null), checked);
      return CompletableFuture.allOf(claiming, checking).handle((done, thrown) -> {
        if (thrown == null) {
          return recording;
        }
        Throwable failure = Futures.unwrap(claiming.isCompletedExceptionally() ? Futures.failure(claiming) : thrown);
        if (failure instanceof EntityExistsException refused) {
          throw WriteFailures.rejected(mode, write, table, refused);
        }
        throw failure instanceof RuntimeException runtime ? runtime : new CompletionException(failure);
      });
    });
  }

  /**
   * Whether a write reads its stored entity ahead of its claims rather than in its transaction's first attempt: one
   * that reads it, of its own row (not one the application read, nor a wide entity's head and parts).
   */
  private static boolean readsAhead(WriteIntent<?> write) {
    return write.kind() != WriteKind.INSERT && write.needsReadAhead();
  }

  /**
   * Checks ahead of the transaction each copy the stored entity has that the written one will not have
   * ({@link RemoteIndexes#checkAhead}), putting the ETag of each that passes into {@code checked}. Not for a merge:
   * what its entity holds once written is the stored row with the merged properties over it, so a value its row
   * leaves out is one the entity keeps.
   */
  private <T> CompletableFuture<Void> checkAhead(WriteChannel channel, WriteIntent<T> write, TableRow stored,
      Map<PendingStep.Address, String> checked) {
    if (stored == null || write.kind().merges()) {
      return DONE;
    }
    PendingStep.Address entity = new PendingStep.Address(write.mapping().table(), write.partitionKey(),
        write.rowKey());
    List<CompletableFuture<Void>> checks = new ArrayList<>();
    for (IndexMapping<T> index : write.mapping().remoteIndexes()) {
      if (index.keyList()) {
        continue;
      }
      PendingStep.Address before = copies.implied(write.mapping(), index, stored);
      PendingStep.Address after = write.kind() == WriteKind.DELETE ? null
          : IndexCopies.remoteAddress(index, write.entity());
      if (before != null && !before.equals(after)) {
        checks.add(copies.checkAhead(channel, index, before, entity).thenAccept(etag -> {
          if (etag != null) {
            checked.put(before, etag);
          }
        }));
      }
    }
    return CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new));
  }
}
