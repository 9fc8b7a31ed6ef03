package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.employee;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.PlanCosts;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.spi.StoreProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The store an application declares with {@code -Atablemapper.store}: the option's values, the plans that state
 * what they cost on a store that keeps no key order (in the method's Javadoc and the plan report, in the runtime's
 * words), and {@code [QueryClientSort]}, the warning for a limit or a page over a range that no parameter bounds.
 */
class StoreTargetTest {
  private static final String COSMOS = "-Atablemapper.store=COSMOS_TABLE";
  private static final String SORTED = "; on COSMOS_TABLE: sorted in the client";

  private static JavaFileObject repository(String methods) {
    return source("EmployeeRepository",
        "@Repository\npublic interface EmployeeRepository extends TableRepository<Employee> {\n" + methods + "\n}\n");
  }

  /** The log-tail pattern: each device's readings in one partition, newest first by an inverted time. */
  private static JavaFileObject reading() {
    return source("Reading", "@Entity(table = \"Readings\") @PartitionKey(\"{device}\") @RowKey(\"{at:desc}\")\n"
        + "public record Reading(String device, Instant at, double value) {}");
  }

  private static JavaFileObject readings(String methods) {
    return source("ReadingRepository",
        "@Repository\npublic interface ReadingRepository extends TableRepository<Reading> {\n" + methods + "\n}\n");
  }

  private static Compilation compile(String option, JavaFileObject... sources) {
    List<String> options = new ArrayList<>(List.of("-Xlint:all"));
    if (option != null) {
      options.add(option);
    }
    return Compiler.javac().withProcessors(new TableMapperProcessor()).withOptions(options).compile(sources);
  }

