package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

@ParameterizedClass
@ArgumentsSource(KitStores.class)
class PagingTest {
  /** The store's position in a page token's JSON. */
  private static final String POSITION = "\"b\":\"[^\"]*\"";

  private final TableBackend store;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final EmployeeRepository employees;
  private final List<Employee> sales = new ArrayList<>();

  PagingTest(StoreUnderTest under) {
    this.store = under.newStore();
    this.backend = new InterceptingBackend(store);
    this.mapper = TableMapper.builder().backend(backend).build();
    this.employees = mapper.repository(EmployeeRepository.class);
  }

  @BeforeEach
  void fill() {
    IntStream.range(0, 25).forEach(i -> sales.add(employees.insert(
        Employee.of("Sales", i, "First" + i, i % 2 == 0 ? "Even" : "Odd", 20 + i, "e" + i + "@contoso.com"))));
    employees.insert(Employee.of("Marketing", 99, "M", "Odd", 70, "m@contoso.com"));
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static <T> List<T> readAll(int size, Function<PageRequest, Page<T>> query) {
    List<T> all = new ArrayList<>();
    Page<T> page = query.apply(PageRequest.of(size));
    all.addAll(page.items());
    while (page.hasNext()) {
      assertThat(page.items()).hasSize(size);
      page = query.apply(PageRequest.after(page.continuationToken().orElseThrow(), size));
      all.addAll(page.items());
    }
    return all;
  }

  @Test
  void pagesCoverEveryEntityOnceInKeyOrder() {
    assertThat(readAll(10, request -> employees.findByDepartment("Sales", request))).isEqualTo(sales);
  }

  @Test
  void pagesAreFilledAcrossShortAndEmptyBackendPages() {
    backend.stingyPages(3);

    Page<Employee> first = employees.findByDepartment("Sales", PageRequest.of(7));

    assertThat(first.items()).isEqualTo(sales.subList(0, 7));
    assertThat(readAll(7, request -> employees.findByDepartment("Sales", request))).isEqualTo(sales);
  }

  @Test
  void pagesOfAFilteredPartitionScanResumeExactlyAfterTheLastItem() {
    backend.stingyPages(4);
    List<Employee> expected = sales.stream().filter(e -> e.age() > 30).toList();

    assertThat(readAll(4, request -> employees.findByDepartmentAndAgeGreaterThan("Sales", 30, request)))
        .isEqualTo(expected);
  }

  @Test
  void pagesThroughAPartialCopyIndexResolveEachEntity() {
    List<Employee> odd = sales.stream().filter(e -> e.lastName().equals("Odd")).toList();

    assertThat(readAll(5, request -> employees.findByDepartmentAndLastName("Sales", "Odd", request)))
        .isEqualTo(odd);
  }

  @Test
  void aTokenResumesInABrandNewMapperAsInAnotherProcess() {
    Page<Employee> first = employees.findByDepartment("Sales", PageRequest.of(10));
    String token = first.continuationToken().orElseThrow();

    try (TableMapper restarted = TableMapper.builder().backend(store).build()) {
      Page<Employee> second = restarted.repository(EmployeeRepository.class)
          .findByDepartment("Sales", PageRequest.after(token, 10));
      assertThat(second.items()).isEqualTo(sales.subList(10, 20));
    }
  }

  @Test
  void theLastPageHasNoToken() {
    Page<Employee> page = employees.findByDepartment("Sales", PageRequest.of(1000));

    assertThat(page.items()).hasSize(25);
    assertThat(page.continuationToken()).isEmpty();
  }

  @Test
  void aTopNQueryStopsPagingAfterNEntities() {
    Page<Employee> first = employees.findTop3ByDepartment("Sales", PageRequest.of(2));
    Page<Employee> second = employees.findTop3ByDepartment("Sales",
        PageRequest.after(first.continuationToken().orElseThrow(), 2));

    assertThat(first.items()).isEqualTo(sales.subList(0, 2));
    assertThat(second.items()).isEqualTo(sales.subList(2, 3));
    assertThat(second.continuationToken()).isEmpty();
  }

  @Test
  void tokensAreUrlSafeText() {
    String token = employees.findByDepartment("Sales", PageRequest.of(3)).continuationToken().orElseThrow();

    assertThat(token).matches("[A-Za-z0-9_-]+");
  }

  @Test
  void aTokenOfAnotherQueryIsRejectedSayingSo() {
    String salesToken = employees.findByDepartment("Sales", PageRequest.of(3)).continuationToken().orElseThrow();

    assertThatThrownBy(() -> employees.findByDepartment("Marketing", PageRequest.after(salesToken, 3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("issued for another query than EmployeeRepository.findByDepartment");
    assertThatThrownBy(() -> employees.findByDepartmentAndAgeGreaterThan("Sales", 1,
        PageRequest.after(salesToken, 3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("another query");
  }

  @Test
  void aGarbledTokenIsRejected() {
    String token = employees.findByDepartment("Sales", PageRequest.of(3)).continuationToken().orElseThrow();
    String notJson = Base64.getUrlEncoder().encodeToString("hello".getBytes());

    for (String garbled : List.of("%%%", notJson, token.substring(0, token.length() / 2), "e30")) {
      assertThatThrownBy(() -> employees.findByDepartment("Sales", PageRequest.after(garbled, 3)))
          .as(garbled)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("continuation token");
    }
  }

  /**
   * A token whose position in the store was changed: on a store that keeps no key order the position is the
   * runtime's own ({@code tmsorted1.<PartitionKey>.<RowKey>}, the keys in Base64url, of a read sorted in the client),
   * and one that is not well formed is refused as a garbled token is, with {@code IllegalArgumentException}.
   */
  @Test
  void aTokenWhoseStorePositionIsGarbledIsRejected() {
    String token = employees.findByDepartment("Sales", PageRequest.of(3)).continuationToken().orElseThrow();
    String json = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
    assertThat(json).containsPattern(POSITION);

    for (String position : List.of("tmsorted1.", "tmsorted1.U2FsZXM", "tmsorted1.U2FsZXM.cl8w.eA", "tmsorted1.%%.%%",
        "tmsorted1..")) {
      String changed = Base64.getUrlEncoder().withoutPadding().encodeToString(
          json.replaceFirst(POSITION, "\"b\":\"" + position + "\"").getBytes(StandardCharsets.UTF_8));
      if (store.profile().ordered()) {
        // the store's own position: the backend refuses it, or resumes somewhere within the query
        try {
          assertThat(employees.findByDepartment("Sales", PageRequest.after(changed, 3)).items()).as(position)
              .allMatch(employee -> employee.department().equals("Sales"));
        } catch (IllegalArgumentException | TableMapperException refused) {
          assertThat(refused).as(position).hasMessageContaining("token");
        }
      } else if (position.equals("tmsorted1..")) {
        // two empty keys are well formed: before every row, the read resumes at its start
        assertThat(employees.findByDepartment("Sales", PageRequest.after(changed, 3)).items()).hasSize(3);
      } else {
        assertThatThrownBy(() -> employees.findByDepartment("Sales", PageRequest.after(changed, 3)))
            .as(position)
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("continuation token '" + position + "' of a read of table 'Company' is not one this"
                + " runtime issued for a read sorted in the client (a store that keeps no key order); pass"
                + " Page.continuationToken() unchanged, to the same method on the same store");
      }
    }
  }

  @Test
  void partitionPagesSkipCopiesAndResumeInANewMapper() {
    Page<Object> first = mapper.partition("Company", "Sales").page(PageRequest.of(10));
    // a partition's pages come in the store's order: key order, or on a store without one (Cosmos DB) any order,
    // each entity once
    boolean ordered = store.profile().ordered();
    if (ordered) {
      assertThat(first.items()).isEqualTo(new ArrayList<Object>(sales.subList(0, 10)));
    } else {
      assertThat(first.items()).hasSize(10).isSubsetOf(sales);
    }

    try (TableMapper restarted = TableMapper.builder().backend(store).entities(Employee.class).build()) {
      Page<Object> second = restarted.partition("Company", "Sales")
          .page(PageRequest.after(first.continuationToken().orElseThrow(), 100));
      if (ordered) {
        assertThat(second.items()).isEqualTo(new ArrayList<Object>(sales.subList(10, 25)));
      } else {
        List<Object> both = new ArrayList<>(first.items());
        both.addAll(second.items());
        assertThat(both).containsExactlyInAnyOrderElementsOf(sales);
      }
      assertThat(second.continuationToken()).isEmpty();
      assertThatThrownBy(() -> restarted.partition("Company", "Marketing")
          .page(PageRequest.after(first.continuationToken().orElseThrow(), 10)))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void typedPartitionPagesReturnOnlyThatType() {
    List<Employee> read = readAll(6, request -> mapper.partition("Company", "Sales").page(Employee.class, request));
    if (store.profile().ordered()) {
      assertThat(read).isEqualTo(sales);
    } else {
      assertThat(read).containsExactlyInAnyOrderElementsOf(sales); // the store's order, each entity once
    }
  }
}
