package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.JakartaRepositoriesTest.KEY;
import static io.tablemapper.processor.JakartaRepositoriesTest.source;
import static io.tablemapper.processor.Sources.employee;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.tablemapper.internal.model.Rule;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Jakarta entities ({@code jakarta.nosql.Entity} with one {@code @Id}, found by name: the annotations here are
 * declared by the test, no Jakarta NoSQL jar is on the path) with the default key layout, and the processor options
 * of Jakarta Data repositories: {@code tablemapper.jakarta.allowScan} (client steps) and
 * {@code tablemapper.jakarta.refused} (refused methods that throw).
 */
class JakartaEntitiesTest {
  static final List<JavaFileObject> NOSQL = List.of(
      JavaFileObjects.forSourceString("jakarta.nosql.Entity", "package jakarta.nosql;\n"
          + "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)\n"
          + "public @interface Entity {}\n"),
      JavaFileObjects.forSourceString("jakarta.nosql.Id", "package jakarta.nosql;\n"
          + "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)\n"
          + "public @interface Id {}\n"),
      JavaFileObjects.forSourceString("jakarta.nosql.Column", "package jakarta.nosql;\n"
          + "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)\n"
          + "public @interface Column {}\n"));

  static final String ITEM = "@jakarta.nosql.Entity\n"
      + "public class Item {\n"
      + "  @jakarta.nosql.Id private long id;\n"
      + "  @jakarta.nosql.Column private String name;\n"
      + "  @jakarta.nosql.Column private boolean isOpen;\n"
      + "  private String note;\n"
      + "  public long getId() { return id; }\n"
      + "  public void setId(long id) { this.id = id; }\n"
      + "  public String getName() { return name; }\n"
      + "  public void setName(String name) { this.name = name; }\n"
      + "  public boolean isOpen() { return isOpen; }\n"
      + "  public void setOpen(boolean open) { this.isOpen = open; }\n"
      + "}\n";

  static JavaFileObject items(String methods) {
    return source("Items", "@jakarta.data.repository.Repository\n"
        + "public interface Items extends BasicRepository<Item, Long> {\n" + methods + "\n}\n");
  }

  static Compilation compile(List<String> options, JavaFileObject... sources) {
    List<JavaFileObject> all = new ArrayList<>(NOSQL);
    all.addAll(List.of(sources));
    List<String> withLint = new ArrayList<>(options);
    withLint.add("-Xlint:all");
    return Compiler.javac().withProcessors(new TableMapperProcessor()).withOptions(withLint).compile(all);
  }

  static String generated(Compilation compilation, String name) throws Exception {
    return compilation.generatedSourceFile(name).orElseThrow().getCharContent(true).toString();
  }