  @ParameterizedTest(name = "-Atablemapper.store={0} is a store the option names")
  @ValueSource(strings = {"AZURE_TABLE_STORAGE", "COSMOS_TABLE"})
  void everyStoreProfileIsAValueOfTheOption(String profile) {
    Compilation compilation = compile("-Atablemapper.store=" + profile, employee(),
        repository("  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from, int to);"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void anOptionThatNamesNoStoreProfileIsOneErrorNamingTheValuesItTakes() {
    Compilation compilation = compile("-Atablemapper.store=cosmos", employee(),
        repository("  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from, int to);"));

    assertThat(compilation).failed();
    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.STORE_OPTION.id() + "]")
        .contains("-Atablemapper.store=cosmos", "AZURE_TABLE_STORAGE or COSMOS_TABLE",
            "io.tablemapper.spi.StoreProfile"));
  }

  @Test
  void onCosmosEachPlanInJavadocSaysWhatTheRuntimeSaysItCostsThere() {
    String methods = "  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from, int to);\n"
        + "  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);\n"
        + "  List<Employee> findTop3ByDepartmentAndEmployeeIdGreaterThan(String department, int from);\n"
        + "  long countByDepartmentAndEmployeeIdBetween(String department, int from, int to);\n"
        + "  boolean existsByDepartmentAndEmployeeIdBetween(String department, int from, int to);\n"
        + "  long countByDepartmentAndEmployeeIdIn(String department, Set<Integer> ids);\n"
        + "  long countByDepartmentInAndEmployeeIdBetween(Set<String> departments, int from, int to);\n"
        + "  void deleteByDepartmentAndEmployeeIdBetween(String department, int from, int to);\n"
        + "  Page<Employee> findByDepartmentAndEmployeeIdGreaterThan(String department, int from, PageRequest page);";
    Compilation cosmos = compile(COSMOS, employee(), repository(methods));
    Compilation table = compile(null, employee(), repository(methods));

    assertThat(cosmos).succeededWithoutWarnings();
    String warning = " (warning: reads every row of its range to return the first 3: the cost grows with the range,"
        + " not with the limit; the log-tail pattern does not suit COSMOS_TABLE)";
    assertThat(plans(cosmos)).containsExactly(
        "findByDepartmentAndEmployeeIdBetween" + SORTED,
        "findByDepartmentAndEmployeeId",
        "findTop3ByDepartmentAndEmployeeIdGreaterThan" + SORTED + warning,
        "countByDepartmentAndEmployeeIdBetween",
        "existsByDepartmentAndEmployeeIdBetween",
        // an In of one partition's RowKeys is one point read per element, as anywhere
        "countByDepartmentAndEmployeeIdIn",
        // the reads of a union are merged in key order, a count's too
        "countByDepartmentInAndEmployeeIdBetween" + SORTED,
        "deleteByDepartmentAndEmployeeIdBetween" + SORTED,
        "findByDepartmentAndEmployeeIdGreaterThan" + SORTED);
    assertThat(plans(table)).allSatisfy(plan -> assertThat(plan).doesNotContain(";", "COSMOS"));
    // the runtime adds to the constant the words of the same rule
    assertThat(SORTED + warning).isEqualTo(
        PlanCosts.plan("", StoreProfile.COSMOS_TABLE, QueryKind.RANGE, false, 3));
  }

  @Test
  void onCosmosThePlanReportNamesTheStoreAndEachPlanSaysWhatItCostsThere() {
    String methods = "  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from, int to);\n"
        + "  long countByDepartmentAndEmployeeIdBetween(String department, int from, int to);";
    String cosmos = report(compile(COSMOS, employee(), repository(methods)));
    String table = report(compile(null, employee(), repository(methods)));

    assertThat(cosmos)
        .contains("store         COSMOS_TABLE (-Atablemapper.store), which keeps no key order")
        .contains("  plan          RANGE: PartitionKey = {department}, RowKey in [empid_{from:08}, empid_{to:08}]"
            + SORTED + "\n")
        .containsOnlyOnce(SORTED);
    assertThat(table).doesNotContain("store ", "COSMOS_TABLE");
    assertThat(cosmos.replace(SORTED, "").replaceAll("(?m)^store .*\n", "")).isEqualTo(table);
  }

  @Test
  void onCosmosATopOverAWholePartitionIsWarnedOnTheMethodSayingWhyAndHowToAvoidIt() {
    Compilation compilation = compile(COSMOS, reading(),
        readings("  @AllowScan List<Reading> findTop10ByDevice(String device);"));

    assertThat(compilation).succeeded();
    Diagnostic<? extends JavaFileObject> warning = onlyWarning(compilation);
    assertThat(warning.getMessage(null))
        .startsWith("[" + Rule.QUERY_CLIENT_SORT.id() + "] ReadingRepository.findTop10ByDevice(String device)"
            + " returns the first 10 of a whole partition, which no parameter bounds")
        .contains("COSMOS_TABLE keeps no key order", "the cost grows with the range, not with the limit",
            "Bound the range by a parameter", "inverted-ticks RowKey", "does not help on COSMOS_TABLE",
            "@SuppressWarnings(\"tablemapper:QueryClientSort\")");
    assertThat(positionOf(warning)).isEqualTo(contents(warning.getSource()).indexOf("findTop10ByDevice("));
  }

  @Test
  void onCosmosATopUnderALiteralPrefixAndAPageOfAWholePartitionAreWarned() {
    Compilation compilation = compile(COSMOS, employee(),
        repository("  Optional<Employee> findFirstByDepartment(String department);\n"
            + "  Page<Employee> findByDepartment(String department, PageRequest page);"));

    assertThat(compilation).succeeded();
    assertThat(warnings(compilation)).extracting(d -> d.getMessage(null)).satisfiesExactlyInAnyOrder(
        first -> assertThat(first).startsWith("[QueryClientSort] EmployeeRepository.findFirstByDepartment(String"
            + " department) returns the first 1 of a partition's rows under a fixed RowKey prefix"),
        page -> assertThat(page).startsWith("[QueryClientSort] EmployeeRepository.findByDepartment(String department,"
            + " PageRequest page) returns pages of a partition's rows under a fixed RowKey prefix")
            .contains("each page reads every row of it"));
  }

  @Test
  void aRangeThatAParameterBoundsAListWithoutALimitAndACountAreNotWarnedOnCosmos() {
    Compilation compilation = compile(COSMOS, reading(), readings(
        "  List<Reading> findTop10ByDeviceAndAtGreaterThan(String device, Instant since);\n"
            + "  Page<Reading> findByDeviceAndAtBetween(String device, Instant from, Instant to, PageRequest page);\n"
            + "  @AllowScan List<Reading> findByDevice(String device);\n"
            + "  @AllowScan long countByDevice(String device);"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void theSameMethodsAreNotWarnedOnTheDefaultStoreNorOnAzureTableStorage() {
    for (String option : new String[] {null, "-Atablemapper.store=AZURE_TABLE_STORAGE"}) {
      Compilation compilation = compile(option, reading(),
          readings("  @AllowScan List<Reading> findTop10ByDevice(String device);\n"
              + "  @AllowScan Page<Reading> findByDevice(String device, PageRequest page);"));

      assertThat(compilation).succeededWithoutWarnings();
    }
  }

  @ParameterizedTest(name = "@SuppressWarnings on the {0} silences it")
  @ValueSource(strings = {"method", "repository"})
  void theWarningIsSilencedWhereTheUserSaysTheRangeStaysSmall(String where) {
    String suppress = "@SuppressWarnings(\"tablemapper:QueryClientSort\") ";
    JavaFileObject repository = source("ReadingRepository",
        "@Repository\n" + (where.equals("repository") ? suppress + "\n" : "")
            + "public interface ReadingRepository extends TableRepository<Reading> {\n"
            + "  " + (where.equals("method") ? suppress : "") + "@AllowScan List<Reading> findTop10ByDevice(String"
            + " device);\n}\n");

    assertThat(compile(COSMOS, reading(), repository)).succeededWithoutWarnings();
  }

  @Test
  void allowScanSilencesThePartitionScanButNotTheClientSort() {
    Compilation compilation = compile(COSMOS, reading(),
        readings("  @AllowScan List<Reading> findTop10ByDevice(String device);"));

    assertThat(onlyWarning(compilation).getMessage(null)).startsWith("[QueryClientSort]");
  }

  /** Each query method's name and what its Javadoc says after its plan's constant. */
  private static List<String> plans(Compilation compilation) {
    String source = contents(compilation.generatedSourceFile("test.EmployeeRepository__Impl").orElseThrow());
    Matcher plan = Pattern.compile("\\* Plan: \\{@value #\\w+}(.*)\\n(?s:.*?)public \\S+(?:<[^>]*>)? (\\w+)\\(")
        .matcher(source);
    List<String> plans = new ArrayList<>();
    while (plan.find()) {
      plans.add(plan.group(2) + plan.group(1));
    }
    return plans;
  }

  private static String report(Compilation compilation) {
    return contents(compilation.generatedFile(StandardLocation.CLASS_OUTPUT,
        "META-INF/tablemapper/plans/test.EmployeeRepository.txt").orElseThrow());
  }

  private static List<Diagnostic<? extends JavaFileObject>> warnings(Compilation compilation) {
    return compilation.diagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.MANDATORY_WARNING || d.getKind() == Diagnostic.Kind.WARNING)
        .collect(Collectors.toList());
  }

  private static Diagnostic<? extends JavaFileObject> onlyWarning(Compilation compilation) {
    List<Diagnostic<? extends JavaFileObject>> warnings = warnings(compilation);
    assertThat(warnings).as("warnings").hasSize(1);
    return warnings.get(0);
  }

  private static long positionOf(Diagnostic<? extends JavaFileObject> diagnostic) {
    return diagnostic.getPosition();
  }

  private static String contents(JavaFileObject file) {
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
