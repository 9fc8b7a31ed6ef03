package io.tablemapper.runtime;

import static io.tablemapper.runtime.OneThreadAsync.join;
import static io.tablemapper.runtime.Waits.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.data.tables.TableServiceClientBuilder;
import io.tablemapper.api.AsyncTableRepository;
import io.tablemapper.api.Batch;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.runtime.fixtures.Desk;
import io.tablemapper.runtime.fixtures.DeskAsyncRepository;
import io.tablemapper.runtime.fixtures.DeskRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeAsyncRepository;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Mono;
import io.tablemapper.runtime.rows.IndexLists;

/**
 * The async path of the mapper's own writes on every backend: async repository writes and {@code Batch.commitAsync}
 * send the same transactions as the blocking ones through the SPI's async calls (the SDK's async client on Azure,
 * the blocking calls on the mapper's executor elsewhere) — the same rows stored, index copies and key lists
 * included, the same results and exceptions — and on Azure hold no thread while their requests are under way.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncWritePathTest {
  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();

  AsyncWritePathTest(Stores stores) {
    this.stores = stores;
  }

  /** A mapper whose async operations have one thread. */
  private TableMapper mapper(TableBackend backend) {
    return one.mapper(TableMapper.builder().backend(backend).operationListener(events::add));
  }

  // ------------------------------------------------------------------ the same writes on both paths

  /** The writes of a repository, on one path; an async write's failure thrown as the cause it carries. */
  private interface Writes<T> {
    T insert(T entity);

    T upsert(T entity);

    T update(T entity);

    T merge(T entity);

    T upsertMerge(T entity, String... properties);

    T merge(T entity, String... properties);

    void delete(T entity);

    List<Object> commit(Batch batch);
  }

  private static <T> Writes<T> blocking(TableRepository<T> repository) {
    return new Writes<>() {
      @Override
      public T insert(T entity) {
        return repository.insert(entity);
      }

      @Override
      public T upsert(T entity) {
        return repository.upsert(entity);
      }

      @Override
      public T update(T entity) {
        return repository.update(entity);
      }

      @Override
      public T merge(T entity) {
        return repository.merge(entity);
      }

      @Override
      public T upsertMerge(T entity, String... properties) {
        return repository.upsertMerge(entity, properties);
      }

      @Override
      public T merge(T entity, String... properties) {
        return repository.merge(entity, properties);
      }

      @Override
      public void delete(T entity) {
        repository.delete(entity);
      }

      @Override
      public List<Object> commit(Batch batch) {
        return batch.commit();
      }
    };
  }

  private static <T> Writes<T> async(AsyncTableRepository<T> repository) {
    return new Writes<>() {
      @Override
      public T insert(T entity) {
        return join(repository.insert(entity));
      }

      @Override
      public T upsert(T entity) {
        return join(repository.upsert(entity));
      }

      @Override
      public T update(T entity) {
        return join(repository.update(entity));
      }

      @Override
      public T merge(T entity) {
        return join(repository.merge(entity));
      }

      @Override
      public T upsertMerge(T entity, String... properties) {
        return join(repository.upsertMerge(entity, properties));
      }

      @Override
      public T merge(T entity, String... properties) {
        return join(repository.merge(entity, properties));
      }

      @Override
      public void delete(T entity) {
        join(repository.delete(entity));
      }

      @Override
      public List<Object> commit(Batch batch) {
        return join(batch.commitAsync());
      }
    };
  }

  /**
   * What a write came to: its result without its ETag (which each store makes its own), or its exception's class
   * and message (a conflict's message names ETags, so only its class), a batch's with the operation it names.
   */
  private static <R> String outcome(Supplier<R> write, Function<R, Object> withoutEtag) {
    try {
      R result = write.get();
      return "stored " + withoutEtag.apply(result);
    } catch (ConcurrencyConflictException e) {
      return e.getClass().getSimpleName();
    } catch (BatchException e) {
      return e.getClass().getSimpleName() + " " + e.reason() + " at " + e.failedIndex() + ": " + e.getMessage();
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  private static Object bare(Object entity) {
    return entity instanceof Employee ? ((Employee) entity).withEtag(null) : entity;
  }

  /** Writes of employees — with their email and lastName copies — and of desks, with their floors' key list. */
  private static List<String> script(TableMapper mapper, Writes<Employee> employees, Writes<Desk> desks) {
    List<String> outcomes = new ArrayList<>();
    Function<Employee, Object> bare = AsyncWritePathTest::bare;
    Employee ann = employees.insert(Employee.of("D1", 1, "Ann", "Lane", 30, "ann@contoso.com"));
    assertThat(ann.etag()).isNotNull();
    outcomes.add("stored " + bare(ann));
    Employee bob = employees.insert(Employee.of("D1", 2, "Bob", "Kwok", 40, "bob@contoso.com"));
    outcomes.add(outcome(() -> employees.insert(Employee.of("D1", 3, "Cy", "Lane", 50, "ann@contoso.com")), bare));
    outcomes.add(outcome(() -> employees.insert(ann.withEtag(null)), bare));
    Employee moved = employees.update(ann.withEmail("ann2@contoso.com").withLastName("Lee"));
    outcomes.add("stored " + bare(moved));
    outcomes.add(outcome(() -> employees.update(ann.withAge(31)), bare)); // ann's ETag is stale
    outcomes.add(outcome(() -> employees.update(Employee.of("D1", 9, "No", "One", 1, "no@contoso.com")), bare));
    outcomes.add(outcome(() -> employees.merge(bob.withAge(41), "age"), bare));
    outcomes.add(outcome(() -> employees.upsert(Employee.of("D1", 3, "Cy", "Lane", 50, "cy@contoso.com")), bare));
    outcomes.add(outcome(() -> employees.upsertMerge(Employee.of("D1", 3, "Cy", "Moe", 51, "cy@contoso.com"),
        "lastName", "age"), bare));
    outcomes.add(outcome(() -> employees.merge(Employee.of("D1", 2, "Bo", "Kwok", 42, "bo@contoso.com")), bare));
    outcomes.add(outcome(() -> employees.merge(Employee.of("D1", 8, "No", "One", 1, "no8@contoso.com")), bare));
    outcomes.add(outcome(() -> {
      employees.delete(bob.withEtag(null));
      return "deleted";
    }, Function.identity()));
    outcomes.add(outcome(() -> {
      employees.delete(bob.withEtag(null));
      return "deleted again";
    }, Function.identity()));
    Function<List<Object>, Object> bareAll = results -> results.stream().map(AsyncWritePathTest::bare).toList();
    outcomes.add(outcome(() -> employees.commit(mapper.batch("Company", "D1")
        .insert(Employee.of("D1", 4, "Di", "Lane", 33, "di@contoso.com"))
        .update(Employee.of("D1", 3, "Cy", "Moe", 52, "cy2@contoso.com"))
        .delete(moved)), bareAll));
    outcomes.add(outcome(() -> employees.commit(mapper.batch("Company", "D1")
        .insert(Employee.of("D1", 5, "Ed", "Kwok", 20, "ed@contoso.com"))
        .insert(Employee.of("D1", 6, "Fa", "Kwok", 21, "di@contoso.com"))), bareAll)); // di's email is taken
    outcomes.add(outcome(() -> employees.commit(mapper.batch("Company", "D1")
        .insert(Employee.of("D1", 7, "Gu", "Kwok", 22, "gu@contoso.com"))
        .insert(Employee.of("D1", 4, "Di", "Lane", 33, "di2@contoso.com"))), bareAll)); // 4 exists
    outcomes.add(outcome(() -> employees.commit(mapper.batch("Company", "D1")), bareAll));
    outcomes.add(outcome(() -> employees.commit(mapper.batch("Company", "D1")
        .insert(Employee.of("D2", 7, "Gu", "Kwok", 22, "gu@contoso.com"))), bareAll));

    Function<Desk, Object> same = desk -> desk;
    Desk one = desks.insert(new Desk("HQ", 1, "3", "Ann"));
    outcomes.add(outcome(() -> desks.insert(new Desk("HQ", 2, "3", "Bob")), same));
    outcomes.add(outcome(() -> desks.insert(new Desk("HQ", 1, "5", "Again")), same));
    outcomes.add(outcome(() -> desks.update(one.onFloor("4")), same));
    outcomes.add(outcome(() -> desks.upsertMerge(new Desk("HQ", 3, "4", null), "floor"), same));
    outcomes.add(outcome(() -> desks.upsert(new Desk("HQ", 2, null, "Bob")), same));
    outcomes.add(outcome(() -> desks.commit(mapper.batch("Desks", "HQ")
        .insert(new Desk("HQ", 5, "3", "Eve"))
        .update(new Desk("HQ", 1, "3", "Ann"))
        .delete(new Desk("HQ", 3, "4", null))), Function.identity()));
    outcomes.add(outcome(() -> {
      desks.delete(new Desk("HQ", 5, "3", "Eve"));
      return "deleted";
    }, Function.identity()));
    return outcomes;
  }

  /** Every row of a table, without what each store makes its own (ETags, Timestamps). */
  private static List<String> rows(TableBackend store, String table) {
    return RawRows.all(store, table).stream()
        .map(row -> row.partitionKey() + "/" + row.rowKey() + " " + new java.util.TreeMap<>(row.properties()))
        .toList();
  }

  @Test
  void asyncWritesAndCommitsStoreWhatTheBlockingOnesStoreAndEndAsTheyEnd() {
    TableBackend left = stores.newStore();
    TableBackend right = stores.newStore();
    TableMapper blocking = mapper(left);
    TableMapper async = mapper(right);

    List<String> blockingOutcomes = script(blocking, blocking(blocking.repository(EmployeeRepository.class)),
        blocking(blocking.repository(DeskRepository.class)));
    List<String> asyncOutcomes = script(async, async(async.repository(EmployeeAsyncRepository.class)),
        async(async.repository(DeskAsyncRepository.class)));

    assertThat(asyncOutcomes).isEqualTo(blockingOutcomes);
    assertThat(blockingOutcomes).as("the script meets every kind of end")
        .anySatisfy(outcome -> assertThat(outcome).startsWith("EntityExistsException: ")
            .contains("index 'email' value 'email_ann@contoso.com' is already taken by another entity (RowKey"))
        .anySatisfy(outcome -> assertThat(outcome).isEqualTo("ConcurrencyConflictException"))
        .anySatisfy(outcome -> assertThat(outcome).startsWith("EntityNotFoundException: "))
        .anySatisfy(outcome -> assertThat(outcome).startsWith("BatchException REJECTED at 1: "))
        .anySatisfy(outcome -> assertThat(outcome).startsWith("BatchException EMPTY at -1: "))
        .anySatisfy(outcome -> assertThat(outcome).startsWith("BatchException WRONG_PARTITION at 0: "));
    assertThat(rows(right, "Company")).isEqualTo(rows(left, "Company")).as("two employees, two copies each")
        .hasSize(6);
    assertThat(rows(right, "Desks")).isEqualTo(rows(left, "Desks"))
        .anySatisfy(row -> assertThat(row).startsWith("HQ/floor_3 ")); // the key list
    assertThat(async.repository(DeskAsyncRepository.class).findByOfficeAndFloor("HQ", "3").join())
        .containsExactly(new Desk("HQ", 1, "3", "Ann"));
  }

  @Test
  void anAsyncWriteReturnsTheEtagItStored() {
    TableMapper mapper = mapper(stores.newStore());
    EmployeeAsyncRepository async = mapper.repository(EmployeeAsyncRepository.class);
    Employee inserted = async.insert(Employee.of("D1", 1, "Ann", "Lane", 30, "ann@contoso.com")).join();
    Employee updated = async.update(inserted.withAge(31)).join();
    assertThat(updated.etag()).isNotNull().isNotEqualTo(inserted.etag());
    assertThat(async.findByDepartmentAndEmployeeId("D1", 1).join()).contains(updated);
    assertThatThrownBy(() -> async.update(inserted.withAge(32)).join()).isInstanceOf(CompletionException.class)
        .cause().isInstanceOf(ConcurrencyConflictException.class);
  }

  // ------------------------------------------------------------------ no thread held

  @Test
  void aHundredAsyncWritesAndCommitsCompleteWithOneExecutorThreadAndOnAzureNeedNoneWhileTheyAreUnderWay()
      throws Exception {
    TableMapper mapper = mapper(stores.newStore());
    mapper.repository(EmployeeRepository.class).insert(Employee.of("S", 0, "Seed", "Lane", 20, "seed@contoso.com"));
    EmployeeAsyncRepository async = mapper.repository(EmployeeAsyncRepository.class);
    events.clear();
    CountDownLatch release = new CountDownLatch(1);
    one.take(release); // the mapper's only async thread is taken

    List<CompletableFuture<?>> writes = new ArrayList<>();
    for (int i = 1; i <= 80; i++) {
      writes.add(async.insert(Employee.of("D" + i % 4, i, "F" + i, "Lane", 20 + i % 30, "e" + i + "@contoso.com")));
    }
    for (int p = 0; p < 20; p++) {
      writes.add(mapper.batch("Company", "B" + p)
          .insert(Employee.of("B" + p, 1, "G", "Kwok", 30, "g@contoso.com"))
          .insert(Employee.of("B" + p, 2, "H", "Kwok", 31, "h@contoso.com"))
          .commitAsync());
    }
    if (stores == Stores.AZURE) {
      // the SDK's async client: every transaction is sent and answered while no thread of the mapper is free
      assertThat(eventually(() -> events.size() == 100)).as("100 writes ended with the executor taken").isTrue();
      assertThat(events).allSatisfy(event -> assertThat(event.failure()).isNull());
      assertThat(events.stream().filter(event -> event.type() == OperationType.BATCH)).hasSize(20);
      assertThat(writes).as("handed over on the executor, once it is free").noneMatch(CompletableFuture::isDone);
    }
    release.countDown();

    for (CompletableFuture<?> write : writes) {
      assertThat(write.get(60, TimeUnit.SECONDS)).isNotNull();
    }
    EmployeeRepository sync = mapper.repository(EmployeeRepository.class);
    for (int i = 1; i <= 80; i++) {
      assertThat(sync.findByDepartmentAndEmployeeId("D" + i % 4, i)).isPresent();
    }
    assertThat(sync.findByDepartmentAndEmployeeIdBetween("B7", 0, 9)).hasSize(2);
  }

  // ------------------------------------------------------------------ cancellation

  @Test
  void aWriteCancelledBeforeItsFirstRequestSendsNothing() throws Exception {
    // on the embedded stores the table's first creation waits for the executor; on Azure it is sent at once with
    // the SDK's async client, held on its way until the writes were cancelled, and abandoned with them
    CompletableFuture<Void> creations = new CompletableFuture<>();
    TableBackend store = stores == Stores.AZURE ? azureHolding(creations) : stores.newStore();
    TableMapper mapper = mapper(store);
    EmployeeAsyncRepository async = mapper.repository(EmployeeAsyncRepository.class);
    CountDownLatch release = new CountDownLatch(1);
    one.take(release);

    CompletableFuture<Employee> insert = async.insert(Employee.of("D1", 1, "Ann", "Lane", 30, "ann@contoso.com"));
    CompletableFuture<List<Object>> commit = mapper.batch("Desks", "HQ").insert(new Desk("HQ", 1, "3", "Ann"))
        .commitAsync();
    assertThat(insert.cancel(false)).isTrue();
    assertThat(commit.cancel(false)).isTrue();
    creations.complete(null);
    release.countDown();
    one.drain(); // the executor is past both
    assertThat(eventually(() -> events.size() == 2)).as("both writes ended").isTrue();

    assertThat(insert).isCancelled();
    assertThat(events).allSatisfy(event -> assertThat(event.failure()).isInstanceOf(CancellationException.class));
    assertThat(store.tableExists("Company")).as("no table was created").isFalse();
    assertThat(store.tableExists("Desks")).isFalse();
    assertThat(mapper.repository(EmployeeRepository.class).findByDepartmentAndEmployeeId("D1", 1)).isEmpty();
  }

  /**
   * A backend on an empty Azurite account whose table creations are held on their way to the service until
   * {@code creations} completes (and whose other requests pass at once).
   */
  private static TableBackend azureHolding(CompletableFuture<Void> creations) {
    HttpPipelinePolicy hold = new HttpPipelinePolicy() {
      private boolean creation(HttpPipelineCallContext context) {
        return context.getHttpRequest().getHttpMethod() == HttpMethod.POST
            && context.getHttpRequest().getUrl().getPath().endsWith("/Tables");
      }

      @Override
      public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
        return creation(context) ? Mono.fromFuture(creations).then(Mono.defer(next::process)) : next.process();
      }

      @Override
      public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
        if (creation(context)) {
          creations.join();
        }
        return next.processSync();
      }
    };
    TableServiceClientBuilder builder = new TableServiceClientBuilder()
        .connectionString(Stores.emptyAzuriteAccount())
        .addPolicy(AzureTablesBackend.batchPolicy())
        .addPolicy(AzureTablesBackend.attemptsPolicy())
        .addPolicy(hold);
    return new AzureTablesBackend(builder.buildClient(), builder.buildAsyncClient());
  }

  @Test
  void aCommitCancelledWhileItsTransactionWaitsForTheExecutorIsNotSentOnTheEmbeddedStoresAndIsWholeOnAzure()
      throws Exception {
    TableBackend store = stores.newStore();
    TableMapper mapper = mapper(store);
    mapper.repository(DeskRepository.class).insert(new Desk("HQ", 1, "3", "Ann")); // the table exists
    CountDownLatch release = new CountDownLatch(1);
    one.take(release);

    CompletableFuture<List<Object>> commit = mapper.batch("Desks", "HQ").insert(new Desk("HQ", 2, "3", "Bob"))
        .insert(new Desk("HQ", 3, "4", "Cy")).commitAsync();
    if (stores == Stores.AZURE) {
      // the SDK's async client sent the reads and the transaction at once: only the hand-over waits
      assertThat(eventually(() -> store.get("Desks", "HQ", "desk_000003").isPresent())).isTrue();
    }
    assertThat(commit.cancel(false)).isTrue();
    release.countDown();
    one.drain();
    one.drain(); // past every step the executor held

    List<Desk> onThree = mapper.repository(DeskAsyncRepository.class).findByOfficeAndFloor("HQ", "3").join();
    if (stores == Stores.AZURE) {
      assertThat(onThree).extracting(Desk::owner).containsExactly("Ann", "Bob");
    } else {
      // the embedded stores run each request on the executor: the list's read waited, and nothing was sent after
      assertThat(onThree).extracting(Desk::owner).containsExactly("Ann");
      assertThat(store.get("Desks", "HQ", "desk_000002")).isEmpty();
      assertThat(store.get("Desks", "HQ", "floor_4")).isEmpty();
    }
  }

  @Test
  void aWriteCancelledAfterItsTransactionWasSentIsAppliedWholeAndItsResultDropped() throws Exception {
    TableBackend store = stores.newStore();
    CountDownLatch release = new CountDownLatch(1);
    TableBackend backend = store;
    if (stores == Stores.AZURE) {
      one.take(release); // the requests go by the SDK's async client; only the hand-over waits
    } else {
      // the embedded stores run the transaction on the executor: right after it, the hand-over waits
      backend = new InterceptingBackend(store);
    }
    TableMapper mapper = mapper(backend);
    mapper.repository(DeskRepository.class).insert(new Desk("HQ", 1, "3", "Ann")); // the table exists
    if (backend instanceof InterceptingBackend) {
      ((InterceptingBackend) backend).beforeNextWrite(() -> one.take(release));
    }
    DeskAsyncRepository async = mapper.repository(DeskAsyncRepository.class);
    CompletableFuture<Desk> insert = async.insert(new Desk("HQ", 2, "3", "Bob"));
    assertThat(eventually(() -> store.get("Desks", "HQ", "desk_000002").isPresent())).isTrue();
    assertThat(insert.cancel(false)).isTrue();
    release.countDown();

    assertThatThrownBy(insert::join).isInstanceOf(CancellationException.class);
    one.drain();
    TableRow list = store.get("Desks", "HQ", "floor_3").orElseThrow();
    assertThat(IndexLists.entries(list)).as("the desk and its list entry, in one transaction").hasSize(2);
    assertThat(async.findByOfficeAndFloor("HQ", "3").join()).extracting(Desk::owner).containsExactly("Ann", "Bob");
  }
}
