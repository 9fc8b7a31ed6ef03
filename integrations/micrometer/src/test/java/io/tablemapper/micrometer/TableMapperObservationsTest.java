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
import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.IndexReport;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
          lastAzure = Azurite.connectionString(account++ % Azurite.ACCOUNTS);
          return AzureTablesBackend.fromConnectionString(lastAzure);
      }
    }
  }

  /** The next of Azurite's accounts: each test a fresh one. */
  private static int account;
  /** The connection string of the Azure store made last. */
  private static String lastAzure;

  private final TestObservationRegistry registry = TestObservationRegistry.create();
  private final Backend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private final String department;

  TableMapperObservationsTest(Backend backend) {
    this.backend = backend;
    this.mapper = TableMapper.builder()
        .backend(backend.newStore())
        .pendingCompleters(0) // its looks for pending work are observations of their own
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

  /** Whether {@code context} is a descendant of {@code root}. */
  private static boolean under(Observation.Context context, Observation.Context root) {
    Observation.ContextView at = context;
    while (at instanceof Observation.Context each && each.getParentObservation() != null) {
      at = each.getParentObservation().getContextView();
      if (at == root) {
        return true;
      }
    }
    return false;
  }

  /** The part of a connection string after {@code key=}, up to its {@code ;}. */
  private static String part(String connectionString, String key) {
    Matcher found = Pattern.compile("(?:^|;)" + key + "=([^;]*)").matcher(connectionString);
    assertThat(found.find()).as("%s in the connection string", key).isTrue();
    return found.group(1);
  }

  @Test
  void theSpansNameTheStoresAccountOrDatabaseAndItsServer() {
    String connection = lastAzure;
    employees.insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));

    OperationObservationContext insert = operation(OperationType.INSERT);
    List<Observation.Context> spans = new ArrayList<>(childrenOf(insert));
    spans.add(insert);
    assertThat(spans).hasSizeGreaterThan(1).allSatisfy(each -> {
      switch (backend) {
        case MEMORY -> assertThat(List.of("db.namespace", "server.address", "server.port"))
            .allSatisfy(key -> assertThat(high(each, key)).as(key).isNull());
        case H2 -> {
          assertThat(high(each, "db.namespace")).as("the in-memory database's name").startsWith("tablemapper-");
          assertThat(high(each, "server.address")).as("an embedded database's server").isNull();
          assertThat(high(each, "server.port")).isNull();
        }
        default -> {
          URI endpoint = URI.create(part(connection, "TableEndpoint"));
          assertThat(high(each, "db.namespace")).as("the account").isEqualTo(part(connection, "AccountName"));
          assertThat(high(each, "server.address")).isEqualTo(endpoint.getHost());
          assertThat(high(each, "server.port")).isEqualTo(Integer.toString(endpoint.getPort()));
        }
      }
      assertThat(low(each, "db.namespace")).as("not a timer's tag").isNull();
    });
  }

  @Test
  void anIndexBuildIsAnOperationWhoseScanAndWritesAreItsChildren() {
    BadgeRepository badges = mapper.repository(BadgeRepository.class);
    badges.insert(new Badge(department, 1, "C-" + department));
    registry.clear();

    IndexReport report = mapper.indexes(Badge.class).build("code");

    OperationObservationContext build = operation(OperationType.INDEX_BUILD);
    assertThat(build.getContextualName()).isEqualTo("IndexAdmin.build(code)");
    assertThat(build.getParentObservation()).isNull();
    assertThat(low(build, "db.operation.name")).isEqualTo("index_build");
    assertThat(low(build, "db.collection.name")).isEqualTo("Badges");
    assertThat(low(build, "tablemapper.entity")).isEqualTo("Badge");
    assertThat(low(build, "tablemapper.outcome")).isEqualTo("success");
    assertThat(Long.parseLong(high(build, "tablemapper.rows.read"))).isGreaterThanOrEqualTo(report.entitiesRead());
    assertThat(childrenOf(build)).as("the scan's pages").anySatisfy(request ->
        assertThat(request.getContextualName()).isEqualTo("query Badges"));
    assertThat(contexts()).as("every observation the build or under it")
        .allMatch(each -> each == build || under(each, build));
  }

  /**
   * Leaves the work of moving a badge's code pending in {@code store}: the step that deletes the old code's copy is
   * refused, and the writer completes nothing in the background.
   */
  private void leavePendingWork(TableBackend store) {
    try (TableMapper writer = TableMapper.builder().backend(new RefusingDeletes(store, "codes"))
        .pendingCompleters(0).build()) {
      BadgeRepository badges = writer.repository(BadgeRepository.class);
      badges.insert(new Badge(department, 1, "C-" + department));
      badges.update(new Badge(department, 1, "D-" + department));
    }
  }

  /** The steps of pending work under {@code operation}, each with its requests under it. */
  private List<Observation.Context> stepsUnder(Observation.Context operation) {
    List<Observation.Context> steps = childrenOf(operation).stream()
        .filter(each -> "pending_step".equals(low(each, "db.operation.name"))).toList();
    assertThat(steps).isNotEmpty().allSatisfy(step -> {
      assertThat(step.getContextualName()).isEqualTo("pending_step Badges");
      assertThat(childrenOf(step)).as("the step's requests").isNotEmpty()
          .allMatch(request -> REQUEST.equals(request.getName()));
    });
    return steps;
  }

  @Test
  void completePendingIsAnOperationWithTheStepsItAppliedUnderIt() {
    TableBackend store = backend.newStore();
    leavePendingWork(store);

    try (TableMapper completer = TableMapper.builder().backend(store).pendingCompleters(0)
        .operationTracer(new TableMapperObservations(registry)).build()) {
      assertThat(completer.completePending()).as("the delete of the old copy").isPositive();
    }

    OperationObservationContext complete = operation(OperationType.COMPLETE_PENDING);
    assertThat(complete.getContextualName()).isEqualTo("complete_pending");
    assertThat(low(complete, "tablemapper.outcome")).isEqualTo("success");
    List<Observation.Context> steps = stepsUnder(complete);
    assertThat(steps).anySatisfy(step -> assertThat(childrenOf(step)).anySatisfy(request ->
        assertThat(request.getContextualName()).isEqualTo("delete Badges")));
    assertThat(contexts()).as("one operation: the per-piece spans of the background completer are not opened in it")
        .allMatch(each -> each == complete || under(each, complete));
  }

  /** The looks of the background completer for pending work that ended with {@code outcome}. */
  private List<OperationObservationContext> polls(String outcome) {
    return contexts().stream()
        .filter(each -> each instanceof OperationObservationContext op
            && op.getStart().type() == OperationType.POLL_PENDING && outcome.equals(low(op, "tablemapper.outcome")))
        .map(OperationObservationContext.class::cast).toList();
  }

  @Test
  void eachLookOfTheBackgroundCompleterIsATraceOfItsOwnWithTheWorkItFoundUnderIt() throws InterruptedException {
    TableBackend store = backend.newStore();
    leavePendingWork(store);

    // a mapper that only runs its background completer: nothing in the loop calls it
    TableMapper completer = TableMapper.builder().backend(store).pendingPollInterval(Duration.ofMillis(20))
        .operationTracer(new TableMapperObservations(registry)).build();
    try {
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      do {
        Thread.sleep(20);
      } while ((polls("found").isEmpty() || polls("none").isEmpty()) && System.nanoTime() < deadline);
    } finally {
      completer.close();
    }

    OperationObservationContext found = polls("found").get(0);
    assertThat(found.getParentObservation()).as("a trace of its own").isNull();
    assertThat(found.getContextualName()).isEqualTo("BackgroundCompleter.look(slice 0 of 1)");
    assertThat(low(found, "db.operation.name")).isEqualTo("poll_pending");
    assertThat(low(found, "db.collection.name")).isEqualTo("TableMapperPending");
    assertThat(low(found, "tablemapper.method")).isEqualTo("BackgroundCompleter.look(slice 0 of 1)");
    assertThat(childrenOf(found)).as("the registry's page").anySatisfy(request ->
        assertThat(request.getContextualName()).isEqualTo("query TableMapperPending"));
    List<Observation.Context> work = childrenOf(found).stream().filter(each -> each instanceof
        OperationObservationContext op && op.getStart().type() == OperationType.COMPLETE_PENDING).toList();
    assertThat(work).as("the badge's work, found by the look").singleElement().satisfies(piece -> {
      assertThat(piece.getContextualName()).isEqualTo("complete_pending Badges");
      assertThat(low(piece, "tablemapper.outcome")).isEqualTo("success");
      stepsUnder(piece);
    });
    assertThat(polls("none")).as("the looks after it, which find nothing (and back off)").isNotEmpty()
        .allSatisfy(idle -> {
          assertThat(idle.getParentObservation()).isNull();
          assertThat(childrenOf(idle)).as("the registry's page, or whether it exists").isNotEmpty()
              .allMatch(request -> REQUEST.equals(request.getName()));
        });
    assertThat(contexts()).as("every observation a look or under one").allMatch(each ->
        each instanceof OperationObservationContext op && op.getStart().type() == OperationType.POLL_PENDING
            || contexts().stream().anyMatch(root -> root instanceof OperationObservationContext op
                && op.getStart().type() == OperationType.POLL_PENDING && under(each, root)));
  }

  @Test
  void anObservationPredicateThatDeclinesTheLooksLeavesNoneOfTheirRequests() throws InterruptedException {
    TestObservationRegistry declining = TestObservationRegistry.create();
    declining.observationConfig().observationPredicate((name, context) -> !(context
        instanceof OperationObservationContext operation && operation.getStart().type() == OperationType.POLL_PENDING));
    TableMapper idle = TableMapper.builder().backend(backend.newStore()).pendingPollInterval(Duration.ofMillis(10))
        .pendingMaxPollInterval(Duration.ofMillis(10)).operationTracer(new TableMapperObservations(declining)).build();
    try {
      Thread.sleep(150); // some 14 looks
      idle.repository(EmployeeRepository.class).findByDepartment(department);
    } finally {
      idle.close();
    }

    assertThat(declining).hasNumberOfObservationsWithNameEqualTo(OPERATION, 1)
        .hasHandledContextsThatSatisfy(all -> assertThat(all).as("the query and its requests: no look's request")
            .allMatch(each -> each instanceof OperationObservationContext
                || each.getParentObservation() != null && all.contains(each.getParentObservation().getContextView())));
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
    try (TableMapper custom = TableMapper.builder().backend(backend.newStore()).pendingCompleters(0)
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
        "Employee", null, null, "in-memory", StoreProfile.AZURE_TABLE_STORAGE,
        StoreDescription.of("tablemapper.memory"));

    OperationTracer.Span span = tracer.operationStarted(start);

    assertThat(span).as("one span that does nothing, for every operation").isSameAs(tracer.operationStarted(start));
    assertThat(tracer.requestStarted(new OperationTracer.StoreRequest(OperationTracer.StoreRequest.Kind.GET,
        "Company", "Sales", null, 0, "in-memory", StoreProfile.AZURE_TABLE_STORAGE,
        StoreDescription.of("tablemapper.memory")), span)).isSameAs(span);
    assertThat(noHandlers.getCurrentObservation()).isNull();
    try (TableMapper quiet = TableMapper.builder().backend(backend.newStore()).operationTracer(tracer).build()) {
      quiet.repository(EmployeeRepository.class).insert(new Employee(department, 1, "Ken", "ken@contoso.com", null));
      assertThat(quiet.repository(EmployeeRepository.class).findByDepartment(department)).hasSize(1);
    }
  }
}
