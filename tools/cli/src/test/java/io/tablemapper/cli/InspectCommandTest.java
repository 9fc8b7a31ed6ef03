package io.tablemapper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.cli.fixtures.Department;
import io.tablemapper.cli.fixtures.Employee;
import io.tablemapper.spi.TableBackend;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InspectCommandTest {
  static final String EMPLOYEE = "io.tablemapper.cli.fixtures.Employee";
  static final String DEPARTMENT = "io.tablemapper.cli.fixtures.Department";

  @TempDir
  Path directory;

  /** A company: Sales with two employees (each with its email copy), HR with one, and a row no class declares. */
  static void writeCompany(TableBackend backend) {
    TableMapper mapper = TableMapper.builder().backend(backend).pendingCompleters(0).build();
    mapper.batch("Company", "Sales")
        .insert(new Department("Sales", "Ken", 2))
        .insert(new Employee("Sales", 1, "Ken", 40, "ken@contoso.com"))
        .insert(new Employee("Sales", 2, "Lee", 31, "lee@contoso.com"))
        .commit();
    mapper.batch("Company", "HR").insert(new Employee("HR", 7, "Ann", 52, "ann@contoso.com")).commit();
    mapper.dynamic("Company").insert(DynamicEntity.builder("Sales", "visitor_01")
        .putString("EntityType", "Visitor").putString("Name", "Zoe").build());
  }

  private static TableMapperCli.Tools memory(TableBackend backend) {
    TableMapperCli.Tools standard = TableMapperCli.Tools.standard();
    return new TableMapperCli.Tools(() -> backend, standard.indexes(), false, System::nanoTime);
  }

  @Test
  void aPartitionInMemoryShowsItsEntitiesByPropertyAndItsOtherRowsAsStored() {
    InMemoryBackend backend = InMemoryBackend.create();
    writeCompany(backend);

    CliRun run = CliRun.of(memory(backend), "inspect", "Company", "Sales", "--memory",
        "--entity", EMPLOYEE, "--entity", DEPARTMENT);

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out().lines()).first().asString()
        .matches("PARTITION KEY +ROW KEY +TYPE +PROPERTIES");
    assertThat(run.out()).containsPattern(
        "Sales +department +Department +name=Sales, manager=Ken, employeeCount=2\n");
    assertThat(run.out()).containsPattern(
        "Sales +empid_000001 +Employee +department=Sales, employeeId=1, firstName=Ken, age=40,"
            + " email=ken@contoso.com\n");
    assertThat(run.out()).containsPattern("Sales +email_ken@contoso.com +Employee#email \\[index row\\] +.*"
        + "EntityType=Employee#email");
    assertThat(run.out()).containsPattern("Sales +visitor_01 +Visitor \\[unknown type\\] +EntityType=Visitor,"
        + " Name=Zoe\n");
    assertThat(run.out()).doesNotContain("empid_000007");
    assertThat(run.out()).contains("6 rows of partition Sales of table Company, 3 decoded as entities");
  }

  @Test
  void aTableOnAnH2FileReadsEveryPartitionAsJsonWithClassesFoundByPackage() {
    Path file = directory.resolve("company");
    try (H2Backend backend = H2Backend.file(file)) {
      writeCompany(backend);
    }

    CliRun run = CliRun.of(TableMapperCli.Tools.standard(), "inspect", "Company", "--h2",
        "jdbc:h2:file:" + file, "--package", "io.tablemapper.cli.fixtures", "--format", "json");

    assertThat(run.code()).as(run.err()).isZero();
    String json = run.out();
    assertThat(json).startsWith("[\n  {\n    \"partitionKey\": \"HR\",\n    \"rowKey\": \"email_ann@contoso.com\"");
    assertThat(json).contains("""
            "partitionKey": "HR",
            "rowKey": "empid_000007",
        """);
    assertThat(json).contains("""
            "kind": "entity",
            "type": "Employee",
            "class": "io.tablemapper.cli.fixtures.Employee",
            "properties": {
              "department": "HR",
              "employeeId": 7,
              "firstName": "Ann",
              "age": 52,
              "email": "ann@contoso.com"
            }
        """);
    assertThat(json).contains("""
            "kind": "unknown_type",
            "type": "Visitor",
            "properties": {
              "EntityType": "Visitor",
              "Name": "Zoe"
            }
        """);
    assertThat(json).contains("\"kind\": \"index\"");
    assertThat(json.split("\"partitionKey\"", -1)).hasSize(1 + 8);
  }

  @Test
  void aLimitShowsTheFirstRowsAndSaysThatMoreFollow() {
    InMemoryBackend backend = InMemoryBackend.create();
    writeCompany(backend);

    CliRun run = CliRun.of(memory(backend), "inspect", "Company", "--memory", "--entity", EMPLOYEE,
        "--limit", "2");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).containsPattern("\nHR +email_ann@contoso.com +Employee#email \\[index row\\] ")
        .containsPattern("\nHR +empid_000007 +Employee +department=HR")
        .doesNotContain("Sales")
        .contains("2 rows of table Company, 1 decoded as entities; more follow: raise --limit (0 for all)");
  }

  @Test
  void withoutEntityClassesEveryRowIsShownAsStored() {
    InMemoryBackend backend = InMemoryBackend.create();
    writeCompany(backend);

    CliRun run = CliRun.of(memory(backend), "inspect", "Company", "HR", "--memory");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).containsPattern("HR +empid_000007 +Employee \\[unknown type\\] +EntityType=Employee,"
        + " age=52, department=HR, email=ann@contoso.com, employeeId=7, firstName=Ann\n")
        .contains("0 decoded as entities; give the entity classes (--entity, --package) to decode their rows");
  }

  @Test
  void aRowItsClassCannotReadAndARowWithoutTypeAreShownAsStoredBesideTheEntities() {
    InMemoryBackend backend = InMemoryBackend.create();
    writeCompany(backend);
    TableMapper mapper = TableMapper.builder().backend(backend).pendingCompleters(0).build();
    mapper.dynamic("Company").insert(DynamicEntity.builder("Sales", "empid_000009").putString("EntityType", "Employee")
        .putString("department", "Sales").putInt32("employeeId", 9).putString("age", "old").build());
    mapper.dynamic("Company").insert(DynamicEntity.builder("Sales", "note").putString("Text", "hello").build());

    CliRun run = CliRun.of(memory(backend), "inspect", "Company", "Sales", "--memory", "--entity", EMPLOYEE,
        "--entity", DEPARTMENT);

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out())
        .containsPattern("\nSales +empid_000002 +Employee +department=Sales, employeeId=2, firstName=Lee")
        .containsPattern("\nSales +empid_000009 +Employee \\[not readable as its class\\] +EntityType=Employee,"
            + " age=old, department=Sales, employeeId=9\n")
        .containsPattern("\nSales +note +\\(no type\\) \\[unknown type\\] +Text=hello\n")
        .containsPattern("\nSales +visitor_01 +Visitor \\[unknown type\\] ")
        .contains("8 rows of partition Sales of table Company, 3 decoded as entities");
  }

  @Test
  void anH2UrlOfNoFileIsRefusedWithWhatToGiveInstead() {
    CliRun run = CliRun.of(TableMapperCli.Tools.standard(), "inspect", "Company", "--h2", "jdbc:h2:mem:company");

    assertThat(run.code()).isEqualTo(TableMapperCli.ERROR);
    assertThat(run.err()).isEqualTo("tablemapper: --h2 jdbc:h2:mem:company is no H2 file: give its path, or a URL"
        + " jdbc:h2:file:PATH (for a store in memory, --memory)\n");
  }

  @Test
  void aMissingTableIsEmpty() {
    CliRun run = CliRun.of(memory(InMemoryBackend.create()), "inspect", "Nothing", "--memory");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo("No rows in table Nothing.\n");
  }
}
