package io.tablemapper.micrometer;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.OperationTracer;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The observations a mapper's operations and their store requests leave in Micrometer's test registry, with their
 * names, keys and parents, on every backend.
 */
@ParameterizedClass
@EnumSource(TableMapperObservationsTest.Backend.class)
class TableMapperObservationsTest {
  private static final String OPERATION = DefaultOperationObservationConvention.NAME;
  private static final String REQUEST = DefaultStoreRequestObservationConvention.NAME;

  enum Backend {
    MEMORY("tablemapper.memory"),
    H2("h2database"),
    AZURE("azure.tables");

    final String system;

    Backend(String system) {
      this.system = system;
    }

    TableBackend newStore() {
      switch (this) {
        case MEMORY:
          return InMemoryBackend.create();
        case H2:
          return H2Backend.inMemory();
        default:
          return AzureTablesBackend.fromConnectionString(Azurite.connectionString(account++ % Azurite.ACCOUNTS));
      }
    }
  }

  /** The next of Azurite's accounts: each test a fresh one. */
  private static int account;

  private final TestObservationRegistry registry = TestObservationRegistry.create();
  private final Backend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private final String department;

  TableMapperObservationsTest(Backend backend) {
    this.backend = backend;
    this.mapper = TableMapper.builder()
        .backend(backend.newStore())
        .operationTracer(new TableMapperObservations(registry))
        .build();
    this.employees = mapper.repository(EmployeeRepository.class);
    // a partition of its own on Azurite, whose accounts the tests share
    this.department = "Sales-" + System.nanoTime();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** Every context the registry handled, in the order they started. */
  private List<Observation.Context> contexts() {
    List<Observation.Context> all = new ArrayList<>();
    assertThat(registry).hasHandledContextsThatSatisfy(all::addAll);
    return all;
  }

  /** The contexts whose parent is {@code parent}. */
  private List<Observation.Context> childrenOf(Observation.Context parent) {
    return contexts().stream().filter(each -> each.getParentObservation() != null
        && each.getParentObservation().getContextView() == parent).toList();
  }

  /** The one operation context of {@code type}. */
  private OperationObservationContext operation(OperationType type) {
    List<OperationObservationContext> found = contexts().stream()
        .filter(each -> each instanceof OperationObservationContext op && op.getStart().type() == type)
        .map(OperationObservationContext.class::cast).toList();
    assertThat(found).as("the observations of %s operations", type).hasSize(1);
    return found.get(0);
  }

  private static String low(Observation.Context context, String key) {
    return context.getLowCardinalityKeyValue(key) == null ? null : context.getLowCardinalityKeyValue(key).getValue();
  }

  private static String high(Observation.Context context, String key) {
    return context.getHighCardinalityKeyValue(key) == null ? null
        : context.getHighCardinalityKeyValue(key).getValue();
  }

  @Test
  void aRepositoryReadIsAnOperationWhoseStoreRequestsAreItsChildren() {
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
    employees.insert(new Employee(department, 2, "Kim", "kim@contoso.com", null));
    registry.clear();

    assertThat(employees.findByDepartment(department)).hasSize(2);

    assertThat(registry).hasNumberOfObservationsWithNameEqualTo(OPERATION, 1)
        .hasObservationWithNameEqualTo(OPERATION).that()
        .hasContextualNameEqualTo("EmployeeRepository.findByDepartment")
        .hasLowCardinalityKeyValue("db.system.name", backend.system)
        .hasLowCardinalityKeyValue("db.collection.name", "Company")
        .hasLowCardinalityKeyValue("db.operation.name", "query")
        .hasLowCardinalityKeyValue("tablemapper.entity", "Employee")
        .hasLowCardinalityKeyValue("tablemapper.method", "EmployeeRepository.findByDepartment")
        .hasLowCardinalityKeyValue("tablemapper.query.kind", "range")
        .hasLowCardinalityKeyValue("tablemapper.outcome", "success")
        .hasLowCardinalityKeyValue("error.type", "none")
        .hasHighCardinalityKeyValue("db.tablemapper.partition_key", department)
        .hasHighCardinalityKeyValue("tablemapper.rows.read", "2")
        .hasHighCardinalityKeyValueWithKey("db.query.text")
        .doesNotHaveParentObservation()
        .doesNotHaveError()
        .hasBeenStarted()
        .hasBeenStopped();
    OperationObservationContext query = operation(OperationType.QUERY);
    List<Observation.Context> requests = childrenOf(query);
    assertThat(requests).as("the range read's pages").isNotEmpty().allSatisfy(request -> {
      assertThat(request.getName()).isEqualTo(REQUEST);
      assertThat(request.getContextualName()).isEqualTo("query Company");
      assertThat(low(request, "db.operation.name")).isEqualTo("query");
      assertThat(low(request, "db.system.name")).isEqualTo(backend.system);
      assertThat(low(request, "tablemapper.outcome")).isEqualTo("success");
      assertThat(high(request, "db.tablemapper.partition_key")).isEqualTo(department);
      assertThat(request).isInstanceOf(StoreRequestObservationContext.class);
    });
    assertThat(contexts()).as("nothing but the operation and its requests").hasSize(requests.size() + 1);
  }

  @Test
  void aPointReadThroughAnIndexSendsItsGetsUnderTheOperation() {
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
    registry.clear();

    assertThat(employees.findByDepartmentAndEmail(department, "ken@contoso.com")).isPresent();

    OperationObservationContext query = operation(OperationType.QUERY);
    assertThat(low(query, "tablemapper.query.kind")).isEqualTo("point");
    assertThat(childrenOf(query)).isNotEmpty().allSatisfy(request -> {
      assertThat(request.getContextualName()).isEqualTo("get Company");
      assertThat(high(request, "db.tablemapper.partition_key")).isEqualTo(department);
    });
  }

  @Test
  void aWriteWithAnIndexCopyIsOneEntityGroupTransactionUnderItsOperation() {
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));

