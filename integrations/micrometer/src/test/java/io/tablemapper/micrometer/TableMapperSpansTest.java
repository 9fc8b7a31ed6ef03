package io.tablemapper.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import brave.Span;
import brave.Tracer;
import brave.Tracing;
import brave.handler.MutableSpan;
import brave.handler.SpanHandler;
import brave.propagation.ThreadLocalCurrentTraceContext;
import brave.propagation.TraceContext;
import brave.sampler.Sampler;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.brave.bridge.BraveBaggageManager;
import io.micrometer.tracing.brave.bridge.BraveCurrentTraceContext;
import io.micrometer.tracing.brave.bridge.BravePropagator;
import io.micrometer.tracing.brave.bridge.BraveTracer;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The spans a mapper's observations become through Micrometer Tracing's Brave bridge: an operation's span under the
 * application's, its requests' spans (kind CLIENT) under it, on the blocking and the async path, and a client
 * library's own span, started while a request's scope is open, under the request's.
 */
@ParameterizedClass
@EnumSource(TableMapperSpansTest.Backend.class)
class TableMapperSpansTest {

  enum Backend {
    MEMORY,
    H2;

    TableBackend newStore() {
      return this == MEMORY ? InMemoryBackend.create() : H2Backend.inMemory();
    }
  }

  private final Queue<MutableSpan> spans = new ConcurrentLinkedQueue<>();
  private final Tracing braveTracing = Tracing.newBuilder()
      .currentTraceContext(ThreadLocalCurrentTraceContext.newBuilder().build())
      .sampler(Sampler.ALWAYS_SAMPLE)
      .addSpanHandler(new SpanHandler() {
        @Override
        public boolean end(TraceContext context, MutableSpan span, Cause cause) {
          spans.add(span);
          return true;
        }
      })
      .build();
  private final ObservationRegistry registry = ObservationRegistry.create();
  private final TableMapper mapper;
  private final EmployeeRepository employees;

  TableMapperSpansTest(Backend backend) {
    BraveTracer tracer = new BraveTracer(braveTracing.tracer(),
        new BraveCurrentTraceContext(braveTracing.currentTraceContext()), new BraveBaggageManager());
    registry.observationConfig().observationHandler(new ObservationHandler.FirstMatchingCompositeObservationHandler(
        new PropagatingSenderTracingObservationHandler<>(tracer, new BravePropagator(braveTracing)),
        new DefaultTracingObservationHandler(tracer)));
    this.mapper = TableMapper.builder()
        .backend(new ClientSpans(backend.newStore(), braveTracing))
        .pendingCompleters(0) // its looks for pending work are traces of their own
        .operationTracer(new TableMapperObservations(registry))
        .build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
    braveTracing.close();
  }

  /** Runs {@code body} within an observation of the application's, as a web request's: the spans' root. */
  @SuppressWarnings("try") // the scope is held open, not used
  private <R> R inRequest(Supplier<R> body) {
    Observation request = Observation.start("http.server.requests", registry);
    try (Observation.Scope scope = request.openScope()) {
      return body.get();
    } finally {
      request.stop();
    }
  }

  private MutableSpan span(String name) {
    List<MutableSpan> named = spans.stream().filter(each -> name.equals(each.name())).toList();
    assertThat(named).as("the spans named '%s' among %s", name, spans.stream().map(MutableSpan::name).toList())
        .hasSize(1);
    return named.get(0);
  }

  private List<MutableSpan> childrenOf(MutableSpan parent) {
    return spans.stream().filter(each -> parent.id().equals(each.parentId())).toList();
  }

  @Test
  void anOperationsSpanIsAChildOfTheApplicationsAndTheParentOfItsRequestsSpans() {
    employees.insert(new Employee("Sales", 1, "Ken", "ken@contoso.com", null));
    spans.clear();

    inRequest(() -> employees.findByDepartment("Sales"));

    MutableSpan root = span("http.server.requests");
    MutableSpan operation = span("EmployeeRepository.findByDepartment");
    assertThat(operation.parentId()).isEqualTo(root.id());
    assertThat(operation.traceId()).isEqualTo(root.traceId());
    assertThat(operation.kind()).as("a span of the application's process").isNull();
    assertThat(operation.tag("db.collection.name")).isEqualTo("Company");
    assertThat(operation.tag("tablemapper.query.kind")).isEqualTo("range");
    assertThat(operation.tag("db.tablemapper.partition_key")).isEqualTo("Sales");
    List<MutableSpan> requests = childrenOf(operation);
    assertThat(requests).isNotEmpty().allSatisfy(request -> {
      assertThat(request.name()).isEqualTo("query Company");
      assertThat(request.kind()).isEqualTo(Span.Kind.CLIENT);
      assertThat(request.tag("db.operation.name")).isEqualTo("query");
      assertThat(request.traceId()).isEqualTo(root.traceId());
    });
    assertThat(requests).allSatisfy(request -> assertThat(childrenOf(request)).as("the client library's span")
        .singleElement().satisfies(client -> assertThat(client.name()).isEqualTo("client query")));
  }

