package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.pending.LookSchedule;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * The background completer is quiet when idle, counted request by request: an idle mapper's looks space out
 * geometrically up to the maximum poll interval, each one request ({@code tableExists} while there is no registry); a
 * write that leaves work wakes it; work left by a dead process is completed by the next look of another mapper's
 * backed-off completer, which the schedule places at most the maximum poll interval later.
 */
@ParameterizedClass
@EnumSource(value = Stores.class, names = {"MEMORY_SHARED_VERSIONS", "H2"})
class QuietCompleterTest {
  private final TableBackend store;
  private final List<TableMapper> mappers = new ArrayList<>();

  QuietCompleterTest(Stores stores) {
    this.store = stores.newStore();
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
    store.close();
  }

  private static boolean isLook(String request) {
    return request.equals("tableExists " + PendingRows.REGISTRY_TABLE)
        || request.equals("query " + PendingRows.REGISTRY_TABLE);
  }

  /** A store seen by one mapper, counting its requests and when each was sent; never closes the store. */
  private static final class Counting extends ForwardingBackend {
    /** One line per request: its kind and table, with the nano time it was sent. */
    final List<String> requests = new ArrayList<>();
    final List<Long> sent = new ArrayList<>();
    /** Fails the next get of a pending work record once armed (the write's own completion of its work). */
    final AtomicBoolean failNextRecordRead = new AtomicBoolean();

    Counting(TableBackend store) {
      super(store);
    }

    private synchronized void count(String request) {
      requests.add(request);
      sent.add(System.nanoTime());
    }

    synchronized List<String> requests() {
      return List.copyOf(requests);
    }

    /** The looks at the registry: whether it exists, or a query of it. */
    synchronized long looks() {
      return requests.stream().filter(QuietCompleterTest::isLook).count();
    }

    /** The looks at the registry sent before the first transaction in partition {@code partitionKey}. */
    synchronized long looksBeforeBatchIn(String partitionKey) {
      long looks = 0;
      for (String request : requests) {
        if (request.startsWith("batch ") && request.endsWith(" " + partitionKey)) {
          return looks;
        }
        looks += isLook(request) ? 1 : 0;
      }
      return looks;
    }

    @Override
    public boolean tableExists(String table) {
      count("tableExists " + table);
      return super.tableExists(table);
    }

    @Override
    public boolean createTableIfNotExists(String table) {
      count("create " + table);
      return super.createTableIfNotExists(table);
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      count("get " + table);
      if (rowKey.startsWith(PendingRows.WORK_ROW_PREFIX) && failNextRecordRead.getAndSet(false)) {
        throw new IllegalArgumentException("the store cannot be reached");
      }
      return super.get(table, partitionKey, rowKey);
    }

    @Override
    public QueryResult query(TableQuery query) {
      count("query " + query.table());
      return super.query(query);
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      count("write " + table);
      return super.write(table, operation);
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      count("batch " + table + " " + operations.get(0).row().partitionKey());
      return super.batch(table, operations);
    }

    @Override
    public void close() {}
  }

  private TableMapper background(TableBackend backend, Duration poll, Duration max) {
    TableMapper mapper = ((TableMapperBuilder) TableMapper.builder().backend(backend).pendingCompleters(1)
        .pendingPollInterval(poll).pendingMaxPollInterval(max)).pendingGrace(Duration.ZERO).build();
    mappers.add(mapper);
    return mapper;
  }

  private static Employee ken(String department) {
    return Employee.of(department, 123, "Ken", "Kwok", 23, "kenk@contoso.com");
  }

