package io.tablemapper.runtime.pending;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.IndexFullException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;

/**
 * The changes remote indexes make to key lists ({@link IndexLists} holds their rows' format): an entity listed
 * under a value, or unlisted from it, by read-modify-writes of the list's rows, each request sent through a
 * {@link WriteChannel} (the blocking or the async path: one rule for both), retried while other writers win.
 */
public final class RemoteLists {
  /** How many times one change is read and written again after losing a race to another writer. */
  private static final int ATTEMPTS = 100;

  private final Tables tables;
  private final Discriminator discriminator;

  RemoteLists(Tables tables, Discriminator discriminator) {
    this.tables = tables;
    this.discriminator = discriminator;
  }

  /**
   * Lists an entity under a value: adds its entry to the list at {@code address} (creating the list's head, or a
   * part, when needed) unless it is there, each request sent through {@code channel} (the blocking or the async path:
   * one rule for both).
   *
   * @return a future of null when the entity is listed, or of the exception that makes the change fail for good: the
   * list has all its {@link IndexLists#MAX_PARTS} parts full, or another type's row sits under the list's keys; failed
   * with a {@link TableMapperException} when other writers won every race for the list (the work stays recorded)
   */
  CompletableFuture<TableMapperException> add(WriteChannel channel, IndexMapping<?> index, Address address,
      String entry, RecordHold.StepWrites hold) {
    return Futures.compose(channel.ensure(address.table()),
        ready -> change(channel, index, address, List.of(), List.of(entry), hold, 1));
  }

  /**
   * Unlists an entity from a value: removes its entry from the list at {@code address} if it is there, deleting a
   * part that empties, and the list when it empties, each request sent through {@code channel}.
   *
   * @return a future failed with a {@link TableMapperException} when other writers won every race for the list (the
   *     work stays recorded)
   */
  CompletableFuture<Void> remove(WriteChannel channel, IndexMapping<?> index, Address address, String entry,
      RecordHold.StepWrites hold) {
    return change(channel, index, address, List.of(entry), List.of(), hold, 1).thenApply(failure -> null);
  }

  /**
   * Changes one list by read-modify-writes until one is applied (this is the {@code attempt}th), each write sent
   * only while {@code hold} holds the record of the step that computed the change ({@link RecordHold#mayWrite});
   * completes with what fails the change for good.
   */
  private CompletableFuture<TableMapperException> change(WriteChannel channel, IndexMapping<?> index,
      Address address, List<String> leaving, List<String> joining, RecordHold.StepWrites hold, int attempt) {
    if (attempt > ATTEMPTS) {
      return CompletableFuture.failedFuture(contended(index, address));
    }
    CompletableFuture<IndexLists.Stored> read = IndexLists.load(address,
        at -> tables.readAsync(at.table(), () -> channel.get(at.table(), at.partitionKey(), at.rowKey()), null),
        query -> tables.readAsync(query.table(), () -> channel.rows(query), List.<TableRow>of()));
    return Futures.compose(read, list -> {
      if (list.head() != null && !IndexLists.isHead(discriminator, index, list.head())) {
        return CompletableFuture.completedFuture(joining.isEmpty() ? null : foreign(index, address, list.head()));
      }
      List<WriteOperation> change;
      try {
        change = IndexLists.change(discriminator, index, list, leaving, joining);
      } catch (IndexFullException full) {
        return CompletableFuture.completedFuture(full);
      }
      if (change.isEmpty()) {
        return CompletableFuture.completedFuture(null);
      }
      CompletableFuture<Boolean> written = hold.send(channel, () -> write(channel, address, change));
      return Futures.compose(written, applied -> applied
          ? CompletableFuture.<TableMapperException>completedFuture(null)
          : Futures.compose(channel.pause(attempt),
              paused -> change(channel, index, address, leaving, joining, hold, attempt + 1)));
    });
  }

  /**
   * Writes one change of a list through {@code channel}: a lone operation, or a transaction of the list's partition.
   *
   * @return a future of false when another writer changed a row meanwhile (read again and retry)
   */
  private static CompletableFuture<Boolean> write(WriteChannel channel, Address address,
      List<WriteOperation> change) {
    CompletableFuture<?> sent = change.size() == 1
        ? channel.write(address.table(), change.get(0))
        : channel.batch(address.table(), change);
    return sent.handle((done, thrown) -> {
      if (thrown == null) {
        return true;
      }
      Throwable failure = Futures.unwrap(thrown);
      if (failure instanceof EntityExistsException || failure instanceof EntityNotFoundException
          || failure instanceof ConcurrencyConflictException) {
        return false;
      }
      if (failure instanceof BatchException refused) {
        Throwable cause = refused.getCause();
        if (refused.reason() == BatchException.Reason.REJECTED && (cause instanceof EntityExistsException
            || cause instanceof EntityNotFoundException || cause instanceof ConcurrencyConflictException)) {
          return false;
        }
      }
      throw failure instanceof RuntimeException runtime ? runtime : new CompletionException(failure);
    });
  }

  private static TableMapperException contended(IndexMapping<?> index, Address address) {
    return new TableMapperException("the list of index '" + index.name() + "' for its value "
        + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys() + " in table " + address.table()
        + " changed under each of " + ATTEMPTS + " attempts to update it; the work stays recorded and is done again");
  }

  private TableMapperException foreign(IndexMapping<?> index, Address address, TableRow there) {
    return IndexLists.foreign(discriminator, index, address, there);
  }
}
