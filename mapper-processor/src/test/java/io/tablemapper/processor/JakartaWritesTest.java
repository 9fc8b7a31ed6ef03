package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.JakartaEntitiesTest.ITEM;
import static io.tablemapper.processor.JakartaEntitiesTest.compile;
import static io.tablemapper.processor.JakartaEntitiesTest.generated;
import static io.tablemapper.processor.JakartaEntitiesTest.warnings;
import static io.tablemapper.processor.JakartaRepositoriesTest.KEY;
import static io.tablemapper.processor.JakartaRepositoriesTest.source;
import static io.tablemapper.processor.JakartaRepositoriesTest.staff;
import static io.tablemapper.processor.Sources.employee;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import io.tablemapper.internal.model.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JDQL {@code UPDATE} and {@code DELETE} in Jakarta Data repositories, and repositories with no primary entity type
 * over several entities: what is planned as what, what needs {@code -Atablemapper.jakarta.allowScan=true}, and the
 * compile errors that name what a query does that is not read.
 */
class JakartaWritesTest {
  private static final String FIND_ALL = "  @AllowScan Stream<Employee> findAll();\n";
  private static final List<String> ALLOW_SCAN = List.of("-Atablemapper.jakarta.allowScan=true");

  @Test
  void anUpdateByEveryKeyIsAPointWithoutAllowScanAndSetsARecordThroughItsConstructor() throws Exception {
    Compilation compilation = compile(List.of(), employee(), source("EmployeeKey", KEY), staff(FIND_ALL
        + "  @Query(\"UPDATE Employee SET age = age + :years, lastName = :name"
        + " WHERE department = :department AND employeeId = :id\")\n"
        + "  int older(int years, String name, String department, int id);"));

    assertThat(compilation).succeeded();
    assertThat(warnings(compilation)).noneMatch(warning -> warning.contains("older("));
    String generated = generated(compilation, "test.Staff__Impl");
    assertThat(generated).contains("OLDER_PLAN =").contains("\"POINT: PartitionKey = {department}, RowKey ="
            + " empid_{id:08}\"")
        .contains("return Math.toIntExact(this.jakarta.updateEach(\"Staff.older\"")
        .contains("int set0_ = each_.age() + years;")
        .contains("String set1_ = name;")
        // the ETag read goes with the write, which is conditional on it
        .contains("return new Employee(each_.department(), each_.employeeId(), each_.firstName(), set1_, set0_,"
            + " each_.email(), each_.tags(), each_.etag());")
        .contains("OLDER_PLAN_REREAD")
        // read again after a concurrent change, an entity is tested against the whole WHERE
        .contains("each_ -> ClientResults.test(\"EQUAL\", false, each_.department(), department) &&"
            + " ClientResults.test(\"EQUAL\", false, each_.employeeId(), id)");
  }

  @Test
  void withoutAllowScanAWriteThatReadsMoreThanItsKeysIsAnErrorThatNamesTheCost() {
    Compilation compilation = compile(List.of(), employee(), source("EmployeeKey", KEY), staff(FIND_ALL
        + "  @Query(\"DELETE FROM Employee WHERE age > :age\") long retire(int age);"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.JAKARTA_METHOD.id() + "] Staff.retire(int age): @Query (JDQL) DELETE reads and"
            + " deletes every matching entity of its plan (TABLE_SCAN")
        .contains("WHERE id = :id").contains("-Atablemapper.jakarta.allowScan=true"));
  }

