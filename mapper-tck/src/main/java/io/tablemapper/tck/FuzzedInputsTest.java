package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Random, hostile input through the public API, the same on every backend: keys and values with every forbidden
 * and exotic character (the key's forbidden ones, control characters, surrogate pairs and lone surrogates,
 * combining marks, CJK), lengths at and over each limit, and query arguments of the same kind. Each write either
 * stores exactly what it was given, read back equal, or is refused with the specific exception and leaves the
 * store as it was; each query returns only what matches it or refuses its argument.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class FuzzedInputsTest {
  private static final int TRIES = 120;

  private final TableBackend store;
  private final TableMapper mapper;
  private final EmployeeRepository employees;

  FuzzedInputsTest(StoreUnderTest stores) {
    this.store = stores.newStore();
    this.mapper = TableMapper.builder().backend(store).build();
    this.employees = mapper.repository(EmployeeRepository.class);
    employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "ken@x"));
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** A random string of hostile characters, of a length near one of the store's limits now and then. */
  static String hostile(Random random) {
    int length = switch (random.nextInt(10)) {
      case 0 -> 1000 + random.nextInt(60);      // around the key limit of 1024
      case 1 -> 32_760 + random.nextInt(20);    // around the string limit of 32 Ki characters
      case 2 -> 0;
      default -> 1 + random.nextInt(12);
    };
    StringBuilder text = new StringBuilder(length);
    while (text.length() < length) {
      switch (random.nextInt(12)) {
        case 0 -> text.append("/\\#?".charAt(random.nextInt(4)));
        case 1 -> text.append((char) random.nextInt(0x20));
        case 2 -> text.append((char) (0x7F + random.nextInt(0x21)));
        case 3 -> text.appendCodePoint(0x1F600 + random.nextInt(0x40)); // a surrogate pair
        case 4 -> text.append((char) (0xD800 + random.nextInt(0x800))); // a lone surrogate
        case 5 -> text.append('\u0301');                                 // a combining mark
        case 6 -> text.append((char) (0x4E00 + random.nextInt(0x5000)));
        case 7 -> text.append("'\" or ''='").charAt(0);
        case 8 -> text.append('\u2028');
        default -> text.append((char) ('a' + random.nextInt(26)));
      }
    }
    return text.length() > length ? text.substring(0, length) : text.toString();
  }

  private List<TableRow> rows() {
    return RawRows.all(store, "Company");
  }

  @Test
  void aHostileKeyIsStoredExactlyOrRefusedAsAnInvalidKeyLeavingTheStoreUnchanged() {
    Random random = new Random(7);
    for (int i = 0; i < TRIES; i++) {
      String department = hostile(random);
      Employee employee = Employee.of(department, 1000 + i, "F", "L", 30, "e" + i + "@x");
      List<TableRow> before = rows();
      try {
        employees.insert(employee);
      } catch (InvalidKeyException refused) {
        assertThat(rows()).as("rows after refusing department %s", printable(department)).isEqualTo(before);
        continue;
      } catch (RuntimeException other) {
        fail("department " + printable(department) + " was neither stored nor refused as an invalid key", other);
      }
      Optional<Employee> read = employees.findByDepartmentAndEmployeeId(department, 1000 + i);
      assertThat(read).as("department %s read back", printable(department)).isPresent();
      assertThat(read.get().department()).isEqualTo(department);
    }
  }

  @Test
  void aHostileValueIsStoredExactlyOrRefusedAsAnInvalidEntityLeavingTheStoreUnchanged() {
    Random random = new Random(8);
    for (int i = 0; i < TRIES; i++) {
      String firstName = hostile(random);
      Employee employee = Employee.of("Fuzz", i, firstName, "L", 30, "v" + i + "@x");
      List<TableRow> before = rows();
      try {
        employees.insert(employee);
      } catch (InvalidEntityException refused) {
        assertThat(rows()).as("rows after refusing first name %s", printable(firstName)).isEqualTo(before);
        continue;
      } catch (RuntimeException other) {
        fail("first name " + printable(firstName) + " was neither stored nor refused as an invalid entity", other);
      }
      assertThat(employees.findByDepartmentAndEmployeeId("Fuzz", i).orElseThrow().firstName())
          .as("first name %s read back", printable(firstName)).isEqualTo(firstName);
    }
  }

  @Test
  void aHostileQueryArgumentFindsOnlyWhatMatchesIt() {
    Random random = new Random(9);
    for (int i = 0; i < TRIES; i++) {
      String department = random.nextInt(4) == 0 ? "Sales" : hostile(random);
      String lastName = random.nextInt(4) == 0 ? "Kwok" : hostile(random);
      List<Employee> found;
      try {
        found = employees.findByDepartmentAndLastName(department, lastName);
      } catch (InvalidKeyException refused) {
        continue;
      } catch (RuntimeException other) {
        fail("query of " + printable(department) + ", " + printable(lastName) + " failed", other);
        return;
      }
      assertThat(found).allMatch(e -> e.department().equals(department) && e.lastName().equals(lastName));
      if (department.equals("Sales") && lastName.equals("Kwok")) {
        assertThat(found).hasSize(1);
      }
    }
  }

  private static String printable(String text) {
    StringBuilder shown = new StringBuilder();
    text.codePoints().limit(40).forEach(c -> {
      if (c < 0x20 || c >= 0x7F && c < 0xA0 || c >= 0xD800 && c < 0xE000) {
        shown.append(String.format("\\u%04X", c));
      } else {
        shown.appendCodePoint(c);
      }
    });
    return "'" + shown + (text.length() > 40 ? "…' (" + text.length() + " chars)" : "'");
  }
}