  @Test
  void anIdleMapperWithoutARegistryAsksOnlyWhetherItExistsAtTheBackedOffRate() {
    Counting counting = new Counting(store);
    TableMapper idle = background(counting, Duration.ofMillis(10), Duration.ofMillis(80));
    int looks = 8;
    assertThat(Waits.eventually(() -> counting.looks() >= looks)).isTrue();
    idle.close();

    List<String> requests = counting.requests();
    assertThat(requests).as("every request of the idle mapper").allMatch(
        r -> r.equals("tableExists " + PendingRows.REGISTRY_TABLE));
    // the looks are spaced by the schedule's waits, each at least 10, 20, 40, 80, 80, ... ms after the previous:
    // N looks of an idle mapper are N requests, sent over at least the schedule's time
    LookSchedule expected = new LookSchedule(Duration.ofMillis(10), Duration.ofMillis(80));
    List<Long> gaps = new ArrayList<>();
    List<Long> waits = new ArrayList<>();
    synchronized (counting) {
      for (int i = 1; i < looks; i++) {
        gaps.add(TimeUnit.NANOSECONDS.toMillis(counting.sent.get(i) - counting.sent.get(i - 1)));
        waits.add(expected.afterLook(false, 0));
      }
    }
    assertThat(waits).containsExactly(20L, 40L, 80L, 80L, 80L, 80L, 80L);
    for (int i = 0; i < gaps.size(); i++) {
      assertThat(gaps.get(i)).as("wait before look %d (%s)", i + 2, gaps).isGreaterThanOrEqualTo(waits.get(i) - 1);
    }
  }

  @Test
  void aWriteThatLeavesWorkWakesItsCompleter() {
    Counting counting = new Counting(store);
    // polls once an hour: only a wake makes it look within the test
    TableMapper mapper = background(counting, Duration.ofHours(1), Duration.ofHours(1));
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
    Employee inSales = employees.insert(ken("Sales"));
    counting.failNextRecordRead.set(true);

    mapper.eventually().delete(inSales).insert(ken("Marketing")).commit();

    assertThat(Waits.eventually(() -> employees.findByDepartmentAndEmployeeId("Marketing", 123).isPresent()))
        .as("completed by the woken completer").isTrue();
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 123)).isEmpty();
    assertThat(counting.failNextRecordRead).isFalse();
    assertThat(Waits.eventually(() -> registryEmpty())).isTrue();
  }

  @Test
  void workLeftByADeadMapperIsCompletedByTheNextLookOfABackedOffCompleter() throws Exception {
    try (TableMapper setup = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      setup.repository(EmployeeRepository.class).insert(ken("Sales"));
      // a registry that exists: the idle looks below are queries of it
      setup.eventually().delete(ken("Sales")).insert(ken("Sales2")).commit();
      setup.eventually().delete(ken("Sales2")).insert(ken("Sales")).commit();
    }
    Counting counting = new Counting(store);
    TableMapper survivor = background(counting, Duration.ofMillis(10), Duration.ofMillis(80));
    EmployeeRepository employees = survivor.repository(EmployeeRepository.class);
    assertThat(Waits.eventually(() -> counting.looks() >= 6)).as("backed off to the maximum").isTrue();

    Employee inSales = employees.findByDepartmentAndEmployeeId("Sales", 123).orElseThrow();
    DyingBackend dying = DyingBackend.afterRecording(store);
    try (TableMapper dead = ManualCompletion.builder(dying).build()) {
      dead.eventually().delete(inSales).insert(ken("Marketing")).commit();
    }
    assertThat(dying.recorded).isTrue();
    long looksAtDeath = counting.looks();

    assertThat(Waits.eventually(() -> employees.findByDepartmentAndEmployeeId("Marketing", 123).isPresent()))
        .isTrue();
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 123)).isEmpty();
    // completed by the first look after the death (a look under way at the death may be a second): at most the
    // maximum poll interval after the work could be done. Counted up to the completer's transaction in Marketing,
    // not up to when this thread sees it: looks after one that found work come at the poll interval
    assertThat(counting.looksBeforeBatchIn("Marketing") - looksAtDeath).as("registry looks after the death")
        .isLessThanOrEqualTo(2);
  }

  private boolean registryEmpty() {
    return store.query(TableQuery.builder(PendingRows.REGISTRY_TABLE).limit(10).build()).rows().isEmpty();
  }
}
