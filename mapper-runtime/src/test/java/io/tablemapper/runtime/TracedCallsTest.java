package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.AsyncTableRepository;
import io.tablemapper.api.Batch;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.EventualBatch;
import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationTracer.OperationStart;
import io.tablemapper.api.OperationTracer.StoreRequest;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.Partition;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.runtime.OperationTracingTest.Recorded;
import io.tablemapper.runtime.OperationTracingTest.Recording;
import io.tablemapper.runtime.fixtures.Patient;
import io.tablemapper.runtime.fixtures.PatientRepository;
import io.tablemapper.runtime.rows.IndexStateRows;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeAsyncRepository;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.Stores;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The audit of tracing: every public call of the API an application makes — of {@link TableMapper} (the sweep of
 * large values included), the repositories, batches, eventual batches, index administration, dynamic tables and
 * partitions, on a mapper and on a scoped view of it — is listed here with the operation it is traced as, or as a call
 * that sends nothing to the store. Each call is made with a recording tracer: a call that is an operation is one
 * operation span, ended once, of its type, and every request it sent to the store is a span under it; a call that is
 * none sends no request and opens no span. A public method added to these interfaces and not listed fails the test.
 * The request spans are made the same way on every backend (by the mapper's observed view of the store), so the
 * in-memory store and H2 stand for all.
 */
@ParameterizedClass
@EnumSource(value = Stores.class, names = {"MEMORY_SHARED_VERSIONS", "H2"})
class TracedCallsTest {
  /** The interfaces whose every public call is listed. */
  private static final List<Class<?>> API = List.of(TableMapper.class, TableRepository.class,
      AsyncTableRepository.class, Batch.class, EventualBatch.class, IndexAdmin.class, DynamicTable.class,
      Partition.class);
  private static final SecretKey K1 = key(1);
  private static final SecretKey K2 = key(2);

  /** A request counted by the table it addressed ({@code (tables)} for a listing of tables). */
  private static final String TABLES = "(tables)";

  /** Counts every request that reaches the store, by table. */
  private static final class Counting extends ForwardingBackend {
    final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

    Counting(TableBackend store) {
      super(store, Async.THROUGH_BLOCKING_CALLS);
    }

    private void count(String table) {
      requests.computeIfAbsent(table == null ? TABLES : table, name -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public boolean createTableIfNotExists(String table) {
      count(table);
      return super.createTableIfNotExists(table);
    }

    @Override
    public boolean deleteTableIfExists(String table) {
      count(table);
      return super.deleteTableIfExists(table);
    }

    @Override
    public boolean tableExists(String table) {
      count(table);
      return super.tableExists(table);
    }

    @Override
    public List<String> listTables(String prefix) {
      count(null);
      return super.listTables(prefix);
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      count(table);
      return super.get(table, partitionKey, rowKey);
    }

    @Override
    public QueryResult query(TableQuery query) {
      count(query.table());
      return super.query(query);
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      count(table);
      return super.write(table, operation);
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      count(table);
      return super.batch(table, operations);
    }

    @Override
    public void close() {
      // the test's two mappers share the store; it is dropped with the test
    }
  }

  /** What the calls are made on: a mapper (or a scoped view of it) and its repositories, with the stored entities. */
  private static final class Subject {
    final TableMapper mapper;
    final EmployeeRepository employees;
    final EmployeeAsyncRepository async;
    /** Ids of employees of the partition 'Sales' that no call made yet. */
    private final AtomicInteger nextId;

    Subject(TableMapper mapper, int firstId) {
      this.mapper = mapper;
      this.employees = mapper.repository(EmployeeRepository.class);
      this.async = mapper.repository(EmployeeAsyncRepository.class);
      this.nextId = new AtomicInteger(firstId);
    }

    /** An employee of 'Sales' no call wrote yet. */
    Employee fresh() {
      int id = nextId.incrementAndGet();
      return Employee.of("Sales", id, "Ken", "Kwok", 23, "ken" + id + "@contoso.com");
    }

    /** An employee of 'Sales' that is stored (written here, before the call, untraced by the test's count). */
    Employee stored() {
      return employees.insert(fresh());
    }

    /** A row of the dynamic table 'Notes' that is stored. */
    DynamicEntity note() {
      return mapper.dynamic("Notes").insert(DynamicEntity.builder("n", "row" + nextId.incrementAndGet())
          .putString("text", "hello").build());
    }
  }

  /**
   * One public call: the interface method it is ({@code TableMapper.tables(Class)}), the operation it is traced as (or
   * null for a call that sends nothing to the store), what is stored before it, and the call.
   */
  private record Call(String method, OperationType type, Consumer<Subject> prepare, Consumer<Subject> run) {
    static Call of(String method, OperationType type, Consumer<Subject> run) {
      return new Call(method, type, subject -> { }, run);
    }
  }

  /** The entity a call is made with, stored by its preparation. */
  private static final Map<String, Object> PREPARED = new ConcurrentHashMap<>();

  private static Call on(String method, OperationType type, java.util.function.Function<Subject, Object> prepare,
      java.util.function.BiConsumer<Subject, Object> run) {
    return new Call(method, type, subject -> PREPARED.put(method, prepare.apply(subject)),
        subject -> run.accept(subject, PREPARED.remove(method)));
  }

  /** Every public call of {@link #API}, in the order they are made (close last). */
  private static List<Call> calls() {
    return List.of(
        Call.of("TableMapper.repository(Class)", null, s -> s.mapper.repository(EmployeeRepository.class)),
        Call.of("TableMapper.batch(String,String)", null, s -> s.mapper.batch("Company", "Sales")),
        Call.of("TableMapper.partition(String,String)", null, s -> s.mapper.partition("Company", "Sales")),
        Call.of("TableMapper.dynamic(String)", null, s -> s.mapper.dynamic("Notes")),
        Call.of("TableMapper.eventually()", null, s -> s.mapper.eventually()),
        Call.of("TableMapper.indexes(Class)", null, s -> s.mapper.indexes(Employee.class)),
        Call.of("TableMapper.cacheStats(Class)", null,
            s -> s.mapper.cacheStats(io.tablemapper.tck.fixtures.Currency.class)),
        Call.of("TableMapper.scoped(MapperScope)", null,
            s -> s.mapper.scoped(MapperScope.builder().table("Company").build())),
        Call.of("TableMapper.tables(Class)", OperationType.LIST_TABLES, s -> s.mapper.tables(Employee.class)),
        Call.of("TableMapper.completePending()", OperationType.COMPLETE_PENDING, s -> s.mapper.completePending()),
        Call.of("TableMapper.reencrypt(String)", OperationType.REENCRYPT, s -> s.mapper.reencrypt("Clinic")),
        Call.of("TableMapper.sweepLargeValues(String)", OperationType.SWEEP_LARGE_VALUES,
            s -> s.mapper.sweepLargeValues("Company")),
        Call.of("TableMapper.deleteTable(String)", OperationType.DELETE_TABLE, s -> s.mapper.deleteTable("Scratch")),

        Call.of("TableRepository.insert(Object)", OperationType.INSERT, s -> s.employees.insert(s.fresh())),
        Call.of("TableRepository.upsert(Object)", OperationType.UPSERT, s -> s.employees.upsert(s.fresh())),
        on("TableRepository.update(Object)", OperationType.UPDATE, Subject::stored,
            (s, e) -> s.employees.update(((Employee) e).withAge(24))),
        on("TableRepository.merge(Object)", OperationType.MERGE, Subject::stored,
            (s, e) -> s.employees.merge(((Employee) e).withAge(24))),
        Call.of("TableRepository.upsertMerge(Object)", OperationType.UPSERT_MERGE,
            s -> s.employees.upsertMerge(s.fresh())),
        on("TableRepository.merge(Object,String[])", OperationType.MERGE, Subject::stored,
            (s, e) -> s.employees.merge(((Employee) e).withAge(24), "age")),
        on("TableRepository.upsertMerge(Object,String[])", OperationType.UPSERT_MERGE, Subject::stored,
            (s, e) -> s.employees.upsertMerge(((Employee) e).withAge(24), "age")),
        on("TableRepository.delete(Object)", OperationType.DELETE, Subject::stored,
            (s, e) -> s.employees.delete((Employee) e)),

        Call.of("AsyncTableRepository.insert(Object)", OperationType.INSERT,
            s -> s.async.insert(s.fresh()).join()),
        Call.of("AsyncTableRepository.upsert(Object)", OperationType.UPSERT,
            s -> s.async.upsert(s.fresh()).join()),
        on("AsyncTableRepository.update(Object)", OperationType.UPDATE, Subject::stored,
            (s, e) -> s.async.update(((Employee) e).withAge(24)).join()),
        on("AsyncTableRepository.merge(Object)", OperationType.MERGE, Subject::stored,
            (s, e) -> s.async.merge(((Employee) e).withAge(24)).join()),
        Call.of("AsyncTableRepository.upsertMerge(Object)", OperationType.UPSERT_MERGE,
            s -> s.async.upsertMerge(s.fresh()).join()),
        on("AsyncTableRepository.merge(Object,String[])", OperationType.MERGE, Subject::stored,
            (s, e) -> s.async.merge(((Employee) e).withAge(24), "age").join()),
        on("AsyncTableRepository.upsertMerge(Object,String[])", OperationType.UPSERT_MERGE, Subject::stored,
            (s, e) -> s.async.upsertMerge(((Employee) e).withAge(24), "age").join()),
        on("AsyncTableRepository.delete(Object)", OperationType.DELETE, Subject::stored,
            (s, e) -> s.async.delete((Employee) e).join()),

        Call.of("Batch.insert(Object)", null, s -> s.mapper.batch("Company", "Sales").insert(s.fresh())),
        Call.of("Batch.upsert(Object)", null, s -> s.mapper.batch("Company", "Sales").upsert(s.fresh())),
        Call.of("Batch.update(Object)", null, s -> s.mapper.batch("Company", "Sales").update(s.fresh())),
        Call.of("Batch.merge(Object)", null, s -> s.mapper.batch("Company", "Sales").merge(s.fresh())),
        Call.of("Batch.upsertMerge(Object)", null, s -> s.mapper.batch("Company", "Sales").upsertMerge(s.fresh())),
        Call.of("Batch.delete(Object)", null, s -> s.mapper.batch("Company", "Sales").delete(s.fresh())),
        Call.of("Batch.size()", null, s -> s.mapper.batch("Company", "Sales").size()),
        Call.of("Batch.commit()", OperationType.BATCH,
            s -> s.mapper.batch("Company", "Sales").upsert(s.fresh()).insert(s.fresh()).commit()),
        Call.of("Batch.commitAsync()", OperationType.BATCH,
            s -> s.mapper.batch("Company", "Sales").upsert(s.fresh()).commitAsync().join()),

        Call.of("EventualBatch.insert(Object)", null, s -> s.mapper.eventually().insert(s.fresh())),
        Call.of("EventualBatch.upsert(Object)", null, s -> s.mapper.eventually().upsert(s.fresh())),
        Call.of("EventualBatch.update(Object)", null, s -> s.mapper.eventually().update(s.fresh())),
        Call.of("EventualBatch.merge(Object)", null, s -> s.mapper.eventually().merge(s.fresh())),
        Call.of("EventualBatch.upsertMerge(Object)", null, s -> s.mapper.eventually().upsertMerge(s.fresh())),
        Call.of("EventualBatch.delete(Object)", null, s -> s.mapper.eventually().delete(s.fresh())),
        Call.of("EventualBatch.size()", null, s -> s.mapper.eventually().size()),
        on("EventualBatch.commit()", OperationType.EVENTUAL_BATCH, Subject::stored,
            (s, e) -> s.mapper.eventually().delete(e).insert(s.fresh()).commit()),

        Call.of("IndexAdmin.entityClass()", null, s -> s.mapper.indexes(Employee.class).entityClass()),
        Call.of("IndexAdmin.declared()", null, s -> s.mapper.indexes(Employee.class).declared()),
        Call.of("IndexAdmin.rateLimit(double)", null, s -> s.mapper.indexes(Employee.class).rateLimit(1000)),
        Call.of("IndexAdmin.listener(IndexProgressListener)", null,
            s -> s.mapper.indexes(Employee.class).listener((index, report, partitions, finished) -> { })),
        Call.of("IndexAdmin.recorded()", OperationType.INDEX_STATE, s -> s.mapper.indexes(Employee.class).recorded()),
        Call.of("IndexAdmin.state(String)", OperationType.INDEX_STATE,
            s -> s.mapper.indexes(Employee.class).state("email")),
        Call.of("IndexAdmin.build(String)", OperationType.INDEX_BUILD,
            s -> s.mapper.indexes(Employee.class).build("email")),
        Call.of("IndexAdmin.verify(String)", OperationType.INDEX_VERIFY,
            s -> s.mapper.indexes(Employee.class).verify("email")),
        Call.of("IndexAdmin.repair(String)", OperationType.INDEX_REPAIR,
            s -> s.mapper.indexes(Employee.class).repair("email")),
        Call.of("IndexAdmin.drop(String)", OperationType.INDEX_DROP, s -> {
          try {
            s.mapper.indexes(Employee.class).drop("email");
          } catch (IllegalArgumentException declared) {
            // a declared index is not dropped: the call fails, and is traced all the same
          }
        }),

        Call.of("DynamicTable.table()", null, s -> s.mapper.dynamic("Notes").table()),
        Call.of("DynamicTable.get(String,String)", OperationType.DYNAMIC_GET,
            s -> s.mapper.dynamic("Notes").get("n", "row0")),
        Call.of("DynamicTable.insert(DynamicEntity)", OperationType.INSERT, s -> s.mapper.dynamic("Notes")
            .insert(DynamicEntity.builder("n", "fresh" + s.fresh().employeeId()).putString("text", "hi").build())),
        Call.of("DynamicTable.upsert(DynamicEntity)", OperationType.UPSERT, s -> s.mapper.dynamic("Notes")
            .upsert(DynamicEntity.builder("n", "fresh" + s.fresh().employeeId()).putString("text", "hi").build())),
        on("DynamicTable.update(DynamicEntity)", OperationType.UPDATE, Subject::note,
            (s, note) -> s.mapper.dynamic("Notes").update((DynamicEntity) note)),
        on("DynamicTable.merge(DynamicEntity)", OperationType.MERGE, Subject::note,
            (s, note) -> s.mapper.dynamic("Notes").merge((DynamicEntity) note)),
        Call.of("DynamicTable.upsertMerge(DynamicEntity)", OperationType.UPSERT_MERGE, s -> s.mapper.dynamic("Notes")
            .upsertMerge(DynamicEntity.builder("n", "fresh" + s.fresh().employeeId()).putString("text", "hi").build())),
        on("DynamicTable.delete(DynamicEntity)", OperationType.DELETE, Subject::note,
            (s, note) -> s.mapper.dynamic("Notes").delete((DynamicEntity) note)),
        Call.of("DynamicTable.query(DynamicQuery)", OperationType.DYNAMIC_QUERY,
            s -> s.mapper.dynamic("Notes").query(DynamicQuery.partition("n"))),
        Call.of("DynamicTable.query(DynamicQuery,PageRequest)", OperationType.DYNAMIC_QUERY,
            s -> s.mapper.dynamic("Notes").query(DynamicQuery.table(), PageRequest.of(2))),

        Call.of("Partition.all()", OperationType.PARTITION_READ, s -> s.mapper.partition("Company", "Sales").all()),
        Call.of("Partition.all(Class)", OperationType.PARTITION_READ,
            s -> s.mapper.partition("Company", "Sales").all(Employee.class)),
        Call.of("Partition.page(PageRequest)", OperationType.PARTITION_READ,
            s -> s.mapper.partition("Company", "Sales").page(PageRequest.of(2))),
        Call.of("Partition.page(Class,PageRequest)", OperationType.PARTITION_READ,
            s -> s.mapper.partition("Company", "Sales").page(Employee.class, PageRequest.of(2))),

        Call.of("TableMapper.close()", null, s -> s.mapper.close()));
  }

  private final TableBackend shared;
  private final Counting store;
  private final Recording tracer = new Recording();
  private final TableMapper writer;
  private final TableMapper mapper;

  TracedCallsTest(Stores stores) {
    this.shared = stores.newStore();
    this.store = new Counting(shared);
    // an entity whose encrypted values are under the older key, for reencrypt to rewrite
    this.writer = TableMapper.builder().backend(store).pendingCompleters(0).encryptionKey("k1", K1).build();
    writer.repository(PatientRepository.class).insert(new Patient("North", 7, "Ken", "ken@contoso.com",
        "hypertension", new byte[] {1}, List.of("penicillin"), null));
    this.mapper = TableMapper.builder().backend(store).pendingCompleters(0).operationTracer(tracer)
        .encryptionKey("k1", K1).encryptionKey("k2", K2).build();
    mapper.repository(PatientRepository.class); // the class of the rows reencrypt rewrites, known to the mapper
  }

  @AfterEach
  void close() {
    mapper.close();
    writer.close();
    shared.close();
  }

  private static SecretKey key(int seed) {
    byte[] bytes = new byte[32];
    Arrays.fill(bytes, (byte) seed);
    return new SecretKeySpec(bytes, "AES");
  }

  /** {@code Interface.method(ParameterTypes)}, the erasure's simple names. */
  private static String key(Class<?> api, Method method) {
    return api.getSimpleName() + "." + method.getName() + Arrays.stream(method.getParameterTypes())
        .map(Class::getSimpleName).collect(Collectors.joining(",", "(", ")"));
  }

  @Test
  void everyPublicCallOfTheApiIsListed() {
    Set<String> declared = new TreeSet<>();
    for (Class<?> api : API) {
      for (Method method : api.getDeclaredMethods()) {
        if (Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers())
            && !method.isSynthetic()) {
          declared.add(key(api, method));
        }
      }
    }
    Set<String> listed = calls().stream().map(Call::method).collect(Collectors.toCollection(TreeSet::new));
    assertThat(listed).as("the calls listed here, against the public methods of " + API).isEqualTo(declared);
  }

  @Test
  void everyCallThatSendsRequestsIsOneOperationWithEveryRequestUnderIt() {
    // the mapper's bookkeeping done once (the first write of a class with indexes records their state), and rows
    // for the calls to find
    Subject subject = new Subject(mapper, 0);
    subject.employees.insert(subject.fresh());
    mapper.dynamic("Notes").insert(DynamicEntity.builder("n", "row0").putString("text", "hello").build());
    TableMapper view = mapper.scoped(MapperScope.builder().table("Company").table("Notes").table("Clinic")
        .table("Scratch").build());

    SoftAssertions softly = new SoftAssertions();
    for (Subject on : List.of(new Subject(view, 1_000), subject)) {
      for (Call call : calls()) {
        call.prepare().accept(on);
        quiesce();
        tracer.spans.clear();
        store.requests.clear();

        try {
          call.run().accept(on);
        } catch (OutOfScopeException outside) {
          // the view's scope holds no registry of pending work (completePending): refused, and traced all the same
          softly.assertThat(on.mapper).as("%s: refused out of scope", call.method()).isSameAs(view);
        }

        quiesce();
        check(softly, (on.mapper == view ? "on a scoped view: " : "") + call.method(), call.type());
      }
    }
    softly.assertAll();
  }

  @Test
  void theLaterWritesOfAnEventualBatchAreStepsUnderItsCommitWithTheirRequestsUnderThem() {
    Subject subject = new Subject(mapper, 0);
    Employee moving = subject.stored();
    tracer.spans.clear();

    mapper.eventually().delete(moving).insert(Employee.of("Archive", moving.employeeId(), "Ken", "Kwok", 23,
        moving.email())).commit();

    quiesce();
    Recorded commit = tracer.operations().get(0);
    assertThat(tracer.operations()).hasSize(1);
    OperationStart start = (OperationStart) commit.what;
    assertThat(start.type()).isEqualTo(OperationType.EVENTUAL_BATCH);
    assertThat(start.table()).as("the first write's").isEqualTo("Company");
    assertThat(start.entity()).isEqualTo("Employee");
    List<Recorded> steps = tracer.spans.stream().filter(span -> span.parent == commit
        && ((StoreRequest) span.what).kind() == StoreRequest.Kind.PENDING_STEP).toList();
    assertThat(steps).as("the insert into 'Archive', applied after the delete's transaction").isNotEmpty()
        .anySatisfy(step -> assertThat(tracer.spans).filteredOn(span -> span.parent == step)
            .extracting(span -> ((StoreRequest) span.what).partitionKey()).contains("Archive"));
    assertThat(tracer.spans).filteredOn(span -> span.parent == commit)
        .extracting(span -> ((StoreRequest) span.what).kind())
        .as("the first write's transaction, which records the insert").contains(StoreRequest.Kind.BATCH);
    assertThat(((OperationEvent) commit.end).succeeded()).isTrue();
  }

  @Test
  void reencryptIsOneOperationWithItsScanAndRewritesUnderIt() {
    assertThat(mapper.reencrypt("Clinic")).isEqualTo(1);

    quiesce();
    assertThat(tracer.operations()).singleElement().satisfies(run -> {
      assertThat(((OperationStart) run.what).type()).isEqualTo(OperationType.REENCRYPT);
      assertThat(((OperationStart) run.what).table()).isEqualTo("Clinic");
      assertThat(((OperationEvent) run.end).rowsWritten()).as("the patient and its two index copies").isEqualTo(3);
      assertThat(tracer.spans).filteredOn(span -> span.parent == run)
          .extracting(span -> ((StoreRequest) span.what).kind())
          .contains(StoreRequest.Kind.QUERY, StoreRequest.Kind.BATCH);
    });
  }

  /** Checks what one call left: one operation of {@code type} with its requests under it, or nothing. */
  private void check(SoftAssertions softly, String call, OperationType type) {
    Map<String, Integer> sent = new HashMap<>();
    store.requests.forEach((table, count) -> sent.put(table, count.get()));
    if (type == null) {
      softly.assertThat(sent).as("%s: the requests it sent", call).isEmpty();
      softly.assertThat(tracer.spans).as("%s: the spans it opened", call).isEmpty();
      return;
    }
    List<Recorded> operations = tracer.operations();
    softly.assertThat(operations).as("%s: its operation spans", call).hasSize(1);
    if (operations.size() != 1) {
      return;
    }
    Recorded operation = operations.get(0);
    softly.assertThat(((OperationStart) operation.what).type()).as("%s: its type", call).isEqualTo(type);
    softly.assertThat(operation.end).as("%s: its end", call).isInstanceOfSatisfying(OperationEvent.class,
        event -> softly.assertThat(event.type()).isEqualTo(type));
    softly.assertThat(tracer.spans).as("%s: every span ended once", call)
        .allSatisfy(span -> assertThat(span.ends).hasValue(1));
    Map<String, Integer> traced = new LinkedHashMap<>();
    for (Recorded span : tracer.spans) {
      softly.assertThat(span == operation || under(span, operation)).as("%s: %s under its operation", call,
          span.what).isTrue();
      // a request a scoped view refuses is a span that failed, but is sent nowhere
      if (span.what instanceof StoreRequest request && request.kind() != StoreRequest.Kind.PENDING_STEP
          && !(span.end instanceof OutOfScopeException)) {
        traced.merge(request.table() == null ? TABLES : request.table(), 1, Integer::sum);
      }
    }
    // the state rows of the indexes are the mapper's bookkeeping (an index run's included), not a call's requests;
    // the reads of them the application asks for (IndexAdmin.state) are
    Integer bookkeeping = sent.remove(IndexStateRows.TABLE);
    Integer asked = traced.remove(IndexStateRows.TABLE);
    softly.assertThat(asked == null ? 0 : asked).as("%s: its traced requests of the index states", call)
        .isLessThanOrEqualTo(bookkeeping == null ? 0 : bookkeeping);
    softly.assertThat(traced).as("%s: the request spans under it, by table, against the requests it sent", call)
        .isEqualTo(sent);
  }

  private static boolean under(Recorded span, Recorded operation) {
    for (Recorded at = span.parent; at != null; at = at.parent) {
      if (at == operation) {
        return true;
      }
    }
    return false;
  }

  /** Waits until every span ended and every scope closed: an async call's future completes before its thread's. */
  private void quiesce() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline && !(tracer.open.values().stream().allMatch(java.util.Deque::isEmpty)
        && tracer.spans.stream().allMatch(span -> span.ends.get() > 0))) {
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