  static List<String> warnings(Compilation compilation) {
    List<String> messages = new ArrayList<>();
    compilation.diagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.MANDATORY_WARNING
        || d.getKind() == Diagnostic.Kind.WARNING).forEach(d -> messages.add(d.getMessage(null)));
    return messages;
  }

  @Test
  void aNoSqlEntityIsOnePartitionPerTypeWithItsIdAsRowKeyAndItsColumnsAsProperties() throws Exception {
    Compilation compilation = compile(List.of(), source("Item", ITEM),
        items("  List<Item> findByIdBetween(long minimum, long maximum);\n"
            + "  List<Item> findByIsOpenTrue();"));

    assertThat(compilation).succeeded();
    String repository = generated(compilation, "test.Items__Impl");
    assertThat(repository)
        .contains("\"POINT: PartitionKey = Item, RowKey = {id}\"")
        .contains("RANGE: PartitionKey = Item, RowKey in [{minimum}, {maximum}]")
        .contains("filter isOpen eq true");
    String metamodel = generated(compilation, "test.Item_");
    assertThat(metamodel).contains("\"isOpen\"").contains("\"name\"").doesNotContain("\"note\"");
    assertThat(generated(compilation, "test.Item__Mapping")).contains("isOpen()").contains("setOpen(");
  }

  @Test
  void aJakartaEntityWithoutOneIdIsRefusedNamingItsIds() {
    Compilation compilation = compile(List.of(),
        source("Pair", "@jakarta.nosql.Entity\npublic class Pair {\n  @jakarta.nosql.Id public long a;\n"
            + "  @jakarta.nosql.Id public long b;\n}\n"),
        source("Pairs", "@jakarta.data.repository.Repository\n"
            + "public interface Pairs extends BasicRepository<Pair, Long> {}\n"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.REPOSITORY_ENTITY.id() + "]").contains("Pair has 2 @Id fields (a, b)"));
  }

  @Test
  void aJakartaOptionOfAnotherValueIsReported() {
    Compilation compilation = compile(List.of("-Atablemapper.jakarta.refused=maybe"), employee());

    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.JAKARTA_OPTION.id() + "]").contains("-Atablemapper.jakarta.refused=maybe")
        .contains("neither error nor throw"));
  }

  @Test
  void underRefusedThrowARefusedMethodIsAWarningAndThrowsItsVerdict() throws Exception {
    Compilation compilation = compile(List.of("-Atablemapper.jakarta.refused=throw"), employee(),
        source("EmployeeKey", KEY), source("Staff", "@jakarta.data.repository.Repository\n"
            + "public interface Staff extends CrudRepository<Employee, EmployeeKey> {\n"
            + "  @AllowScan Stream<Employee> findAll();\n"
            + "  @Query(\"where age > 3\") List<Employee> older();\n"
            + "  long countByDepartmnt(String department);\n}\n"));

    assertThat(compilation).succeeded();
    assertThat(warnings(compilation)).anySatisfy(w -> assertThat(w).startsWith("[JakartaMethod]").contains("older()"))
        .anySatisfy(w -> assertThat(w).startsWith("[" + Rule.JAKARTA_REFUSED_METHOD.id() + "] Staff.older()"))
        .anySatisfy(w -> assertThat(w).startsWith("[QueryUnknownProperty]").contains("countByDepartmnt"));
    String generated = generated(compilation, "test.Staff__Impl");
    assertThat(generated).contains("throw new UnsupportedOperationException(")
        .contains("Staff.older: refused at compile time: [JakartaMethod]")
        // a query of what is no attribute is Jakarta Data's MappingException
        .contains("throw new MappingException(");
  }

  @Test
  void underAllowScanASortParameterIsAClientSortWithAWarningThatNamesThePlan() throws Exception {
    String methods = "  @AllowScan Stream<Employee> findAll();\n"
        + "  @Find List<Employee> sorted(String department, jakarta.data.Sort<Employee> sort);\n"
        + "  List<Employee> findByLastNameIgnoreCase(String lastName, jakarta.data.Limit limit);\n"
        + "  List<Employee> findByAge(int age);";
    Compilation compilation = compile(List.of("-Atablemapper.jakarta.allowScan=true"), employee(),
        source("EmployeeKey", KEY), source("Staff", "@jakarta.data.repository.Repository\n"
            + "public interface Staff extends CrudRepository<Employee, EmployeeKey> {\n" + methods + "\n}\n"));

    assertThat(compilation).succeeded();
    assertThat(warnings(compilation)).filteredOn(w -> w.startsWith("[" + Rule.JAKARTA_CLIENT_QUERY.id() + "]"))
        .satisfiesExactlyInAnyOrder(
            // CrudRepository's offset page of every entity, read and skipped
            w -> assertThat(w).contains("Staff.findAll(PageRequest pageRequest, Order<T> sortBy)")
                .contains("TABLE_SCAN").contains("skips the pages before the one asked"),
            w -> assertThat(w).contains("Staff.sorted(").contains("RANGE: PartitionKey = {department}")
                .contains("sorts them"),
            w -> assertThat(w).contains("findByLastNameIgnoreCase(").contains("TABLE_SCAN")
                .contains("filters them, limits them"),
            // a scan of the table, an error without @AllowScan, is read by the client
            w -> assertThat(w).contains("findByAge(").contains("TABLE_SCAN").contains("copies them"));
    String generated = generated(compilation, "test.Staff__Impl");
    assertThat(generated).contains("ClientResults.of(\"Staff.sorted\"").contains(".orderBy(sort)")
        .contains(".where(each_ -> ClientResults.test(\"EQUAL\", true, each_.lastName(), lastName))")
        .contains(".limit(limit)").contains("private static Object attribute(Employee entity, String attribute)");
  }

  @Test
  void aPointWithClientStepsReadsItsOneEntityAsAListThatTheClientTestsAndLimits() throws Exception {
    String methods = "  @AllowScan Stream<Employee> findAll();\n"
        + "  Optional<Employee> findByDepartmentAndEmployeeIdAndLastNameIgnoreCase(String department, int employeeId,"
        + " String lastName);\n"
        + "  Employee findByDepartmentAndEmployeeIdAndEmailLike(String department, int employeeId, String email);\n"
        + "  @Find Optional<Employee> limited(String department, int employeeId, jakarta.data.Limit limit);\n"
        + "  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);";
    Compilation compilation = compile(List.of("-Atablemapper.jakarta.allowScan=true"), employee(),
        source("EmployeeKey", KEY), source("Staff", "@jakarta.data.repository.Repository\n"
            + "public interface Staff extends CrudRepository<Employee, EmployeeKey> {\n" + methods + "\n}\n"));

    assertThat(compilation).succeeded();
    assertThat(warnings(compilation)).filteredOn(w -> w.startsWith("[" + Rule.JAKARTA_CLIENT_QUERY.id() + "]")
            && w.contains("POINT: PartitionKey = {department}, RowKey = empid_{employeeId:08}"))
        .hasSize(3);
    String generated = generated(compilation, "test.Staff__Impl");
    // the one entity the POINT reads goes through the client's steps: no shortcut to the entity itself
    assertThat(generated)
        .contains("ClientResults.of(\"Staff.findByDepartmentAndEmployeeIdAndLastNameIgnoreCase\","
            + " this.support.list(query)")
        .contains(".where(each_ -> ClientResults.test(\"EQUAL\", true, each_.lastName(), lastName))\n"
            + "          .optional()")
        .contains(".where(each_ -> ClientResults.test(\"LIKE\", false, each_.email(), email))\n"
            + "          .single()")
        .contains(".limit(limit)\n          .optional()")
        .doesNotContain("findByKeys(\"Staff.findByDepartmentAndEmployeeIdAnd")
        .doesNotContain("getByKeys(\"Staff.findByDepartmentAndEmployeeIdAnd")
        .doesNotContain("findByKeys(\"Staff.limited\"")
        // a POINT with nothing else to apply keeps its read of the one row
        .contains("return this.support.findByKeys(\"Staff.findByDepartmentAndEmployeeId\",");
  }

  @Test
  void withoutAllowScanWhatOnlyTheClientEvaluatesIsAnErrorThatNamesTheOption() {
    Compilation compilation = compile(List.of(), employee(), source("EmployeeKey", KEY),
        source("Staff", "@jakarta.data.repository.Repository\n"
            + "public interface Staff extends CrudRepository<Employee, EmployeeKey> {\n"
            + "  @AllowScan Stream<Employee> findAll();\n"
            + "  List<Employee> findByDepartmentAndLastNameContains(String department, String part);\n}\n"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.QUERY_OPERATOR_TYPE.id() + "]").contains("uses Contains")
        .contains("-Atablemapper.jakarta.allowScan=true"));
  }

  @Test
  void underAllowScanTheJdqlTheClientCanAnswerIsReadAndTheRestRefusedSayingWhat() throws Exception {
    Compilation compilation = compile(List.of("-Atablemapper.jakarta.allowScan=true"), employee(),
        source("EmployeeKey", KEY), source("Staff", "@jakarta.data.repository.Repository\n"
            + "public interface Staff extends CrudRepository<Employee, EmployeeKey> {\n"
            + "  @AllowScan Stream<Employee> findAll();\n"
            + "  @Query(\"SELECT COUNT(THIS) WHERE age >= :min AND lastName <> 'O''Hara'\") long count(int min);\n"
            + "  @Query(\"SELECT lastName WHERE department = ?1 OR age IN (30, 40) ORDER BY age DESC\")\n"
            + "  List<String> names(String department);\n"
            + "  @Query(\"WHERE NOT (age > 3 OR lastName LIKE 'K%')\") List<Employee> grouped();\n"
            + "  @Query(\"UPDATE Employee SET age = ABS(age)\") long older();\n}\n"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.JAKARTA_METHOD.id() + "] Staff.older(): @Query (JDQL) uses the function ABS(...)"));
    assertThat(warnings(compilation)).filteredOn(w -> w.contains("(JDQL) reads every match")).hasSize(3);
  }

  @Test
  void notAndParenthesesAreReadIntoGroupsOfConditions() throws Exception {
    Compilation compilation = compile(List.of("-Atablemapper.jakarta.allowScan=true"), employee(),
        source("EmployeeKey", KEY), source("Staff", "@jakarta.data.repository.Repository\n"
            + "public interface Staff extends CrudRepository<Employee, EmployeeKey> {\n"
            + "  @AllowScan Stream<Employee> findAll();\n"
            + "  @Query(\"WHERE age > 3 AND NOT (lastName LIKE 'K%' OR age BETWEEN 5 AND 9)\") List<Employee> some();\n}\n"));

    assertThat(compilation).succeeded();
    assertThat(generated(compilation, "test.Staff__Impl")).contains(".where(each_ -> ClientResults.test("
        + "\"GREATER_THAN\", false, each_.age(), 3) && ClientResults.test(\"NOT_LIKE\", false, each_.lastName(),"
        + " \"K%\") && ClientResults.test(\"NOT_BETWEEN\", false, each_.age(), 5, 9))");
  }

  @Test
  void theJdqlReadBecomesTheClientsTestsSortAndSelection() throws Exception {
    Compilation compilation = compile(List.of("-Atablemapper.jakarta.allowScan=true"), employee(),
        source("EmployeeKey", KEY), source("Staff", "@jakarta.data.repository.Repository\n"
            + "public interface Staff extends CrudRepository<Employee, EmployeeKey> {\n"
            + "  @AllowScan Stream<Employee> findAll();\n"
            + "  @Query(\"SELECT COUNT(THIS) WHERE age >= :min AND lastName <> 'O''Hara'\") long older(int min);\n"
            + "  @Query(\"SELECT lastName WHERE department = ?1 OR age IN (30, 40) ORDER BY age DESC\")\n"
            + "  List<String> names(String department);\n}\n"));

    assertThat(compilation).succeeded();
    String generated = generated(compilation, "test.Staff__Impl");
    assertThat(generated)
        .contains(".where(each_ -> ClientResults.test(\"GREATER_THAN_EQUAL\", false, each_.age(), min)"
            + " && ClientResults.test(\"NOT\", false, each_.lastName(), \"O'Hara\"))")
        .contains(".count()")
        .contains("ClientResults.test(\"EQUAL\", false, each_.department(), department)"
            + " || ClientResults.test(\"IN\", false, each_.age(), java.util.List.of(30, 40))")
        .contains(".orderBy(\"age\", true)").contains(".select(\"lastName\")")
        .contains("return (List<String>) (List<?>) ClientResults.of(\"Staff.names\"");
  }
}
