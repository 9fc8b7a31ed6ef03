package io.tablemapper.runtime.store;

import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.support.Log;

/**
 * The mapper's one place for the existence of tables, under its {@link TableCreation} policy. Writes that insert or
 * upsert call {@link #ensure} (on the async path {@link #ensureAsync}, the same steps) before they start: under
 * {@link TableCreation#CREATE_ON_WRITE} it creates each table once, and again after it was found dropped
 * ({@link #forget}); under the other policies it creates nothing, and a write that finds its table missing is
 * refused by {@link #missing}. Reads never create a table: {@link #read} turns a missing table into the read's empty
 * result.
 */
public final class Tables {
  private static final Log LOG = new Log(Tables.class);
  /** What a query of a missing table finds. */
  public static final QueryResult NO_ROWS = new QueryResult(List.of(), null);
  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final TableBackend backend;
  private final TableCreation policy;
  private final Set<String> ready = ConcurrentHashMap.newKeySet();

  public Tables(TableBackend backend, TableCreation policy) {
    this.backend = backend;
    this.policy = policy;
  }

  /** Whether writes create their tables (and so whether one found missing is created again and retried). */
  public boolean creates() {
    return policy == TableCreation.CREATE_ON_WRITE;
  }

  /** Whether {@link #ensure} has nothing to ask the backend for this table (and so would return at once). */
  boolean known(String table) {
    return !creates() || ready.contains(table);
  }

  /**
   * Before a write: makes sure the table exists when the policy creates tables; asks the backend only the first
   * time (or the first time after forget), whatever the spelling. Every insert and upsert passes here, so a name
   * seen before is found as given, without lower-casing it again. Does nothing under the other policies. Credentials
   * that may not create tables (a SAS of one table) are enough when the table exists. The steps of
   * {@link #ensureAsync}, made with the backend's blocking calls on the caller's thread.
   *
   * @throws AccessDeniedException if the credentials may not create the table and it does not exist
   */
  public void ensure(String table) {
    Futures.join(ensure(table, blocking));
  }

  /**
   * {@link #ensure} on the async path: the same rules and answers, each request made with the backend's async call
   * ({@code createTableIfNotExistsAsync}, {@code tableExistsAsync}) through {@code sender}, so that no thread is held
   * while one is under way where the backend has a non-blocking client. Completes at once, sending nothing, where
   * {@link #ensure} would ask the backend nothing.
   *
   * @param sender sends each request, handing it the executor for the blocking work the backend may run
   *     ({@code WriteChannel.Async}: within the write's operation, and not once the caller cancelled)
   * @return a future failed with what {@link #ensure} throws
   */
  CompletableFuture<Void> ensureAsync(String table, Sender sender) {
    return ensure(table, new Requests() {
      @Override
      public CompletableFuture<Boolean> create(String name) {
        return sender.send(executor -> backend.createTableIfNotExistsAsync(name, executor));
      }

      @Override
      public CompletableFuture<Boolean> exists(String name) {
        return sender.send(executor -> backend.tableExistsAsync(name, executor));
      }
    });
  }

  /** How {@link #ensureAsync} sends a request of the backend's async path, handing it an executor. */
  interface Sender {
    <R> CompletableFuture<R> send(Function<Executor, CompletableFuture<R>> request);
  }

  /** The requests {@link #ensure} makes, on one path: the table's creation, the check that it exists. */
  private interface Requests {
    CompletableFuture<Boolean> create(String table);

    CompletableFuture<Boolean> exists(String table);
  }

  /** The blocking path's requests: each made at once, on the caller's thread. */
  private final Requests blocking = new Requests() {
    @Override
    public CompletableFuture<Boolean> create(String table) {
      return Futures.start(() -> CompletableFuture.completedFuture(backend.createTableIfNotExists(table)));
    }

    @Override
    public CompletableFuture<Boolean> exists(String table) {
      return Futures.start(() -> CompletableFuture.completedFuture(backend.tableExists(table)));
    }
  };

  /** The rules of {@link #ensure}, written once for both paths. */
  private CompletableFuture<Void> ensure(String table, Requests requests) {
    if (known(table)) {
      return DONE;
    }
    String key = table.toLowerCase(Locale.ROOT);
    if (ready.contains(key)) {
      ready.add(table);
      return DONE;
    }
    return Futures.compose(create(table, requests), created -> {
      ready.add(key);
      ready.add(table);
      return DONE;
    });
  }