  @Test
  void underAllowScanItIsAWarningAndTheStoreEvaluatesWhatItCan() throws Exception {
    Compilation compilation = compile(ALLOW_SCAN, employee(), source("EmployeeKey", KEY), staff(FIND_ALL
        + "  @Query(\"DELETE FROM Employee WHERE age > :age\") long retire(int age);\n"
        + "  @Query(\"UPDATE Employee SET age = age * 1.5 WHERE age < 3 OR lastName = 'Kwok'\") void twice();"));

    assertThat(compilation).succeeded();
    assertThat(warnings(compilation)).filteredOn(warning -> warning.contains("(JDQL"))
        .satisfiesExactlyInAnyOrder(
            warning -> assertThat(warning).contains("Staff.retire(int age) (JDQL DELETE) reads and deletes every"
                + " matching entity of its plan (TABLE_SCAN"),
            warning -> assertThat(warning).contains("Staff.twice() (JDQL UPDATE) reads and rewrites every"
                + " matching entity of its plan (TABLE_SCAN").contains("its conditions evaluated in the client"));
    String generated = generated(compilation, "test.Staff__Impl");
    // a condition the store evaluates: each match deleted under the ETag it was read with
    assertThat(generated).contains("return this.jakarta.deleteMatches(query);")
        // an Or: the client's test, again on an entity read again after a concurrent change
        .contains("each_ -> ClientResults.test(\"LESS_THAN\", false, each_.age(), 3) || ClientResults.test("
            + "\"EQUAL\", false, each_.lastName(), \"Kwok\")")
        .contains("int set0_ = (int) (each_.age() * 1.5);"); // a double, cast as Java's compound assignment does
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "UPDATE Employee SET department = 'Sales'|SET department, a key of Employee",
      "UPDATE Employee SET lastName = lastName + 1|arithmetic on lastName, which is no number",
      "UPDATE Employee SET age = ABS(age)|the function ABS(...)",
      "UPDATE Employee SET etag = 'x'|SET etag, which the store sets",
      "UPDATE Employee SET age = 'old'|SET age = 'old', a literal of another type than int",
      "UPDATE Employee SET age = NULL|SET age = NULL",
      "UPDATE Item SET age = 1|the entity Item, another than Employee",
      "DELETE Employee|'Employee' where 'FROM' belongs"})
  void whatAWriteDoesThatIsNotReadIsACompileErrorNamingIt(String query, String named) {
    Compilation compilation = compile(ALLOW_SCAN, employee(), source("EmployeeKey", KEY), staff(FIND_ALL
        + "  @Query(\"" + query + "\") long write();"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.JAKARTA_METHOD.id() + "] Staff.write(): @Query (JDQL) uses " + named));
  }

  @Test
  void aWriteReturnsACountOrWhetherItWroteAny() {
    Compilation compilation = compile(ALLOW_SCAN, employee(), source("EmployeeKey", KEY), staff(FIND_ALL
        + "  @Query(\"DELETE FROM Employee\") String gone();"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.QUERY_RETURN_TYPE.id() + "] Staff.gone(): @Query (JDQL) DELETE returns void, int or"
            + " long (the number of entities it deleted), or boolean (whether it deleted any), not"
            + " java.lang.String"));
  }

  @Test
  void aRepositoryWithNoPrimaryEntityTypeGetsOnePartPerEntityItsMethodsName() throws Exception {
    Compilation compilation = compile(List.of(), employee(), source("Item", ITEM), source("Shared",
        "@jakarta.data.repository.Repository\n"
            + "public interface Shared {\n"
            + "  @Insert Employee hire(Employee employee);\n"
            + "  @Insert Item[] add(Item... items);\n"
            + "  @Find Optional<Item> item(long id);\n"
            + "  @Query(\"DELETE FROM Employee WHERE department = :department AND employeeId = :id\")\n"
            + "  boolean fire(String department, int id);\n}\n"));

    assertThat(compilation).succeeded();
    String generated = generated(compilation, "test.Shared__Impl");
    assertThat(generated).contains("public final class Shared__Impl implements Shared")
        .contains("private static final class Employee__Part").contains("private static final class Item__Part")
        .contains("return this.item__Part.add(items);")
        .contains("return this.jakarta.insertAll(Arrays.asList(items)).toArray(new Item[0]);")
        .contains("return this.employee__Part.fire(department, id);");
  }

  @Test
  void aMethodOfSuchARepositoryThatNamesNoneOfItsEntitiesIsAnError() {
    Compilation compilation = compile(List.of(), employee(), source("Item", ITEM), source("Shared",
        "@jakarta.data.repository.Repository\n"
            + "public interface Shared {\n"
            + "  @Insert Employee hire(Employee employee);\n"
            + "  @Insert Item add(Item item);\n"
            + "  long countByName(String name);\n}\n"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.JAKARTA_METHOD.id() + "] Shared.countByName(String name): Shared has no primary"
            + " entity type and its methods store Employee and Item, but this method names none of them"));
  }
}