  @Test
  void anAsyncWritesRequestsAreChildrenOfItsSpanThoughAnotherThreadSendsThem() {
    AsyncEmployeeRepository async = mapper.repository(AsyncEmployeeRepository.class);

    inRequest(() -> async.insert(new Employee("Sales", 1, "Ken", "ken@contoso.com", null)).join());

    MutableSpan root = span("http.server.requests");
    MutableSpan operation = span("insert Company");
    assertThat(operation.parentId()).isEqualTo(root.id());
    assertThat(operation.tag("tablemapper.outcome")).isEqualTo("success");
    List<MutableSpan> requests = childrenOf(operation);
    assertThat(requests).extracting(MutableSpan::name).contains("batch Company");
    assertThat(requests).allSatisfy(request -> assertThat(request.kind()).isEqualTo(Span.Kind.CLIENT));
    MutableSpan batch = span("batch Company");
    assertThat(childrenOf(batch)).as("the client library's span, started on the executor's thread").singleElement()
        .satisfies(client -> assertThat(client.name()).isEqualTo("client batch"));
    // the mapper's own bookkeeping (the first write's read of its index states) is no request of the operation's
    assertThat(spans).filteredOn(each -> !each.name().startsWith("client ")).as("the mapper's spans, in one trace")
        .allSatisfy(each -> assertThat(each.traceId()).isEqualTo(root.traceId()));
  }

  @Test
  void aFailedOperationsSpanCarriesItsError() {
    employees.insert(new Employee("Sales", 1, "Ken", "ken@contoso.com", null));
    spans.clear();

    inRequest(() -> {
      try {
        return employees.insert(new Employee("Sales", 1, "Ken", "ken@contoso.com", null));
      } catch (io.tablemapper.api.EntityExistsException expected) {
        return null;
      }
    });

    MutableSpan operation = span("insert Company");
    assertThat(operation.error()).isInstanceOf(io.tablemapper.api.EntityExistsException.class);
    assertThat(operation.tag("error.type")).isEqualTo(io.tablemapper.api.EntityExistsException.class.getName());
  }

  /**
   * A store whose blocking reads and transactions start a span of their own under whatever span is current, as a
   * client library with tracing on (the Azure SDK's) does.
   */
  private static final class ClientSpans implements TableBackend {
    private final TableBackend store;
    private final Tracing braveTracing;

    ClientSpans(TableBackend store, Tracing braveTracing) {
      this.store = store;
      this.braveTracing = braveTracing;
    }

    @SuppressWarnings("try") // the scope is held open, not used
    private <R> R inClientSpan(String name, Supplier<R> call) {
      Span span = braveTracing.tracer().nextSpan().name(name).start();
      try (Tracer.SpanInScope scope = braveTracing.tracer().withSpanInScope(span)) {
        return call.get();
      } finally {
        span.finish();
      }
    }

    @Override
    public StoreProfile profile() {
      return store.profile();
    }

    @Override
    public StoreDescription description() {
      return store.description();
    }

    @Override
    public boolean createTableIfNotExists(String table) {
      return store.createTableIfNotExists(table);
    }

    @Override
    public boolean deleteTableIfExists(String table) {
      return store.deleteTableIfExists(table);
    }

    @Override
    public boolean tableExists(String table) {
      return store.tableExists(table);
    }

    @Override
    public List<String> listTables(String prefix) {
      return store.listTables(prefix);
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      return inClientSpan("client get", () -> store.get(table, partitionKey, rowKey));
    }

    @Override
    public QueryResult query(TableQuery query) {
      return inClientSpan("client query", () -> store.query(query));
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      return store.write(table, operation);
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      return inClientSpan("client batch", () -> store.batch(table, operations));
    }

    @Override
    public String name() {
      return store.name();
    }

    @Override
    public void close() {
      store.close();
    }
  }
}