    OperationObservationContext insert = operation(OperationType.INSERT);
    assertThat(insert.getContextualName()).isEqualTo("insert Company");
    assertThat(low(insert, "db.operation.name")).isEqualTo("insert");
    assertThat(low(insert, "tablemapper.method")).isEqualTo("none");
    assertThat(low(insert, "tablemapper.query.kind")).isEqualTo("none");
    assertThat(high(insert, "tablemapper.rows.written")).as("the entity and its copy").isEqualTo("2");
    List<Observation.Context> batches = childrenOf(insert).stream()
        .filter(each -> "batch".equals(low(each, "db.operation.name"))).toList();
    assertThat(batches).hasSize(1);
    assertThat(batches.get(0).getContextualName()).isEqualTo("batch Company");
    assertThat(high(batches.get(0), "db.operation.batch.size")).isEqualTo("2");
    assertThat(high(batches.get(0), "db.tablemapper.partition_key")).isEqualTo(department);
    assertThat(contexts()).as("every observation is the insert or one of its requests")
        .allMatch(each -> each == insert || childrenOf(insert).contains(each));
  }

  @Test
  void aFailedWriteRecordsItsErrorOnTheOperationAndOnTheRefusedRequest() {
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
    registry.clear();

    assertThatThrownBy(() -> employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null)))
        .isInstanceOf(EntityExistsException.class);

    OperationObservationContext insert = operation(OperationType.INSERT);
    assertThat(insert.getError()).isInstanceOf(EntityExistsException.class);
    assertThat(low(insert, "tablemapper.outcome")).isEqualTo("failure");
    assertThat(low(insert, "error.type")).isEqualTo(EntityExistsException.class.getName());
    assertThat(childrenOf(insert)).as("the refused transaction").anySatisfy(request -> {
      assertThat(request.getError()).isNotNull();
      assertThat(low(request, "tablemapper.outcome")).isEqualTo("failure");
      assertThat(low(request, "error.type")).isEqualTo(request.getError().getClass().getName());
    });
  }

  @Test
  void anAsyncCallsRequestsNestUnderItsOperationWhicheverThreadSendsThem() {
    AsyncEmployeeRepository async = mapper.repository(AsyncEmployeeRepository.class);
    async.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null)).join();
    async.insert(new Employee(department, 2, "Kim", "kim@contoso.com", null)).join();
    registry.clear();

    assertThat(async.findByDepartment(department).join()).hasSize(2);
    assertThatThrownBy(() -> async.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null)).join())
        .isInstanceOf(CompletionException.class).hasCauseInstanceOf(EntityExistsException.class);

    OperationObservationContext query = operation(OperationType.QUERY);
    assertThat(low(query, "tablemapper.outcome")).isEqualTo("success");
    assertThat(childrenOf(query)).isNotEmpty()
        .allSatisfy(request -> assertThat(request.getContextualName()).isEqualTo("query Company"));
    OperationObservationContext insert = operation(OperationType.INSERT);
    assertThat(insert.getError()).isInstanceOf(EntityExistsException.class);
    assertThat(childrenOf(insert)).isNotEmpty();
    assertThat(contexts()).as("every request under one of the two operations").allMatch(each -> each == query
        || each == insert || childrenOf(query).contains(each) || childrenOf(insert).contains(each));
    assertThat(contexts()).as("every observation stopped (its outcome known) once the futures completed")
        .allSatisfy(each -> assertThat(low(each, "tablemapper.outcome")).isIn("success", "failure"));
  }

  @Test
  void theStepsOfPendingWorkAreSpansBetweenTheWriteAndTheirRequests() {
    BadgeRepository badges = mapper.repository(BadgeRepository.class);
    badges.insert(new Badge(department, 1, "C-" + department));
    // an update that moves the code: its step deletes the old copy (an insert's claim is its copy, its step has
    // nothing to do)
    badges.update(new Badge(department, 1, "D-" + department));

    OperationObservationContext update = operation(OperationType.UPDATE);
    List<Observation.Context> steps = childrenOf(update).stream()
        .filter(each -> "pending_step".equals(low(each, "db.operation.name"))).toList();
    assertThat(steps).as("the copy in the partition 'codes'").isNotEmpty();
    assertThat(steps).anySatisfy(step -> {
      assertThat(step.getContextualName()).isEqualTo("pending_step Badges");
      assertThat(low(step, "tablemapper.outcome")).isEqualTo("success");
      assertThat(childrenOf(step)).as("the step's own requests").isNotEmpty()
          .allMatch(request -> REQUEST.equals(request.getName()));
    });
  }

  @Test
  void anAsyncWritesPendingStepKeepsItsRequestsUnderIt() {
    AsyncBadgeRepository badges = mapper.repository(AsyncBadgeRepository.class);
    badges.insert(new Badge(department, 1, "C-" + department)).join();
    registry.clear();
    badges.update(new Badge(department, 1, "D-" + department)).join(); // moves the code: its step has work

    OperationObservationContext update = operation(OperationType.UPDATE);
    List<Observation.Context> steps = childrenOf(update).stream()
        .filter(each -> "pending_step".equals(low(each, "db.operation.name"))).toList();
    assertThat(steps).isNotEmpty().allSatisfy(step -> assertThat(childrenOf(step)).as("the step's requests")
        .isNotEmpty().allMatch(request -> REQUEST.equals(request.getName())));
    assertThat(contexts()).as("every observation the update, a request or step of it, or a step's request")
        .allMatch(each -> each == update || childrenOf(update).contains(each)
            || steps.stream().anyMatch(step -> childrenOf(step).contains(each)));
  }

  @Test
  void aConventionOfTheApplicationReplacesTheDefaultNamesAndKeys() {
    TestObservationRegistry own = TestObservationRegistry.create();
    OperationObservationConvention named = new DefaultOperationObservationConvention() {
      @Override
      public String getName() {
        return "orders.store.operation";
      }
    };
    try (TableMapper custom = TableMapper.builder().backend(backend.newStore())
        .operationTracer(new TableMapperObservations(own, named, null)).build()) {
      custom.repository(EmployeeRepository.class).findByDepartment(department);
    }

    assertThat(own).hasObservationWithNameEqualTo("orders.store.operation").that()
        .hasLowCardinalityKeyValue("db.operation.name", "query");
    assertThat(own).hasNumberOfObservationsWithNameEqualTo(OPERATION, 0);
  }

  @Test
  void aRegistryWithoutHandlersObservesNothing() {
    ObservationRegistry noHandlers = ObservationRegistry.create();
    TableMapperObservations tracer = new TableMapperObservations(noHandlers);
    OperationTracer.OperationStart start = new OperationTracer.OperationStart(OperationType.QUERY, "Company",
        "Employee", null, null, "in-memory", StoreProfile.AZURE_TABLE_STORAGE);

    OperationTracer.Span span = tracer.operationStarted(start);

    assertThat(span).as("one span that does nothing, for every operation").isSameAs(tracer.operationStarted(start));
    assertThat(tracer.requestStarted(new OperationTracer.StoreRequest(OperationTracer.StoreRequest.Kind.GET,
        "Company", "Sales", null, 0, "in-memory", StoreProfile.AZURE_TABLE_STORAGE), span)).isSameAs(span);
    assertThat(noHandlers.getCurrentObservation()).isNull();
    try (TableMapper quiet = TableMapper.builder().backend(backend.newStore()).operationTracer(tracer).build()) {
      quiet.repository(EmployeeRepository.class).insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
      assertThat(quiet.repository(EmployeeRepository.class).findByDepartment(department)).hasSize(1);
    }
  }
}
