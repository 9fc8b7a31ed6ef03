package io.tablemapper.runtime.query;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;

/**
 * How a run through a partial, keys-only or remote index copy reads the entities its copies stand for: each copy's
 * entity read by the keys the copy names (in parallel on the read pool, or with the store's async requests), and kept
 * only while it still belongs at that copy — of the entity's type, matching the filter, and either written with the
 * copy (the same ETag, in the entity's partition) or with index keys that are still the copy's.
 *
 * @param <T> the entity class
 */
final class CopyFollowing<T> {
  private final RunRequests run;
  private final ReadSide reading;
  private final EntityMapping<T> mapping;
  private final IndexMapping<T> index;
  /** The query's filter, which each entity must match; null for none. */
  private final Filter filter;

  CopyFollowing(RunRequests run, ReadSide reading, EntityMapping<T> mapping, IndexMapping<T> index, Filter filter) {
    this.run = run;
    this.reading = reading;
    this.mapping = mapping;
    this.index = index;
    this.filter = filter;
  }

  /**
   * {@link #followAll} on the async path: every copy's entity read at once, then each verified in the copies' order.
   */
  CompletableFuture<List<TableRow>> followAllAsync(List<TableRow> copies, Executor executor) {
    List<CompletableFuture<Optional<TableRow>>> fetches = new ArrayList<>(copies.size());
    for (TableRow copy : copies) {
      PrimaryKeys keys = primaryKeys(copy);
      fetches.add(keys == null
          ? CompletableFuture.completedFuture(Optional.empty())
          : run.getAsync(mapping.table(), keys.partitionKey(), keys.rowKey(), executor));
    }
    return CompletableFuture.allOf(fetches.toArray(CompletableFuture[]::new)).thenApply(all -> {
      List<TableRow> entities = new ArrayList<>(copies.size());
      for (int i = 0; i < copies.size(); i++) {
        TableRow entity = verified(copies.get(i), primaryKeys(copies.get(i)), fetches.get(i).join());
        if (entity != null) {
          entities.add(entity);
        }
      }
      return entities;
    });
  }
  /**
   * The entities of a page of copies, in the copies' order, each as {@link #follow} decides it (null entries
   * dropped): fetched in parallel on the read pool when there are several. The caller runs every fetch the pool has
   * not started yet itself, so it never waits on a pool whose threads all wait in turn (a union's reads).
   */
  List<TableRow> followAll(List<TableRow> copies) {
    Executor pool = copies.size() > 1 ? reading.pool().executor() : null;
    List<TableRow> entities = new ArrayList<>(copies.size());
    if (pool == null) {
      for (TableRow copy : copies) {
        TableRow entity = follow(copy);
        if (entity != null) {
          entities.add(entity);
        }
      }
      return entities;
    }
    List<FutureTask<Optional<TableRow>>> fetches = new ArrayList<>(copies.size());
    Operation operation = Operation.current(); // the fetches' requests count into it, from the pool's threads
    for (TableRow copy : copies) {
      PrimaryKeys keys = primaryKeys(copy);
      FutureTask<Optional<TableRow>> fetch = new FutureTask<>(() -> Operation.within(operation,
          () -> keys == null ? Optional.empty() : run.get(mapping.table(), keys.partitionKey(), keys.rowKey())));
      fetches.add(fetch);
      pool.execute(fetch);
    }
    for (int i = 0; i < copies.size(); i++) {
      FutureTask<Optional<TableRow>> fetch = fetches.get(i);
      fetch.run(); // does nothing when the pool has started it
      TableRow entity = verified(copies.get(i), primaryKeys(copies.get(i)), joined(fetch));
      if (entity != null) {
        entities.add(entity);
      }
    }
    return entities;
  }

  private static Optional<TableRow> joined(FutureTask<Optional<TableRow>> fetch) {
    try {
      return fetch.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TableMapperException("interrupted while reading the entities of index copies", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      if (e.getCause() instanceof Error) {
        throw (Error) e.getCause();
      }
      throw new TableMapperException("reading the entity of an index copy failed", e.getCause());
    }
  }
  /** Where a copy's entity is: its PartitionKey (the copy's own in the entity's partition) and RowKey. */
  private record PrimaryKeys(String partitionKey, String rowKey) {}

  /** The keys of a copy's entity, or null when the copy lacks them. */
  private PrimaryKeys primaryKeys(TableRow copy) {
    String rowKey = IndexCopies.primaryRowKey(copy);
    String partitionKey = index.remote() ? IndexCopies.primaryPartitionKey(copy) : copy.partitionKey();
    return rowKey == null || partitionKey == null ? null : new PrimaryKeys(partitionKey, rowKey);
  }
  /**
   * The entity a partial copy points to, if it still exists, still belongs at this copy and matches the filter.
   * The entity may have been written between the copy's read and its own: an entity with the copy's ETag is the
   * one the copy was written with (where the rows of a batch share an ETag, and no ETag is given twice otherwise);
   * otherwise it belongs here only if its index value still yields the copy's RowKey.
   */
  TableRow follow(TableRow copy) {
    PrimaryKeys keys = primaryKeys(copy);
    return verified(copy, keys, keys == null ? Optional.empty() : run.get(mapping.table(), keys.partitionKey(),
        keys.rowKey()));
  }
  /**
   * The entity read for a copy, if it still belongs there: counts the read, then checks its type, the filter and
   * that its index keys are still the copy's. In the entity's partition a copy with the entity's ETag was written
   * with it (the rows of a batch share an ETag); a remote copy is written apart, so there the keys decide alone.
   */
  private TableRow verified(TableRow copy, PrimaryKeys keys, Optional<TableRow> primary) {
    if (keys == null) {
      return null;
    }
    run.countRequest();
    if (primary.isEmpty()) {
      return null;
    }
    run.countRowRead();
    TableRow row = primary.get();
    if (!mapping.typeName().equals(reading.discriminator().typeOf(row)) || filter != null && !filter.test(row)) {
      return null;
    }
    boolean sameWrite = !index.remote() && row.etag() != null && row.etag().equals(copy.etag());
    return sameWrite || stillAt(copy, row) ? row : null;
  }
  /**
   * Whether the entity stored in {@code row} has its copy for this run's index at {@code copy}'s keys (its RowKey;
   * for a remote index, its PartitionKey too).
   */
  private boolean stillAt(TableRow copy, TableRow row) {
    T entity;
    try {
      entity = mapping.fromRow(mapping.withoutEncrypted(row), reading.context()); // index keys are never encrypted
    } catch (InvalidEntityException | InvalidKeyException malformed) {
      return true; // read on as the entity, where the mapper's MalformedRowPolicy decides (RowDecoder.read)
    }
    try {
      return copy.rowKey().equals(index.rowKey(entity))
          && (!index.remote() || copy.partitionKey().equals(index.partitionKey(entity)));
    } catch (InvalidKeyException noValidValue) {
      return false; // an index value that is no valid key has no copy anywhere
    }
  }
}
