package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeOrderRepository;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Results defined by key order are the same on every store, one that keeps no key order (the Cosmos DB Table API)
 * too: {@code OrderBy} lists, streams and pages, {@code First} and {@code TopN} (the log tail) return the entities
 * Table Storage returns, in its order; on a store without key order the plan says they were sorted in the client.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class KeyOrderTest {
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableBackend store;
  private final TableMapper mapper;
  private final EmployeeOrderRepository employees;
  private final List<Employee> sales = new ArrayList<>();

  KeyOrderTest(StoreUnderTest under) {
    this.store = under.newStore();
    this.mapper = TableMapper.builder().backend(store).queryListener(events::add).build();
    this.employees = mapper.repository(EmployeeOrderRepository.class);
  }

  @BeforeEach
  void fill() {
    List<Integer> ids = IntStream.range(0, 30).map(i -> 7 * i + 3).boxed().collect(Collectors.toList());
    Collections.shuffle(ids, new Random(35)); // written in no key order
    for (int id : ids) {
      sales.add(employees.insert(Employee.of("Sales", id, "F" + id, "L" + id, 20 + id % 40, "e" + id + "@contoso.com")));
    }
    employees.insert(Employee.of("Marketing", 1, "M", "K", 50, "m@contoso.com"));
    sales.sort((a, b) -> Integer.compare(a.employeeId(), b.employeeId()));
    events.clear();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void anOrderByListAndStreamReturnEveryEntityInKeyOrder() {
    assertThat(employees.findByDepartmentOrderByEmployeeId("Sales")).isEqualTo(sales);
    try (Stream<Employee> stream = employees.streamByDepartmentOrderByEmployeeId("Sales")) {
      assertThat(stream.collect(Collectors.toList())).isEqualTo(sales);
    }
    assertThat(events.get(0).plan()).endsWith(store.profile().costNote());
  }

  @Test
  void firstAndTopReturnTheFirstInKeyOrderAsTheLogTailDoes() {
    assertThat(employees.findFirstByDepartmentOrderByEmployeeId("Sales")).contains(sales.get(0));
    assertThat(employees.findTop5ByDepartmentAndEmployeeIdGreaterThanOrderByEmployeeId("Sales", 100))
        .isEqualTo(sales.stream().filter(e -> e.employeeId() > 100).limit(5).toList());
    if (!store.profile().ordered()) {
      assertThat(events.get(0).plan()).contains("sorted in the client (warning: reads every row of its range");
    }
  }

  @Test
  void pagesTogetherHoldEveryEntityOnceInKeyOrder() {
    List<Employee> read = new ArrayList<>();
    Page<Employee> page = employees.findByDepartmentOrderByEmployeeId("Sales", PageRequest.of(7));
    read.addAll(page.items());
    while (page.hasNext()) {
      page = employees.findByDepartmentOrderByEmployeeId("Sales",
          PageRequest.after(page.continuationToken().orElseThrow(), 7));
      read.addAll(page.items());
    }

    assertThat(read).isEqualTo(sales);
  }
}
