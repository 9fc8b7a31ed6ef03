package io.tablemapper.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.tracing.opentelemetry.OpenTelemetryTracingOptions;
import com.azure.core.util.ClientOptions;
import com.azure.data.tables.TableServiceClientBuilder;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelBaggageManager;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * On Azure (Azurite) with the Azure SDK's tracing on (its OpenTelemetry plugin) and Micrometer Tracing's
 * OpenTelemetry bridge: the SDK's own spans (its method's, its HTTP request's) are children of tablemapper's request
 * spans, on the blocking path and on the async one (where the SDK's async client runs them on Reactor's threads,
 * given the request's trace context as their parent).
 */
class AzureSdkSpansTest {
  private final InMemorySpanExporter exported = InMemorySpanExporter.create();
  private final SdkTracerProvider provider = SdkTracerProvider.builder()
      .addSpanProcessor(SimpleSpanProcessor.create(exported)).build();
  private final OpenTelemetrySdk openTelemetry = OpenTelemetrySdk.builder().setTracerProvider(provider)
      .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance())).build();
  private final ObservationRegistry registry = ObservationRegistry.create();
  private final TableMapper mapper;
  private final String department = "Sales-" + System.nanoTime();

  AzureSdkSpansTest() {
    io.opentelemetry.api.trace.Tracer otel = openTelemetry.getTracer("tablemapper-test");
    OtelCurrentTraceContext current = new OtelCurrentTraceContext();
    OtelTracer tracer = new OtelTracer(otel, current, event -> { },
        new OtelBaggageManager(current, List.of(), List.of()));
    registry.observationConfig().observationHandler(new ObservationHandler.FirstMatchingCompositeObservationHandler(
        new PropagatingSenderTracingObservationHandler<>(tracer,
            new OtelPropagator(openTelemetry.getPropagators(), otel)),
        new DefaultTracingObservationHandler(tracer)));
    // the backend's policies (the SDK's default retries), with the SDK's tracing on, into the same OpenTelemetry
    TableServiceClientBuilder client = new TableServiceClientBuilder()
        .connectionString(Azurite.connectionString(0))
        .addPolicy(AzureTablesBackend.batchPolicy())
        .addPolicy(AzureTablesBackend.attemptsPolicy())
        .clientOptions(new ClientOptions().setTracingOptions(
            new OpenTelemetryTracingOptions().setOpenTelemetry(openTelemetry)));
    this.mapper = TableMapper.builder()
        .backend(new AzureTablesBackend(client.buildClient(), client.buildAsyncClient()))
        .pendingCompleters(0) // its looks for pending work are traces of their own
        .operationTracer(new TableMapperObservations(registry))
        .build();
  }

  @AfterEach
  void close() {
    mapper.close();
    provider.close();
  }

  @SuppressWarnings("try") // the scope is held open, not used
  private <R> R inRequest(Supplier<R> body) {
    Observation request = Observation.start("http.server.requests", registry);
    try (Observation.Scope scope = request.openScope()) {
      return body.get();
    } finally {
      request.stop();
    }
  }

  /** The spans of the trace of the application's one request. */
  private List<SpanData> trace() {
    SpanData root = exported.getFinishedSpanItems().stream()
        .filter(each -> each.getName().equals("http.server.requests")).findFirst().orElseThrow();
    return exported.getFinishedSpanItems().stream()
        .filter(each -> each.getTraceId().equals(root.getTraceId())).toList();
  }

  private static SpanData parentOf(SpanData span, List<SpanData> spans) {
    return spans.stream().filter(each -> each.getSpanId().equals(span.getParentSpanId())).findFirst()
        .orElseThrow(() -> new AssertionError(span.getName() + " has no parent in the trace"));
  }

  /** The Azure SDK's spans: those of its instrumentation scopes. */
  private static List<SpanData> sdkSpans(List<SpanData> spans) {
    return spans.stream().filter(each -> each.getInstrumentationScopeInfo().getName().startsWith("azure-")).toList();
  }

  private void assertTheSdksSpansAreChildrenOfTablemappersRequests() {
    List<SpanData> trace = trace();
    List<SpanData> sdk = sdkSpans(trace);
    assertThat(sdk).as("the SDK's spans in the application's trace, among %s",
        trace.stream().map(SpanData::getName).toList()).isNotEmpty();
    // the SDK may nest its HTTP span under a span of its own method: the nearest span that is not the SDK's
    assertThat(sdk).allSatisfy(span -> {
      SpanData parent = parentOf(span, trace);
      while (sdk.contains(parent)) {
        parent = parentOf(parent, trace);
      }
      assertThat(parent.getKind()).as("the request of %s", span.getName()).isEqualTo(SpanKind.CLIENT);
      assertThat(parent.getAttributes().asMap().keySet().stream().map(Object::toString))
          .contains("db.operation.name", "db.collection.name");
      assertThat(parentOf(parent, trace).getAttributes().asMap().keySet().stream().map(Object::toString))
          .as("the operation above the request").contains("tablemapper.outcome");
    });
  }

  @Test
  void theSdksSpansOfBlockingCallsNestUnderTheRequestsThatSentThem() {
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
    // the first write of the type also reads and records its indexes' state: the mapper's bookkeeping, no request
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
    exported.reset();

    List<Employee> found = inRequest(() -> {
      employees.insert(new Employee(department, 2, "Kim", "kim@contoso.com", null));
      return employees.findByDepartment(department);
    });

    assertThat(found).hasSize(2);
    assertTheSdksSpansAreChildrenOfTablemappersRequests();
    assertThat(trace()).extracting(SpanData::getName).contains("batch Company", "query Company");
  }

  @Test
  void theSdksSpansOfAsyncCallsNestUnderTheRequestsThatSentThem() {
    AsyncEmployeeRepository employees = mapper.repository(AsyncEmployeeRepository.class);
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null)).join();
    exported.reset();

    List<Employee> found = inRequest(() -> {
      employees.insert(new Employee(department, 2, "Kim", "kim@contoso.com", null)).join();
      assertThat(employees.findByDepartmentAndEmail(department, "kim@contoso.com").join()).isPresent();
      return employees.findByDepartment(department).join();
    });

    assertThat(found).hasSize(2);
    assertTheSdksSpansAreChildrenOfTablemappersRequests();
    assertThat(trace()).extracting(SpanData::getName).contains("batch Company", "get Company", "query Company");
    assertThat(sdkSpans(exported.getFinishedSpanItems())).as("every span of the SDK's in the application's trace")
        .allSatisfy(span -> assertThat(span.getTraceId()).isEqualTo(trace().get(0).getTraceId()));
  }
}
