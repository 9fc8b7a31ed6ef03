package io.tablemapper.backend.azure;

import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.TableAsyncClient;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableTransactionAction;
import io.tablemapper.spi.RequestTally;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableRow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * The requests of one write or batch on one table, or of the table's creation or existence check, on one path:
 * {@link Blocking} sends each with the SDK's {@link TableClient} on the caller's thread, its future complete when the
 * call returns; {@link Async} sends each with the SDK's {@link TableAsyncClient}, holding no thread while it is under
 * way. {@link Writes} composes them into the write and batch of either path, {@link TableCalls} into the table's
 * creation and existence check, so that every rule (merge guards, replays of ambiguous writes, the wait for a table
 * being deleted, exception mapping) is written once, for both.
 *
 * <p>The raw requests ({@link #create}, {@link #submit}, {@link #createTable}, {@link #probe}, ...) fail with what the
 * SDK threw, for {@link Writes} and {@link TableCalls} to map; {@link #get} and {@link #requireTable} fail with the
 * contract's exceptions already. A request's {@link Context} carries the pipeline policies' per-request state
 * ({@link Attempts.Counter}, {@link BatchPolicy.Capture}): passed as it is on the blocking path, as the Reactor
 * context on the async one (the SDK's async client turns that into the request's {@code Context}).
 */
abstract class Channel {
  final String table;
  /** The tally of the thread that opened the channel: where its requests' retries and throttles are reported. */
  final RequestTally.Sink tally = RequestTally.current();

  private Channel(String table) {
    this.table = table;
  }

  /** The stored row of these keys, if any; fails with the contract's exception. */
  abstract CompletableFuture<Optional<TableRow>> get(String partitionKey, String rowKey);

  /** The rules of the service the channel reaches ({@link AzureTablesBackend#profile()}). */
  abstract StoreProfile profile();

  /** Whether a merge reads the stored row first ({@link AzureTablesBackend#guardsMerges()}). */
  abstract boolean guardsMerges();

  /** Completes normally if the table exists, else with {@code TableNotFoundException}. */
  final CompletableFuture<Void> requireTable() {
    return TableCalls.exists(this).thenCompose(exists -> exists
        ? CompletableFuture.<Void>completedFuture(null)
        : CompletableFuture.failedFuture(AzureTablesBackend.missingTable(table)));
  }

  /** Creates the table: one request, which fails with what the SDK threw (409 when the table exists). */
  abstract CompletableFuture<Void> createTable();

  /** The cheapest read that needs the table ({@link AzureTablesBackend#existenceProbe}); fails as the SDK did. */
  abstract CompletableFuture<Void> probe();

  /**
   * Completes after {@code delay}, before a request is tried again; fails with {@link InterruptedException} if the
   * blocking path's wait is interrupted, with {@link CancellationException} if the async path is abandoned.
   */
  abstract CompletableFuture<Void> pause(Duration delay);

  abstract CompletableFuture<Response<Void>> create(TableEntity entity, Context context);

  abstract CompletableFuture<Response<Void>> update(
      TableEntity entity, TableEntityUpdateMode mode, boolean ifUnchanged, Context context);

  abstract CompletableFuture<Response<Void>> upsert(TableEntity entity, TableEntityUpdateMode mode, Context context);

  abstract CompletableFuture<Response<Void>> delete(TableEntity entity, boolean ifUnchanged, Context context);

  /** The row of these keys with only its system properties (for its Timestamp), or null. */
  abstract CompletableFuture<TableEntity> keysOf(String partitionKey, String rowKey);

  abstract CompletableFuture<Void> submit(List<TableTransactionAction> actions, Context context);

  /** Every entity the queries of {@code options} select, one query after another. */
  abstract CompletableFuture<List<TableEntity>> list(List<ListEntitiesOptions> options);

  /** The blocking path: each request made at once, on the caller's thread. */
  static final class Blocking extends Channel {
    private final TableClient client;
    private final AzureTablesBackend backend;

    @Override
    StoreProfile profile() {
      return backend.profile();
    }

    @Override
    boolean guardsMerges() {
      return backend.guardsMerges();
    }

    Blocking(String table, TableClient client, AzureTablesBackend backend) {
      super(table);
      this.client = client;
      this.backend = backend;
    }

    private static <T> CompletableFuture<T> now(Supplier<T> request) {
      try {
        return CompletableFuture.completedFuture(request.get());
      } catch (RuntimeException | Error e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    CompletableFuture<Optional<TableRow>> get(String partitionKey, String rowKey) {
      return now(() -> backend.get(table, partitionKey, rowKey));
    }

    @Override
    CompletableFuture<Void> createTable() {
      return now(() -> {
        client.createTableWithResponse(null, Context.NONE);
        return null;
      });
    }

    @Override
    CompletableFuture<Void> probe() {
      return now(() -> {
        client.listEntities(AzureTablesBackend.existenceProbe(), null, Context.NONE).iterableByPage().iterator()
            .hasNext();
        return null;
      });
    }

    /** Sleeps on the caller's thread; an interrupt is kept on the thread and fails the pause. */
    @Override
    CompletableFuture<Void> pause(Duration delay) {
      try {
        Thread.sleep(delay.toMillis());
        return CompletableFuture.completedFuture(null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    CompletableFuture<Response<Void>> create(TableEntity entity, Context context) {
      return now(() -> client.createEntityWithResponse(entity, null, context));
    }

    @Override
    CompletableFuture<Response<Void>> update(
        TableEntity entity, TableEntityUpdateMode mode, boolean ifUnchanged, Context context) {
      return now(() -> client.updateEntityWithResponse(entity, mode, ifUnchanged, null, context));
    }

    @Override
    CompletableFuture<Response<Void>> upsert(TableEntity entity, TableEntityUpdateMode mode, Context context) {
      return now(() -> client.upsertEntityWithResponse(entity, mode, null, context));
    }

    @Override
    CompletableFuture<Response<Void>> delete(TableEntity entity, boolean ifUnchanged, Context context) {
      return now(() -> client.deleteEntityWithResponse(entity, ifUnchanged, null, context));
    }

    @Override
    CompletableFuture<TableEntity> keysOf(String partitionKey, String rowKey) {
      return now(() -> client.getEntityWithResponse(partitionKey, rowKey, List.of("PartitionKey"), null,
          Context.NONE).getValue());
    }

    @Override
    CompletableFuture<Void> submit(List<TableTransactionAction> actions, Context context) {
      return now(() -> {
        client.submitTransactionWithResponse(actions, null, context);
        return null;
      });
    }

    @Override
    CompletableFuture<List<TableEntity>> list(List<ListEntitiesOptions> options) {
      return now(() -> {
        List<TableEntity> entities = new ArrayList<>();
        for (ListEntitiesOptions each : options) {
          client.listEntities(each, null, Context.NONE).forEach(entities::add);
        }
        return entities;
      });
    }
  }

  /**
   * The async path: each request a {@code Mono} of the SDK's async client, subscribed to when the step before it has
   * ended; nothing blocks. {@link #abandon} cancels the request under way and fails every later one with {@link
   * CancellationException}: for a caller that cancelled the write's future, or let it time out.
   */
  static final class Async extends Channel {
    private final TableAsyncClient client;
    private final AzureTablesBackend backend;
    private final Executor executor;
    private final Set<CompletableFuture<?>> underWay = ConcurrentHashMap.newKeySet();
    private volatile boolean abandoned;
    /**
     * The trace context of the thread that opened the channel (the caller's, with its request's span), or null: the
     * parent of the SDK's spans of every request of the channel, the later ones sent from Reactor's threads included.
     */
    private final Object traceParent = TraceParents.current();

    /**
     * @param executor where the point reads of {@link AzureTablesBackend#getAsync} may run blocking work (never for
     *     the keys of a write, which are checked before any read)
     */
    @Override
    StoreProfile profile() {
      return backend.profile();
    }

    @Override
    boolean guardsMerges() {
      return backend.guardsMerges();
    }

    Async(String table, TableAsyncClient client, AzureTablesBackend backend, Executor executor) {
      super(table);
      this.client = client;
      this.backend = backend;
      this.executor = executor;
    }

    /** Stops: the request under way is cancelled (it may still have been applied), and no other is sent. */
    void abandon() {
      abandoned = true;
      for (CompletableFuture<?> request : underWay) {
        request.cancel(false);
      }
    }

    private <T> CompletableFuture<T> send(Supplier<Mono<T>> request, Context context) {
      if (abandoned) {
        return CompletableFuture.failedFuture(new CancellationException("the write was cancelled"));
      }
      CompletableFuture<T> sent;
      try {
        Mono<T> mono = TraceParents.within(request.get(), traceParent);
        if (context != null) {
          mono = mono.contextWrite(reactor -> reactor.putAllMap(context.getValues()));
        }
        sent = mono.toFuture();
      } catch (RuntimeException | Error e) {
        return CompletableFuture.failedFuture(e);
      }
      underWay.add(sent);
      sent.whenComplete((value, failure) -> underWay.remove(sent));
      if (abandoned) {
        sent.cancel(false); // abandoned while it was being sent
      }
      return sent;
    }

    @Override
    CompletableFuture<Optional<TableRow>> get(String partitionKey, String rowKey) {
      if (abandoned) {
        return CompletableFuture.failedFuture(new CancellationException("the write was cancelled"));
      }
      CompletableFuture<Optional<TableRow>> read =
          backend.getAsync(table, partitionKey, rowKey, executor, traceParent);
      underWay.add(read);
      read.whenComplete((value, failure) -> underWay.remove(read));
      return read;
    }

    @Override
    CompletableFuture<Void> createTable() {
      return send(() -> client.createTableWithResponse().then(), null);
    }

    @Override
    CompletableFuture<Void> probe() {
      return send(() -> client.listEntities(AzureTablesBackend.existenceProbe()).byPage().next().then(), null);
    }

    /** A timer of Reactor's, no thread held; abandoning the channel cancels it. */
    @Override
    CompletableFuture<Void> pause(Duration delay) {
      return send(() -> Mono.delay(delay).then(), null);
    }

    @Override
    CompletableFuture<Response<Void>> create(TableEntity entity, Context context) {
      return send(() -> client.createEntityWithResponse(entity), context);
    }

    @Override
    CompletableFuture<Response<Void>> update(
        TableEntity entity, TableEntityUpdateMode mode, boolean ifUnchanged, Context context) {
      return send(() -> client.updateEntityWithResponse(entity, mode, ifUnchanged), context);
    }

    @Override
    CompletableFuture<Response<Void>> upsert(TableEntity entity, TableEntityUpdateMode mode, Context context) {
      return send(() -> client.upsertEntityWithResponse(entity, mode), context);
    }

    @Override
    CompletableFuture<Response<Void>> delete(TableEntity entity, boolean ifUnchanged, Context context) {
      return send(() -> client.deleteEntityWithResponse(entity, ifUnchanged), context);
    }

    @Override
    CompletableFuture<TableEntity> keysOf(String partitionKey, String rowKey) {
      return send(() -> client.getEntityWithResponse(partitionKey, rowKey, List.of("PartitionKey"))
          .map(Response::getValue), null);
    }

    @Override
    CompletableFuture<Void> submit(List<TableTransactionAction> actions, Context context) {
      return send(() -> client.submitTransactionWithResponse(actions).then(), context);
    }

    @Override
    CompletableFuture<List<TableEntity>> list(List<ListEntitiesOptions> options) {
      return send(() -> reactor.core.publisher.Flux.fromIterable(options)
          .concatMap(client::listEntities)
          .collectList(), null);
    }
  }
}
