package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.tablemapper.processor.generation.report.KeyDesignReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The key-design report: one HTML page and its Markdown twin per compilation, with every table, key space, example
 * key and method's range, and none when the option turns it off.
 */
class KeyDesignReportTest {
  static final String DEPARTMENT = "@Entity(table = \"Company\", type = \"Department\")\n"
      + "@PartitionKey(\"{name}\")\n"
      + "@RowKey(\"department\")\n"
      + "public record Department(String name, int employeeCount) {}\n";
  static final String COUNTER = "@Entity(table = \"Counters\")\n"
      + "@PartitionKey(\"all\")\n"
      + "@RowKey(\"c_{day}_{id:desc}\")\n"
      + "public record Counter(LocalDate day, long id, long hits) {}\n";
  static final String REPOSITORY = "@Repository\n"
      + "public interface EmployeeRepository extends TableRepository<Employee> {\n"
      + "  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);\n"
      + "  Optional<Employee> findByDepartmentAndEmail(String department, String email);\n"
      + "  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from, int to);\n"
      + "  @AllowScan List<Employee> findByDepartmentAndAgeGreaterThan(String department, int age);\n"
      + "  @AllowScan List<Employee> findByLastName(String lastName);\n"
      + "}\n";
  static final String COUNTER_REPOSITORY = "@Repository\n"
      + "public interface CounterRepository extends TableRepository<Counter> {\n"
      + "  List<Counter> findByDay(LocalDate day);\n"
      + "}\n";

  private static Compilation compile(String... options) {
    return Compiler.javac().withProcessors(new TableMapperProcessor()).withOptions((Object[]) options)
        .compile(Sources.employee(), source("Department", DEPARTMENT), source("Counter", COUNTER),
            source("EmployeeRepository", REPOSITORY), source("CounterRepository", COUNTER_REPOSITORY));
  }

