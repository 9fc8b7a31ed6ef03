package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.employee;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.tablemapper.internal.model.Rule;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Jakarta Data repositories through the one planner: what compiles, what each plan is, and the processor without
 * Jakarta Data on the path.
 */
class JakartaRepositoriesTest {
  static final String IMPORTS = Sources.IMPORTS
      + "import jakarta.data.repository.*;\n"
      + "import jakarta.data.page.CursoredPage;\n"
      + "import jakarta.data.page.PageRequest;\n";

  static final String KEY = "public record EmployeeKey(String department, int employeeId) {}\n";

  static JavaFileObject source(String name, String body) {
    return JavaFileObjects.forSourceString("test." + name, "package test;\n\n" + IMPORTS + "\n" + body);
  }

  static JavaFileObject staff(String methods) {
    return source("Staff", "@jakarta.data.repository.Repository\n"
        + "public interface Staff extends CrudRepository<Employee, EmployeeKey> {\n" + methods + "\n}\n");
  }

  static Compilation compile(JavaFileObject... sources) {
    return Compiler.javac().withProcessors(new TableMapperProcessor()).withOptions("-Xlint:all").compile(sources);
  }

  /** The repository of the golden file: every kind of method a Jakarta Data repository may declare. */
  static final String STAFF_METHODS = String.join("\n",
      "  @Find Optional<Employee> byEmail(@By(\"department\") String dept, String email);",
      "  @Find @OrderBy(\"employeeId\") List<Employee> inDepartment(String department);",
      "  @Find CursoredPage<Employee> page(String department, PageRequest pageRequest);",
      "  @Find Employee one(String department, int employeeId);",
      "  long countByDepartment(String department);",
      "  boolean existsByDepartmentAndEmployeeId(String department, int employeeId);",
      "  List<Employee> findFirst3ByDepartmentOrderByEmployeeIdAsc(String department);",
      "  @Delete void deleteByDepartment(String department);",
      "  @Insert Employee hire(Employee employee);",
      "  @Update List<Employee> change(List<Employee> employees);",
      "  @Save void keep(Employee employee);",
      "  @Delete void fire(Employee employee);",
      "  @AllowScan Stream<Employee> findAll();");

  @Test
  void aCrudRepositoryOverAKeyRecordCompilesWithEveryPlanInItsJavadoc() throws Exception {
    Compilation compilation =
        compile(employee(), source("EmployeeKey", KEY), staff(STAFF_METHODS));

    assertThat(compilation).succeededWithoutWarnings();
    String generated = compilation.generatedSourceFile("test.Staff__Impl").orElseThrow()
        .getCharContent(true).toString();
    assertThat(generated)
        .contains("\"POINT via index email: PartitionKey = {dept}, RowKey = email_{email}\"")
        .contains("FIND_BY_ID_PLAN =\n      \"POINT: PartitionKey = {department}, RowKey = empid_{employeeId:08}\"")
        .contains("\"RANGE: PartitionKey = {department}, RowKey starts with empid_; first 3\"")
        .contains("Employee_.partitionKey(id.department())")
        .contains("return this.jakarta.page(query, pageRequest)")
        .contains("throw DataExceptions.ofQuery(e)");
  }

