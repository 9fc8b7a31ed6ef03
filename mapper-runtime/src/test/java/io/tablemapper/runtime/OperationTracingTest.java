package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationTracer;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeAsyncRepository;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The seam an {@link OperationTracer} hooks into: a span per operation, ended with the event its listeners hear; a
 * span per store request under it, from whichever thread sends it; scopes closed where and in the order they were
 * opened; and a tracer that throws never reaching the caller. On every backend.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class OperationTracingTest {

  /** One span as the tracer saw it. */
  static final class Recorded implements OperationTracer.Span {
    final Object what;
    final Recorded parent;
    volatile Object end;
    final AtomicInteger ends = new AtomicInteger();
    final Recording recording;

    Recorded(Object what, Recorded parent, Recording recording) {
      this.what = what;
      this.parent = parent;
      this.recording = recording;
    }

    @Override
    public OperationTracer.Scope open() {
      Deque<Recorded> open = recording.open.computeIfAbsent(Thread.currentThread(), thread -> new ArrayDeque<>());
      open.push(this);
      return () -> {
        if (open.peek() != this) {
          recording.misordered.incrementAndGet();
        }
        open.remove(this);
      };
    }

    @Override
    public void end(Throwable failure) {
      ends.incrementAndGet();
      end = failure == null ? "success" : failure;
    }

    @Override
    public void end(OperationEvent event) {
      ends.incrementAndGet();
      end = event;
    }
  }

  /** Records every span; the scopes open per thread. */
  static final class Recording implements OperationTracer {
    final List<Recorded> spans = new CopyOnWriteArrayList<>();
    final Map<Thread, Deque<Recorded>> open = new ConcurrentHashMap<>();
    final AtomicInteger misordered = new AtomicInteger();

    @Override
    public Span operationStarted(OperationStart operation) {
      Recorded span = new Recorded(operation, null, this);
      spans.add(span);
      return span;
    }

    @Override
    public Span requestStarted(StoreRequest request, Span parent) {
      Recorded span = new Recorded(request, (Recorded) parent, this);
      spans.add(span);
      return span;
    }

    List<Recorded> operations() {
      return spans.stream().filter(each -> each.what instanceof OperationStart).toList();
    }

    List<Recorded> requestsUnder(Recorded operation) {
      return spans.stream().filter(each -> each.parent != null && (each.parent == operation
          || each.parent.parent == operation)).toList();
    }
  }

  private final Recording tracer = new Recording();
  private final List<OperationEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final EmployeeRepository employees;

  OperationTracingTest(Stores stores) {
    this.mapper = TableMapper.builder()
        .backend(stores.newStore())
        .pendingCompleters(0) // its looks for pending work are operations of their own, traced too
        .operationListener(events::add)
        .operationTracer(tracer)
        .build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private void assertEveryScopeClosedInOrderAndEverySpanEndedOnce() {
    // after quiescence: an async operation's future completes before its pool thread closes the scope it ran in
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline && !(tracer.open.values().stream().allMatch(Deque::isEmpty)
        && tracer.spans.stream().allMatch(span -> span.ends.get() > 0))) {
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    assertThat(tracer.misordered).hasValue(0);
    assertThat(tracer.open.values()).allSatisfy(open -> assertThat(open).isEmpty());
    assertThat(tracer.spans).allSatisfy(span -> assertThat(span.ends).as("%s", span.what).hasValue(1));
  }

  @Test
  void eachOperationIsASpanEndedWithTheEventItsListenersHeard() {
    employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 123)).isPresent();

    assertThat(tracer.operations()).hasSize(2);
    assertThat(tracer.operations()).extracting(span -> span.end).containsExactlyElementsOf(events);
    OperationTracer.OperationStart insert = (OperationTracer.OperationStart) tracer.operations().get(0).what;
    assertThat(insert.type()).isEqualTo(OperationType.INSERT);
    assertThat(insert.entity()).isEqualTo("Employee");
    assertThat(insert.store()).as("the backend's name").isNotBlank();
    assertThat(insert.table()).isEqualTo(events.get(0).table());
    OperationTracer.OperationStart find = (OperationTracer.OperationStart) tracer.operations().get(1).what;
    assertThat(find.method()).isEqualTo("EmployeeRepository.findByDepartmentAndEmployeeId");
    assertThat(find.kind()).isEqualTo(io.tablemapper.api.QueryKind.POINT);
    assertThat(tracer.spans).as("every span an operation or under one")
        .allMatch(each -> each.parent == null || each.parent.parent == null || each.parent.parent.parent == null);
    List<Recorded> gets = tracer.requestsUnder(tracer.operations().get(1));
    assertThat(gets).singleElement().satisfies(get -> {
      OperationTracer.StoreRequest request = (OperationTracer.StoreRequest) get.what;
      assertThat(request.kind()).isEqualTo(OperationTracer.StoreRequest.Kind.GET);
      assertThat(request.partitionKey()).isEqualTo("Sales");
      assertThat(get.end).isEqualTo("success");
    });
    assertThat(events.get(1).requests()).as("a span per request counted").isEqualTo(gets.size());
    assertEveryScopeClosedInOrderAndEverySpanEndedOnce();
  }

  @Test
  void theParallelReadsOfAnAsyncUnionAreSpansUnderItsOperation() {
    employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    employees.insert(Employee.of("Marketing", 7, "Kim", "Kwok", 41, "kim@contoso.com"));
    tracer.spans.clear();
    events.clear();

    EmployeeAsyncRepository async = mapper.repository(EmployeeAsyncRepository.class);
    assertThat(async.findByDepartmentIn(List.of("Sales", "Marketing", "Legal")).join()).hasSize(2);

    Recorded union = tracer.operations().get(0);
    assertThat(tracer.operations()).hasSize(1);
    List<Recorded> reads = tracer.requestsUnder(union);
    assertThat(reads).extracting(read -> ((OperationTracer.StoreRequest) read.what).partitionKey())
        .containsExactlyInAnyOrder("Sales", "Marketing", "Legal");
    assertThat(tracer.spans).hasSize(reads.size() + 1);
    assertThat(events).singleElement().satisfies(event -> assertThat(event.requests()).isEqualTo(reads.size()));
    assertEveryScopeClosedInOrderAndEverySpanEndedOnce();
  }

  @Test
  void aFailedOperationEndsItsSpanWithTheExceptionTheCallerGot() {
    employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
    tracer.spans.clear();

    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
        () -> employees.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com")));

    assertThat(thrown).isInstanceOf(EntityExistsException.class);
    Recorded insert = tracer.operations().get(0);
    assertThat(((OperationEvent) insert.end).failure()).isSameAs(thrown);
    assertThat(tracer.requestsUnder(insert)).anySatisfy(request -> assertThat(request.end).isInstanceOf(
        Throwable.class));
    assertEveryScopeClosedInOrderAndEverySpanEndedOnce();
  }

  @Test
  void aTracerThatThrowsNeverReachesTheCaller() {
    OperationTracer broken = new OperationTracer() {
      @Override
      public Span operationStarted(OperationStart operation) {
        return new Span() {
          @Override
          public Scope open() {
            throw new IllegalStateException("open");
          }

          @Override
          public void end(Throwable failure) {
            throw new IllegalStateException("end");
          }
        };
      }

      @Override
      public Span requestStarted(StoreRequest request, Span parent) {
        throw new IllegalStateException("requestStarted");
      }
    };
    List<OperationEvent> heard = new CopyOnWriteArrayList<>();
    try (TableMapper brokenMapper = TableMapper.builder().backend(Stores.MEMORY_SHARED_VERSIONS.newStore())
        .operationTracer(broken).operationListener(heard::add).build()) {
      EmployeeRepository repository = brokenMapper.repository(EmployeeRepository.class);
      repository.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com"));
      assertThat(repository.findByDepartmentAndEmployeeId("Sales", 123)).isPresent();
      assertThatThrownBy(() -> repository.insert(Employee.of("Sales", 123, "Ken", "Kwok", 23, "kenk@contoso.com")))
          .isInstanceOf(EntityExistsException.class);
      assertThat(brokenMapper.repository(EmployeeAsyncRepository.class)
          .findByDepartmentIn(List.of("Sales", "Legal")).join()).hasSize(1);
    }
    assertThat(heard).hasSize(4);
  }
}
