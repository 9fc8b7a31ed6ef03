package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeName;
import io.tablemapper.tck.fixtures.EmployeeProjections;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Rows another application wrote with the mapper's type but not in its class's shape, read under each
 * {@link MalformedRowPolicy} on every read path: point reads, ranges, scans, pages, streams, counts, index copies
 * (full and partial), projections, derived deletes and partition reads.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class MalformedRowsTest {
  private static final String TABLE = "Company";

  private final TableBackend backend;
  private final List<MalformedRowException> heard = new ArrayList<>();
  private final Employee ken = Employee.of("Sales", 1, "Ken", "Kwok", 23, "kenk@contoso.com");
  private final Employee kim = Employee.of("Sales", 2, "Kim", "Kwok", 31, "kimk@contoso.com");
  private final Employee lee = Employee.of("Sales", 3, "Lee", "Kwok", 45, "leek@contoso.com");
  private TableMapper mapper;

  MalformedRowsTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
  }

  @BeforeEach
  void fill() {
    // not closed: closing a mapper closes its backend
    TableMapper.builder().backend(backend).build().batch(TABLE, "Sales").insert(ken).insert(kim).insert(lee).commit();
    // another application stores Kim's age as an Int64, in her row and in the full copy under her email
    corrupt("empid_00000002", row -> row.putInt64("age", 31L));
    corrupt("email_kimk@contoso.com", row -> row.putInt64("age", 31L));
  }

  @AfterEach
  void close() {
    if (mapper != null) {
      mapper.close();
    }
    backend.close();
  }

  private void corrupt(String rowKey, java.util.function.UnaryOperator<TableRow.Builder> change) {
    TableRow stored = RawRows.get(backend, TABLE, "Sales", rowKey);
    TableRow changed = change.apply(stored.toBuilder()).build();
    backend.batch(TABLE, List.of(WriteOperation.upsertReplace(changed.withSystemProperties(null, null))));
  }

  private EmployeeRepository employees(MalformedRowPolicy policy) {
    mapper = TableMapper.builder().backend(backend).entities(Employee.class).malformedRows(policy)
        .malformedRowListener(heard::add).build();
    return mapper.repository(EmployeeRepository.class);
  }

  private static List<Integer> ids(List<Employee> employees) {
    return employees.stream().map(Employee::employeeId).collect(Collectors.toList());
  }

  @Test
  void aRangeQueryFailsByDefaultNamingTheTableTheKeysThePropertyAndTheProblem() {
    EmployeeRepository employees =
        TableMapper.builder().backend(backend).build().repository(EmployeeRepository.class);

    assertThatThrownBy(() -> employees.findByDepartment("Sales"))
        .isInstanceOfSatisfying(MalformedRowException.class, e -> {
          assertThat(e.table()).isEqualTo(TABLE);
          assertThat(e.partitionKey()).isEqualTo("Sales");
          assertThat(e.rowKey()).isEqualTo("empid_00000002");
          assertThat(e.property()).isEqualTo("age");
          assertThat(e.problem()).isEqualTo("is Edm.Int64, expected Edm.Int32");
        })
        .hasMessage("cannot read Employee from row (PartitionKey 'Sales', RowKey 'empid_00000002') of table Company:"
            + " property 'age' is Edm.Int64, expected Edm.Int32");
  }

  @Test
  void underFailEveryReadPathThrowsAndTheListenerHearsNothing() {
    EmployeeRepository employees = employees(MalformedRowPolicy.FAIL);

    assertThatThrownBy(() -> employees.findByDepartmentAndEmployeeId("Sales", 2))
        .isInstanceOf(MalformedRowException.class).hasMessageContaining("RowKey 'empid_00000002'");
    assertThatThrownBy(() -> employees.findByDepartmentAndEmail("Sales", "kimk@contoso.com"))
        .isInstanceOf(MalformedRowException.class).hasMessageContaining("property 'age' is Edm.Int64");
    assertThatThrownBy(() -> employees.findByDepartmentAndLastName("Sales", "Kwok"))
        .isInstanceOf(MalformedRowException.class).hasMessageContaining("RowKey 'empid_00000002'");
    assertThatThrownBy(() -> employees.streamByDepartment("Sales").collect(Collectors.toList()))
        .isInstanceOf(MalformedRowException.class);
    assertThatThrownBy(() -> mapper.partition(TABLE, "Sales").all())
        .isInstanceOf(MalformedRowException.class);
    assertThat(heard).isEmpty();
    assertThat(RawRows.rowKeys(backend, TABLE, "Sales")).contains("empid_00000001", "empid_00000003");
  }

  @Test
  void underSkipEveryRepositoryReadLeavesTheRowOutAndReportsIt() {
    EmployeeRepository employees = employees(MalformedRowPolicy.SKIP);

    assertThat(ids(employees.findByDepartment("Sales"))).containsExactly(1, 3);
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 2)).isEmpty();
    assertThatThrownBy(() -> employees.getByDepartmentAndEmployeeId("Sales", 2))
        .isInstanceOf(EntityNotFoundException.class);
    assertThat(ids(employees.findByDepartmentAndEmployeeIdBetween("Sales", 1, 3))).containsExactly(1, 3);
    assertThat(employees.findByDepartmentAndEmail("Sales", "kimk@contoso.com")).isEmpty();
    assertThat(ids(employees.findByDepartmentAndLastName("Sales", "Kwok"))).containsExactly(1, 3);
    assertThat(ids(employees.streamByDepartment("Sales").collect(Collectors.toList()))).containsExactly(1, 3);
    assertThat(ids(employees.findTop2ByDepartment("Sales"))).containsExactly(1, 3);

    assertThat(heard).isNotEmpty().allSatisfy(e -> {
      assertThat(e.table()).isEqualTo(TABLE);
      assertThat(e.partitionKey()).isEqualTo("Sales");
      assertThat(e.property()).isEqualTo("age");
    });
    // a full index copy is read as its entity, under the entity's keys
    assertThat(heard).extracting(MalformedRowException::rowKey).containsOnly("empid_00000002");
  }

  @Test
  void underSkipPagesHoldTheGoodRowsAndResumeAfterTheSkippedOne() {
    EmployeeRepository employees = employees(MalformedRowPolicy.SKIP);

    Page<Employee> first = employees.findByDepartment("Sales", PageRequest.of(2));
    List<Employee> all = new ArrayList<>(first.items());
    Page<Employee> page = first;
    while (page.continuationToken().isPresent()) {
      page = employees.findByDepartment("Sales", PageRequest.after(page.continuationToken().get(), 2));
      all.addAll(page.items());
    }

    assertThat(ids(all)).containsExactly(1, 3);
  }

  @Test
  void underSkipAProjectionLeavesOutTheRowsMalformedInWhatItReads() {
    corrupt("empid_00000003", row -> row.putInt32("firstName", 7));
    employees(MalformedRowPolicy.SKIP);
    EmployeeProjections projections = mapper.repository(EmployeeProjections.class);

    // Kim's age is malformed, but the projection does not read it
    assertThat(projections.findByDepartment("Sales")).extracting(EmployeeName::firstName).containsExactly("Ken", "Kim");
    assertThat(heard).extracting(MalformedRowException::rowKey, MalformedRowException::property)
        .containsExactly(tuple("empid_00000003", "firstName"));
  }

  @Test
  void underSkipADerivedDeleteDeletesTheGoodRowsAndLeavesOneMalformedInWhatItReads() {
    // a derived delete reads the keys and the properties of the index keys: Lee's last name is one of them
    corrupt("empid_00000003", row -> row.putInt32("lastName", 7));
    EmployeeRepository employees = employees(MalformedRowPolicy.SKIP);

    assertThat(employees.deleteByDepartment("Sales")).isEqualTo(2);

    assertThat(RawRows.rowKeys(backend, TABLE, "Sales")).containsExactly("email_leek@contoso.com",
        "empid_00000003", "lastname_Kwok_00000003");
    assertThat(heard).extracting(MalformedRowException::rowKey).containsExactly("empid_00000003");
  }

  @Test
  void underFailADerivedDeleteNeverReadsAPropertyOutsideTheIndexKeys() {
    EmployeeRepository employees = employees(MalformedRowPolicy.FAIL);

    // Kim's age is malformed, but a delete reads keys and index key properties only: it deletes her with her copies
    assertThat(employees.deleteByDepartment("Sales")).isEqualTo(3);
    assertThat(RawRows.rowKeys(backend, TABLE, "Sales")).isEmpty();
  }

  @Test
  void underFailADerivedDeleteThrowsForAMalformedIndexKeyPropertyBeforeDeletingAnything() {
    corrupt("empid_00000003", row -> row.putInt32("lastName", 7));
    EmployeeRepository employees = employees(MalformedRowPolicy.FAIL);

    assertThatThrownBy(() -> employees.deleteByDepartment("Sales")).isInstanceOf(MalformedRowException.class)
        .hasMessageContaining("RowKey 'empid_00000003'");
    assertThat(RawRows.rowKeys(backend, TABLE, "Sales")).contains("empid_00000001", "empid_00000002",
        "empid_00000003");
  }

  @Test
  void underDynamicAPartitionReadReturnsTheRowAsADynamicEntityInItsPlace() {
    employees(MalformedRowPolicy.DYNAMIC);

    List<Object> all = mapper.partition(TABLE, "Sales").all();

    assertThat(all).hasSize(3);
    assertThat(all.get(0)).isEqualTo(mapper.repository(EmployeeRepository.class)
        .findByDepartmentAndEmployeeId("Sales", 1).orElseThrow());
    assertThat(all.get(1)).isInstanceOfSatisfying(DynamicEntity.class, row -> {
      assertThat(row.rowKey()).isEqualTo("empid_00000002");
      assertThat(row.getInt64("age")).isEqualTo(31L);
      assertThat(row.entityType()).isEqualTo("Employee");
    });
    assertThat(all.get(2)).isInstanceOf(Employee.class);
    assertThat(mapper.partition(TABLE, "Sales").page(PageRequest.of(10)).items()).hasSize(3);
    assertThat(heard).extracting(MalformedRowException::rowKey).contains("empid_00000002");
  }

  @Test
  void underDynamicTypedReadsCannotHoldTheRowAndLeaveItOutReportingIt() {
    EmployeeRepository employees = employees(MalformedRowPolicy.DYNAMIC);

    assertThat(ids(mapper.partition(TABLE, "Sales").all(Employee.class))).containsExactly(1, 3);
    assertThat(ids(employees.findByDepartment("Sales"))).containsExactly(1, 3);
    assertThat(heard).hasSize(2);
  }

  @Test
  void aRowKeyThatDoesNotMatchTheTemplateIsMalformedWithNoProperty() {
    corrupt("empid_00000002", row -> row.putInt32("age", 31)); // Kim's row mended
    backend.batch(TABLE, List.of(WriteOperation.insert(TableRow.builder("Sales", "empid_x7")
        .putString(EntityMapping.TYPE_PROPERTY, "Employee").putString("firstName", "Max").build())));

    EmployeeRepository failing = employees(MalformedRowPolicy.FAIL);
    assertThatThrownBy(() -> failing.findByDepartment("Sales"))
        .isInstanceOfSatisfying(MalformedRowException.class, e -> {
          assertThat(e.rowKey()).isEqualTo("empid_x7");
          assertThat(e.property()).isNull();
          assertThat(e.problem()).contains("empid_x7");
        });

    EmployeeRepository skipping = employees(MalformedRowPolicy.SKIP);
    assertThat(ids(skipping.findByDepartment("Sales"))).containsExactly(1, 2, 3);
    assertThat(heard).extracting(MalformedRowException::rowKey).containsExactly("empid_x7");
  }

  @Test
  void aStringWhereTheClassHasAnIntIsMalformed() {
    corrupt("empid_00000003", row -> row.putString("age", "forty-five"));

    EmployeeRepository employees = employees(MalformedRowPolicy.SKIP);

    assertThat(ids(employees.findByDepartment("Sales"))).containsExactly(1);
    assertThat(heard).extracting(MalformedRowException::rowKey, MalformedRowException::problem)
        .contains(tuple("empid_00000003", "is Edm.String, expected Edm.Int32"));
  }

  @Test
  void aMissingPropertyIsNoMalformationAndReadsAsTheDefault() {
    corrupt("empid_00000003", row -> row.remove("age").remove("lastName"));

    EmployeeRepository employees = employees(MalformedRowPolicy.FAIL);

    Employee read = employees.findByDepartmentAndEmployeeId("Sales", 3).orElseThrow();
    assertThat(read.age()).isZero();
    assertThat(read.lastName()).isNull();
  }
}