  /** The exact implementation of {@link #STAFF_METHODS} ({@code -Dgolden.update=true} rewrites it). */
  @Test
  void theImplementationOfAJakartaRepositoryIsGeneratedExactlyAsInTheGoldenFile() throws Exception {
    Compilation compilation = compile(employee(), source("EmployeeKey", KEY), staff(STAFF_METHODS));
    String actual = compilation.generatedSourceFile("test.Staff__Impl").orElseThrow().getCharContent(true).toString();
    Path golden = Path.of("src/test/resources/golden/Staff__Impl.java");
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  /** A repository that Jakarta Data accepts and tablemapper cannot implement: reported once, with its id. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void eachMethodThatCannotWorkIsRefusedWithItsOwnDiagnostic(String behaviour, Rule rule, String at, String contains,
      String methods, String key) {
    Compilation compilation = compile(employee(), source("EmployeeKey", KEY), source("Staff",
        "@jakarta.data.repository.Repository\npublic interface Staff extends CrudRepository<Employee, " + key + "> {\n"
            + "  @AllowScan Stream<Employee> findAll();\n" + methods + "\n}\n"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> {
      assertThat(error.getMessage(null)).startsWith("[" + rule.id() + "]").contains(contains);
      String text = error.getSource().getCharContent(true).toString();
      assertThat(error.getPosition()).isEqualTo(text.indexOf(at));
    });
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of("a key type that is not the entity's keys", Rule.JAKARTA_KEY_TYPE, "interface Staff",
            "record EmployeeKey(String department, int employeeId)", "", "String"),
        Arguments.of("an offset page", Rule.JAKARTA_OFFSET_PAGE, "paged(",
            "return CursoredPage<Employee>",
            "  @Find jakarta.data.page.Page<Employee> paged(String department, PageRequest pageRequest);",
            "EmployeeKey"),
        Arguments.of("a Sort chosen at run time", Rule.JAKARTA_DYNAMIC_SORT, "sort);", "@OrderBy",
            "  @Find List<Employee> sorted(String department, jakarta.data.Sort<Employee> sort);", "EmployeeKey"),
        Arguments.of("a JDQL query", Rule.JAKARTA_METHOD, "query(", "@Query (JDQL)",
            "  @Query(\"where age > 3\") List<Employee> query();", "EmployeeKey"),
        Arguments.of("an @Insert of something else", Rule.JAKARTA_METHOD, "add(", "takes one Employee",
            "  @Insert void add(String name);", "EmployeeKey"),
        Arguments.of("a future", Rule.JAKARTA_METHOD, "later(", "not a CompletableFuture",
            "  @Find java.util.concurrent.CompletableFuture<List<Employee>> later(String department);",
            "EmployeeKey"),
        Arguments.of("a @By of no property", Rule.QUERY_UNKNOWN_PROPERTY, "dept)", "did you mean",
            "  @Find List<Employee> in(@By(\"departmnt\") String dept);", "EmployeeKey"),
        Arguments.of("an @OrderBy the keys cannot give", Rule.QUERY_ORDER, "byAge(", "by age",
            "  @Find @OrderBy(\"age\") List<Employee> byAge(String department);", "EmployeeKey"));
  }

  @Test
  void anInheritedFindAllIsATableScanReportedOnTheRepository() {
    Compilation compilation = compile(employee(), source("EmployeeKey", KEY), staff(""));

    assertThat(compilation).succeeded();
    assertThat(compilation.warnings()).singleElement().satisfies(warning -> assertThat(warning.getMessage(null))
        .startsWith("[" + Rule.JAKARTA_INHERITED_SCAN.id() + "]").contains("TABLE_SCAN")
        .contains("@AllowScan Stream<Employee> findAll()"));
  }

  @Test
  void aFindThatScansEveryPartitionFailsAsADerivedMethodDoes() {
    Compilation compilation = compile(employee(), source("EmployeeKey", KEY),
        staff("  @AllowScan Stream<Employee> findAll();\n  @Find List<Employee> named(String lastName);"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.QUERY_TABLE_SCAN.id() + "]").contains("Staff.named(String lastName)"));
  }

  @Test
  void aRepositoryOfASingleKeyPropertyTakesThatPropertysTypeAsItsKey() {
    JavaFileObject item = source("Item", "@Entity(table = \"Items\") @PartitionKey(\"items\") @RowKey(\"{code}\")\n"
        + "public record Item(String code, String name) {}\n");
    Compilation compilation = compile(item, source("Items", "@jakarta.data.repository.Repository\n"
        + "public interface Items extends BasicRepository<Item, String> {\n"
        + "  @AllowScan Stream<Item> findAll();\n}\n"));

    assertThat(compilation).succeeded();
    assertThat(compilation.generatedSourceFile("test.Items__Impl")).isPresent();
  }

  @Test
  void withoutJakartaDataOnThePathTablemapperRepositoriesCompileAsBefore() {
    List<File> path = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.contains("jakarta.data") && !entry.contains("jakarta-data")) {
        path.add(new File(entry));
      }
    }
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor()).withClasspath(path)
        .compile(employee(), Sources.source("EmployeeRepository", "@Repository\npublic interface EmployeeRepository"
            + " extends TableRepository<Employee> {\n  Optional<Employee> findByDepartmentAndEmployeeId(String"
            + " department, int employeeId);\n}\n"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation.diagnostics()).noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR);
  }
}