  /** Creates the table; credentials that may not create tables (a table SAS) are enough if it exists. */
  private CompletableFuture<Void> create(String table, Requests requests) {
    return requests.create(table).handle((created, thrown) -> {
      if (thrown == null) {
        if (created) {
          LOG.debug("table {} created in {}", table, backend.name());
        }
        return DONE;
      }
      Throwable failure = Futures.unwrap(thrown);
      if (!(failure instanceof AccessDeniedException)) {
        return CompletableFuture.<Void>failedFuture(failure);
      }
      return requests.exists(table)
          .thenCompose(exists -> exists ? DONE : CompletableFuture.<Void>failedFuture(failure));
    }).thenCompose(Function.identity());
  }

  /**
   * A read that finds its table missing (never created, or dropped since) returns {@code empty} instead, and the
   * table stays missing.
   */
  public <R> R read(String table, Supplier<R> read, R empty) {
    try {
      return read.get();
    } catch (TableNotFoundException missing) {
      forget(table);
      return empty;
    }
  }

  /**
   * {@link #read} of a point read, without a lambda per read: the row, or empty where the table does not exist.
   */
  public Optional<TableRow> get(TableBackend backend, String table, String partitionKey, String rowKey) {
    try {
      return backend.get(table, partitionKey, rowKey);
    } catch (TableNotFoundException missing) {
      forget(table);
      return Optional.empty();
    }
  }

  /**
   * {@link #read} on the async path: a read that fails with {@code TableNotFoundException} completes with {@code

   * empty}.
   */
  public <R> CompletableFuture<R> readAsync(String table, Supplier<CompletableFuture<R>> read, R empty) {
    return Futures.start(read).handle((result, failure) -> {
      if (failure == null) {
        return CompletableFuture.completedFuture(result);
      }
      Throwable cause = Futures.unwrap(failure);
      if (cause instanceof TableNotFoundException) {
        forget(table);
        return CompletableFuture.completedFuture(empty);
      }
      return CompletableFuture.<R>failedFuture(cause);
    }).thenCompose(Function.identity());
  }

  /** Forgets that the table exists, in every spelling (names are case-insensitive, as in the store). */
  public void forget(String table) {
    for (Iterator<String> names = ready.iterator(); names.hasNext(); ) { // no lambda spun at start-up's first miss
      if (names.next().equalsIgnoreCase(table)) {
        names.remove();
      }
    }
  }

  /**
   * The exception of a write to a missing table that this mapper may not create: the write, the table, the policy,
   * and what to do.
   *
   * @param subject the write, as messages name it: {@code insert of Employee (...) in table Company}
   */
  public TableNotFoundException missing(String table, String subject, TableNotFoundException cause) {
    return new TableNotFoundException(
        subject + " was refused: table '" + table + "' does not exist, and this mapper does not create tables"
            + " (builder().tableCreation(" + policy + ")); nothing was written. Create the table where the"
            + " application is deployed, or build the mapper with tableCreation(TableCreation.CREATE_ON_WRITE)",
        cause);
  }

  /**
   * Under {@link TableCreation#VERIFY_AT_START}, checks that every table exists.
   *
   * @throws TableNotFoundException naming every missing table
   */
  public void verify(Iterable<String> tables) {
    if (policy != TableCreation.VERIFY_AT_START) {
      return;
    }
    List<String> missing = new ArrayList<>();
    Set<String> checked = new HashSet<>();
    for (String table : tables) {
      if (checked.add(table.toLowerCase(Locale.ROOT)) && !backend.tableExists(table)) {
        missing.add(table);
      }
    }
    if (!missing.isEmpty()) {
      throw new TableNotFoundException(
          (missing.size() == 1 ? "table '" + missing.get(0) + "' does not" : "tables " + missing + " do not")
              + " exist in " + backend.name() + ", and this mapper does not create tables"
              + " (builder().tableCreation(VERIFY_AT_START)); create "
              + (missing.size() == 1 ? "it" : "them") + " before starting the application, or build the mapper"
              + " with tableCreation(TableCreation.CREATE_ON_WRITE)");
    }
  }
}
