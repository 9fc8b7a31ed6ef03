package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Department;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.Project;
import io.tablemapper.tck.support.RawRows;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

@ParameterizedClass
@ArgumentsSource(KitStores.class)
class PartitionTest {
  private final TableBackend store;
  private final TableMapper writer;
  private List<Object> written;

  PartitionTest(StoreUnderTest under) {
    this.store = under.newStore();
    this.writer = TableMapper.builder().backend(store).build();
  }

  @BeforeEach
  void fill() {
    written = writer.batch("Company", "Sales")
        .insert(Employee.of("Sales", 2, "Kim", "Akers", 31, "kim@contoso.com"))
        .insert(new Department("Sales", "Ann", 2, null))
        .insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "kenk@contoso.com"))
        .commit();
    writer.batch("Company", "HR").insert(new Department("HR", "Hal", 0, null)).commit();
  }

  @AfterEach
  void close() {
    writer.close();
  }

  /** A mapper that has seen no entity class yet, as in a fresh process. */
  private TableMapper fresh(Class<?>... entities) {
    return TableMapper.builder().backend(store).entities(entities).build();
  }

  @Test
  void allReturnsEveryEntityOfThePartitionInRowKeyOrderResolvedToItsClass() {
    List<Object> all = fresh(Employee.class, Department.class).partition("Company", "Sales").all();

    assertThat(all).containsExactly(written.get(1), written.get(2), written.get(0));
  }

  @Test
  void allOfATypeReadsOnlyThatTypeAndRegistersItsClass() {
    TableMapper mapper = fresh();

    assertThat(mapper.partition("Company", "Sales").all(Department.class)).containsExactly((Department) written.get(1));
    assertThat(mapper.partition("Company", "Sales").all(Employee.class))
        .containsExactly((Employee) written.get(2), (Employee) written.get(0));
    assertThat(mapper.partition("Company", "Sales").all()).hasSize(3);
  }

  @Test
  void aTypeNoKnownClassDeclaresFailsNamingTheTableTheKeysTheTypeAndHowToRegisterIt() {
    assertThatThrownBy(() -> fresh(Employee.class).partition("Company", "Sales").all())
        .isInstanceOf(UnknownEntityTypeException.class)
        .hasMessageContaining("row (PartitionKey 'Sales', RowKey 'department') of table Company")
        .hasMessageContaining("EntityType 'Department'")
        .hasMessageContaining("TableMapper.builder().entities(Department.class)")
        .satisfies(e -> assertThat(((UnknownEntityTypeException) e).typeName()).isEqualTo("Department"));
  }

  @Test
  void aRowWithoutDiscriminatorCannotBeResolved() {
    store.write("Company", WriteOperation.insert(TableRow.builder("Sales", "legacy").putString("x", "y").build()));

    assertThatThrownBy(() -> fresh(Employee.class, Department.class).partition("Company", "Sales").all())
        .isInstanceOf(UnknownEntityTypeException.class)
        .hasMessageContaining("RowKey 'legacy'")
        .hasMessageContaining("has no EntityType")
        .satisfies(e -> assertThat(((UnknownEntityTypeException) e).typeName()).isNull());
  }

  @Test
  void indexCopiesAreNeverReturned() {
    List<Object> all = fresh(Employee.class, Department.class).partition("Company", "Sales").all();

    assertThat(RawRows.partition(store, "Company", "Sales")).hasSize(7);
    assertThat(all).hasSize(3);
  }

  @Test
  void anEmptyOrUnknownPartitionHasNoEntities() {
    assertThat(fresh().partition("Company", "Nobody").all()).isEmpty();
    assertThat(fresh().partition("Unused", "Nobody").all()).isEmpty();
  }

  @Test
  void tableNamesAreCaseInsensitiveAsInTheStore() {
    TableMapper mapper = fresh(Employee.class, Department.class);
    if (store.profile().caseSensitiveTableNames()) {
      // Cosmos DB: another spelling names another table, which does not exist
      assertThat(mapper.partition("company", "Sales").all()).isEmpty();
      assertThat(mapper.partition("Company", "Sales").all()).containsExactly(written.get(1), written.get(2), written.get(0));
      return;
    }

    assertThat(mapper.partition("company", "Sales").all()).containsExactly(written.get(1), written.get(2), written.get(0));
    assertThat(mapper.partition("COMPANY", "Sales").all(Department.class)).containsExactly((Department) written.get(1));
  }

  @Test
  void anAnonymousSubclassOfAJavaBeanEntityIsStoredAndReadAsTheEntity() {
    Project project = new Project() {
      {
        setTeam("Rockets");
        setCode("gemini");
        setTitle("Two seats");
      }
    };

    writer.batch("Projects", "Rockets").insert(project).commit();

    assertThat(RawRows.all(store, "Projects")).singleElement()
        .satisfies(row -> assertThat(row.get("EntityType")).isEqualTo("Project"));
    assertThat(fresh(Project.class).partition("Projects", "Rockets").all(Project.class)).singleElement()
        .satisfies(read -> {
          assertThat(read.getClass()).isEqualTo(Project.class);
          assertThat(List.of(read.getTeam(), read.getCode(), read.getTitle()))
              .containsExactly("Rockets", "gemini", "Two seats");
        });
  }

  @Test
  void aClassOfAnotherTableIsRefused() {
    assertThatThrownBy(() -> fresh().partition("Company", "Sales").all(Project.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Project entities are stored in table Projects");
  }
}