  private static String file(Compilation compilation, String path) {
    Optional<JavaFileObject> file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, path);
    assertThat(file).as(path).isPresent();
    try {
      return file.get().getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @ParameterizedTest(name = "the page shows {0}")
  @ValueSource(strings = {
      "<h2>Table <code>Company</code></h2>", "<h2>Table <code>Counters</code></h2>",
      "<b>Employee</b>", "<b>Employee · index email</b>", "<b>Department</b>", "<b>Counter</b>",
      "<code><span class=\"prefix\">empid_</span>{employeeId:08}</code>",
      "e.g. <code>empid_00000042</code>", "e.g. <code>email_Email</code>", "e.g. <code>Sales</code>",
      "e.g. <code>department</code>",
      "<span class=\"prop\"><b>firstName</b><i>Edm.String</i></span>", "<b>age</b><i>Edm.Int32</i>",
      "{employeeId:08}: 8 digits, zero-padded, 0 … 99999999",
      "<code>EmployeeRepository.findByDepartmentAndEmployeeIdBetween</code><div class=\"kind\">RANGE</div>",
      "<div class=\"bar RANGE\" title=\"range\">RowKey in [empid_{from:08}, empid_{to:08}]</div>",
      "<div class=\"bar POINT\" title=\"point\">RowKey = email_{email}</div>",
      "&#9888; table scan: reads every partition of Company (allowed by @AllowScan)",
      "&#9888; hot partition: every Counter is in the one partition &#39;all&#39;",
      "<code>CounterRepository.findByDay</code>"})
  void thePageDrawsEveryTableKeySpaceAndRange(String expected) {
    Compilation compilation = compile();
    assertThat(compilation).succeeded();
    assertThat(file(compilation, KeyDesignReport.HTML)).contains(expected);
  }

  @Test
  void keySpacesThatShareAPartitionAreDrawnTogetherInKeyOrder() {
    String html = file(compile(), KeyDesignReport.HTML);
    int department = html.indexOf("id=\"space-Department\"");
    int email = html.indexOf("id=\"space-Employee.email\"");
    int employee = html.indexOf("id=\"space-Employee\"");
    assertThat(department).isPositive().isLessThan(email);
    assertThat(email).isLessThan(employee);
    assertThat(html.indexOf("<h3>", department)).isGreaterThan(employee); // one partition group: {STRING}
  }

  @Test
  void aTableScanIsDrawnAsItsRowKeyRangeInEveryPartition() {
    String html = file(compile(), KeyDesignReport.HTML);
    String row = html.substring(html.indexOf("<code>EmployeeRepository.findByLastName</code>"));
    row = row.substring(0, row.indexOf("</tr>"));
    assertThat(row).contains("<td><code>every partition</code></td><td class=\"cell\"></td><td class=\"cell\"></td>"
        + "<td class=\"cell\"><div class=\"bar TABLE_SCAN\" title=\"table_scan\">RowKey starts with empid_</div>");
  }

  @Test
  void aRepositoryOfAnAbstractEntityReadsTheKeySpacesOfItsSubtypes() {
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .compile(source("P", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")\n"
                + "public abstract class P { public String a; public String b; }"),
            source("S", "@Entity public class S extends P { public int c; }"),
            source("T", "@Entity public class T extends P { public int d; }"),
            source("PRepository", "@Repository public interface PRepository extends TableRepository<P> {\n"
                + "  List<P> findByA(String a);\n}"));
    assertThat(compilation).succeeded();
    assertThat(file(compilation, KeyDesignReport.MARKDOWN))
        .contains("| `PRepository.findByA` | RANGE | S, T | `= {a}` | `starts with r_` |")
        .doesNotContain("| P rows");
    assertThat(file(compilation, KeyDesignReport.HTML)).contains("<td class=\"cell\"><div class=\"bar RANGE\""
        + " title=\"range\">RowKey starts with r_</div></td><td class=\"cell\"><div class=\"bar RANGE\"");
  }

  @Test
  void thePageIsSelfContainedWithoutScriptsOrLinks() {
    String html = file(compile(), KeyDesignReport.HTML);
    assertThat(html).startsWith("<!DOCTYPE html>").doesNotContain("<script", "<link", "http://", "https://", "src=");
  }

  @Test
  void theMarkdownTwinListsTheSameKeySpacesAndReads() {
    String md = file(compile(), KeyDesignReport.MARKDOWN);
    assertThat(md).contains("## Table `Company`", "## Table `Counters`", "### Partitions of shape `{STRING}`",
        "| Employee rows | `{department}` | `empid_{employeeId:08}` | `Sales / empid_00000042` |",
        "| `EmployeeRepository.findByDepartmentAndEmail` | POINT | Employee.email | `= {department}` |"
            + " `= email_{email}` |",
        "| `EmployeeRepository.findByLastName` | TABLE_SCAN | Employee | `every partition` | `starts with empid_` |",
        "⚠ hot partition: every call reads the one partition 'all'");
  }

  @Test
  void aRemoteIndexIsDrawnInItsOwnTableAndPartitionsAndItsReadsSayTheyAreEventuallyConsistent() {
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .compile(source("Member", PlannerTest.MEMBER), source("MemberRepository", PlannerTest.MEMBER_REPOSITORY));
    String md = file(compilation, KeyDesignReport.MARKDOWN);

    assertThat(md).contains("## Table `MembersByLastName`", "## Table `MembersByAge`",
        "### Partitions of shape `email_{STRING}`",
        "| index byLastName of Member: one copy per Member, partial copy, eventually consistent: written after the"
            + " entity's EGT by the pending work, each read checked against the entity in table Members |"
            + " `{lastName}` | `{department}_{employeeId:08}` |",
        "| index email of Member: unique, full copy, eventually consistent",
        "| `MemberRepository.findByEmail` | POINT | Member.email | `= email_{email}` | `= employee` |",
        "eventually consistent: reads index email in table Members, then each Member by its keys");
    String html = file(compilation, KeyDesignReport.HTML);
    assertThat(html).contains("keys only, eventually consistent: written after the entity&#39;s EGT");
  }

  @Test
  void theReportIsTheSameOnEveryCompilation() {
    assertThat(file(compile(), KeyDesignReport.HTML)).isEqualTo(file(compile(), KeyDesignReport.HTML));
  }

  @Test
  void theOptionSetToFalseWritesNoReport() {
    Compilation compilation = compile("-A" + KeyDesignReport.OPTION + "=false");
    assertThat(compilation).succeeded();
    assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, KeyDesignReport.HTML)).isEmpty();
    assertThat(compilation.generatedFile(StandardLocation.CLASS_OUTPUT, KeyDesignReport.MARKDOWN)).isEmpty();
  }
}
