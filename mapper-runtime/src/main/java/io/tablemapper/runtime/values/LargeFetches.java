package io.tablemapper.runtime.values;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.LargeValueNotFoundException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * The fetch of a read row's {@code @Large} values ({@link LargeValues#fetch}, {@link LargeValues#complete}): the
 * values its references name, read from the backend's {@link OutOfRowValues} and put in place of the references; a
 * value found missing makes the row be read again (a write may have replaced it, and deleted the value, since it was
 * read), at most {@link #READ_ATTEMPTS} times. One composition of steps over either way of reading ({@link Reads}):
 * the blocking calls (the values of one row in parallel on the read pool) or the store's async ones (every value of
 * a row at once, within the read's operation).
 */
final class LargeFetches {
  /** How often a read that finds a value gone reads its row again (the row was replaced meanwhile). */
  private static final int READ_ATTEMPTS = 3;

  private final TableBackend backend;
  private final Supplier<Executor> pool;
  /** The tables values were read of, which the background sweeps ({@link LargeValues#sweepKnown}). */
  private final Set<String> tables;

  /**
   * @param pool the mapper's read pool (null when reads run one after another)
   * @param tables where each table read is noted
   */
  LargeFetches(TableBackend backend, Supplier<Executor> pool, Set<String> tables) {
    this.backend = backend;
    this.pool = pool;
    this.tables = tables;
  }

  /** The backend's space for values; refused with a clear message where the backend has none. */
  static OutOfRowValues store(TableBackend backend, EntityMapping<?> mapping) {
    Optional<OutOfRowValues> store = backend.outOfRowValues();
    if (store.isEmpty()) {
      throw new InvalidEntityException(mapping.entityClass().getSimpleName() + " has @Large properties "
          + mapping.largeProperties() + " but the backend " + backend.name() + " has no space for values stored"
          + " out of rows (TableBackend.outOfRowValues() is empty); use a backend that has one (memory, H2, Azure)"
          + " or remove @Large");
    }
    return store.get();
  }

  /** The row with its values in place, with blocking reads (see {@link LargeValues#fetch}). */
  TableRow fetch(EntityMapping<?> mapping, TableRow row) {
    return Futures.join(fetch(mapping, row, blockingReads, 1));
  }

  /** The row with its values in place, with the store's async reads (see {@link LargeValues#complete}). */
  CompletableFuture<TableRow> fetchAsync(EntityMapping<?> member, TableRow row, Executor executor) {
    Reads reads = new AsyncReads(executor, Operation.current());
    return Futures.start(() -> fetch(member, row, reads, 1));
  }

  /** How a fetch reads: the values of some names, and a row again (null when it is gone). */
  private interface Reads {
    CompletableFuture<List<Optional<byte[]>>> values(OutOfRowValues store, String table, TableRow row,
        List<String> properties);

    CompletableFuture<TableRow> again(String table, TableRow row);
  }

  /** The blocking reads: the values of one row in parallel on the read pool, all complete when returned. */
  private final Reads blockingReads = new Reads() {
    @Override
    public CompletableFuture<List<Optional<byte[]>>> values(OutOfRowValues store, String table, TableRow row,
        List<String> properties) {
      return CompletableFuture.completedFuture(fetchAll(store, table, row, properties));
    }

    @Override
    public CompletableFuture<TableRow> again(String table, TableRow row) {
      try {
        return CompletableFuture.completedFuture(
            backend.get(table, row.partitionKey(), row.rowKey()).orElse(null));
      } catch (TableNotFoundException gone) {
        return CompletableFuture.completedFuture(null);
      }
    }
  };

  /** The async reads: every value of a row at once, each request sent within the read's operation. */
  private final class AsyncReads implements Reads {
    private final Executor executor;
    private final Operation operation;

    AsyncReads(Executor executor, Operation operation) {
      this.executor = executor;
      this.operation = operation;
    }

    @Override
    public CompletableFuture<List<Optional<byte[]>>> values(OutOfRowValues store, String table, TableRow row,
        List<String> properties) {
      List<CompletableFuture<Optional<byte[]>>> gets = new ArrayList<>(properties.size());
      for (String property : properties) {
        String name = LargeReferences.referenced(row.get(property));
        gets.add(Futures.start(() -> store.getAsync(table, name, executor)));
      }
      return CompletableFuture.allOf(gets.toArray(CompletableFuture[]::new))
          .thenApply(all -> gets.stream().map(CompletableFuture::join).toList());
    }

    @Override
    public CompletableFuture<TableRow> again(String table, TableRow row) {
      return Futures.start(() -> Operation.within(operation,
              () -> backend.getAsync(table, row.partitionKey(), row.rowKey(), executor)))
          .handle((found, thrown) -> {
            if (thrown == null) {
              return found.orElse(null);
            }
            Throwable failure = Futures.unwrap(thrown);
            if (failure instanceof TableNotFoundException) {
              return null;
            }
            throw failure instanceof RuntimeException ? (RuntimeException) failure
                : new TableMapperException("cannot read " + row.describeKeys() + " of table " + table, failure);
          });
    }
  }

  /** {@link #fetch}'s steps over either way of reading: one attempt, and the next one a missing value calls for. */
  private CompletableFuture<TableRow> fetch(EntityMapping<?> mapping, TableRow current, Reads reads, int attempt) {
    List<String> properties = new ArrayList<>();
    for (String property : mapping.largeProperties()) {
      if (LargeReferences.referenced(current.get(property)) != null) {
        properties.add(property);
      }
    }
    if (properties.isEmpty()) {
      return CompletableFuture.completedFuture(current);
    }
    OutOfRowValues store = store(backend, mapping);
    tables.add(mapping.table());
    return Futures.compose(reads.values(store, mapping.table(), current, properties), values -> {
      int missing = -1;
      for (int i = 0; i < values.size() && missing < 0; i++) {
        if (values.get(i).isEmpty()) {
          missing = i;
        }
      }
      if (missing < 0) {
        TableRow.Builder whole = current.toBuilder();
        for (int i = 0; i < properties.size(); i++) {
          String reference = (String) current.get(properties.get(i));
          byte[] bytes = values.get(i).get();
          if (reference.charAt(LargeReferences.PREFIX.length()) == 'S') {
            whole.putString(properties.get(i), new String(bytes, StandardCharsets.UTF_8));
          } else {
            whole.putBinary(properties.get(i), bytes);
          }
        }
        return CompletableFuture.completedFuture(whole.build());
      }
      String property = properties.get(missing);
      String reference = (String) current.get(property);
      CompletableFuture<TableRow> again = attempt < READ_ATTEMPTS ? reads.again(mapping.table(), current)
          : CompletableFuture.completedFuture(null);
      return Futures.compose(again, read -> {
        if (read == null || reference.equals(read.get(property))) {
          throw new LargeValueNotFoundException(mapping.entityClass().getSimpleName() + " "
              + current.describeKeys() + " in table " + mapping.table() + ": its @Large property '" + property
              + "' references the value '" + LargeReferences.referenced(reference) + "', which the backend "
              + backend.name()
              + " does not hold (deleted by hand, or by a sweep with a grace period shorter than a write took);"
              + " write the entity again to store a new value");
        }
        return fetch(mapping, read, reads, attempt + 1);
      });
    });
  }

  private List<Optional<byte[]>> fetchAll(OutOfRowValues store, String table, TableRow row,
      List<String> properties) {
    Executor executor = properties.size() > 1 ? pool.get() : null;
    Operation operation = Operation.current(); // the reads' requests count into it, from the pool's threads
    List<FutureTask<Optional<byte[]>>> tasks = new ArrayList<>(properties.size());
    for (String property : properties) {
      String name = LargeReferences.referenced(row.get(property));
      FutureTask<Optional<byte[]>> task = new FutureTask<>(
          () -> Operation.within(operation, () -> store.get(table, name)));
      tasks.add(task);
      if (executor != null) {
        executor.execute(task);
      }
    }
    List<Optional<byte[]>> values = new ArrayList<>(tasks.size());
    for (FutureTask<Optional<byte[]>> task : tasks) {
      task.run(); // does nothing once the pool started it; runs it here when the pool has not (never starves)
      try {
        values.add(task.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TableMapperException("interrupted while reading the large values of " + row.describeKeys(), e);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException) {
          throw (RuntimeException) cause;
        }
        throw new TableMapperException("cannot read the large values of " + row.describeKeys(), cause);
      }
    }
    return values;
  }
}
