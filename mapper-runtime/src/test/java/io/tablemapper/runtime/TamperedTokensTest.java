package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.values.JsonMappingContext;

/**
 * A continuation token is input from outside, which a caller may change: whatever is done to it — the backend
 * position of another query's token put in its place, its count of returned items changed, its bytes flipped — a
 * page it resumes never holds an entity outside its own query (partition, key range and filter), and a token that
 * cannot be used is refused with {@code IllegalArgumentException} or a {@code TableMapperException}, nothing else.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class TamperedTokensTest {
  private final TableMapper mapper;
  private final EmployeeRepository employees;

  TamperedTokensTest(Stores stores) {
    this.mapper = TableMapper.builder().backend(stores.newStore()).build();
    this.employees = mapper.repository(EmployeeRepository.class);
    for (int i = 0; i < 12; i++) {
      employees.insert(Employee.of("Sales", i, "S" + i, i % 2 == 0 ? "Even" : "Odd", 20 + i, "s" + i + "@x"));
      employees.insert(Employee.of("Marketing", 100 + i, "M" + i, "Odd", 40 + i, "m" + i + "@x"));
      employees.insert(Employee.of("Admin", 200 + i, "A" + i, "Odd", 60 + i, "a" + i + "@x"));
    }
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** The query under attack: Sales employees named Odd, two at a time. */
  private Page<Employee> salesOdd(PageRequest request) {
    return employees.findByDepartmentAndLastName("Sales", "Odd", request);
  }

  private static boolean inSalesOdd(Employee employee) {
    return employee.department().equals("Sales") && employee.lastName().equals("Odd");
  }

  @Test
  void theBackendPositionOfAnotherQuerysTokenResumesOnlyWithinThisQuery() {
    String own = salesOdd(PageRequest.of(2)).continuationToken().orElseThrow();
    List<String> positions = new ArrayList<>();
    positions.add(backendPosition(employees.findByDepartment("Marketing", PageRequest.of(2))));
    positions.add(backendPosition(employees.findByDepartment("Admin", PageRequest.of(3))));
    positions.add(backendPosition(employees.findByDepartmentAndAgeGreaterThan("Sales", 0, PageRequest.of(5))));
    positions.add(backendPosition(employees.findByDepartment("Sales", PageRequest.of(11))));
    positions.add("");
    positions.add("not a backend token");

    for (String position : positions) {
      ObjectNode json = decode(own);
      json.put("b", position);
      assertResumesWithinTheQuery(encode(json), "backend position " + position);
    }
  }

  @Test
  void aChangedCountOfReturnedItemsResumesOnlyWithinThisQuery() {
    String own = salesOdd(PageRequest.of(2)).continuationToken().orElseThrow();
    for (int returned : new int[] {-1, 0, 1, 5, 1000, Integer.MAX_VALUE}) {
      ObjectNode json = decode(own);
      json.put("n", returned);
      assertResumesWithinTheQuery(encode(json), "count " + returned);
    }
  }

  @Test
  void flippedBytesNeverReachAnotherEntity() {
    byte[] own = Base64.getUrlDecoder().decode(salesOdd(PageRequest.of(2)).continuationToken().orElseThrow());
    Random random = new Random(42);
    for (int i = 0; i < 150; i++) {
      byte[] tampered = own.clone();
      for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
        tampered[random.nextInt(tampered.length)] ^= (byte) (1 << random.nextInt(8));
      }
      assertResumesWithinTheQuery(Base64.getUrlEncoder().withoutPadding().encodeToString(tampered),
          "flipped bytes");
    }
  }

  private void assertResumesWithinTheQuery(String token, String tampering) {
    List<Employee> read = new ArrayList<>();
    try {
      Page<Employee> page = salesOdd(PageRequest.after(token, 2));
      read.addAll(page.items());
      for (int pages = 0; page.hasNext() && pages < 10; pages++) {
        page = salesOdd(PageRequest.after(page.continuationToken().orElseThrow(), 2));
        read.addAll(page.items());
      }
    } catch (IllegalArgumentException | TableMapperException refused) {
      return; // refused, as a token that cannot be used must be
    }
    assertThat(read).as("entities read after tampering with the token (%s)", tampering)
        .allMatch(TamperedTokensTest::inSalesOdd);
  }

  private static String backendPosition(Page<?> page) {
    return decode(page.continuationToken().orElseThrow()).get("b").textValue();
  }

  private static ObjectNode decode(String token) {
    return (ObjectNode) readTree(Base64.getUrlDecoder().decode(token));
  }

  private static com.fasterxml.jackson.databind.JsonNode readTree(byte[] json) {
    try {
      return JsonMappingContext.json().readTree(json);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static String encode(ObjectNode json) {
    try {
      return Base64.getUrlEncoder().withoutPadding().encodeToString(JsonMappingContext.json().writeValueAsBytes(json));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }
}
