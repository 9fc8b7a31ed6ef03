package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.tablemapper.processor.generation.report.KeyDesignReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
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

  /**
   * The page without the markup that makes it wrap at separators only (each unbreakable run in a
   * {@code <span class="t">}, a {@code <wbr>} after each separator), so that assertions read as the page reads.
   */
  static String plain(String html) {
    return html.replaceAll("<span class=\"t\">([^<]*)</span>", "$1").replace("<wbr>", "");
  }

  private static String html(Compilation compilation) {
    return plain(file(compilation, KeyDesignReport.HTML));
  }

  /** A part of the Markdown: from a heading to the next heading of the same level. */
  static String section(String text, String heading) {
    int start = text.indexOf(heading + "\n");
    assertThat(start).as(heading).isNotNegative();
    String level = heading.substring(0, heading.indexOf(' ') + 1);
    int end = text.indexOf("\n" + level, start + heading.length());
    return end < 0 ? text.substring(start) : text.substring(start, end);
  }

  /** The HTML section of a table. */
  static String tableSection(String html, String table) {
    int start = html.indexOf("<section class=\"table\" id=\"table-" + table + "\">");
    assertThat(start).as("the section of table " + table).isNotNegative();
    return html.substring(start, html.indexOf("</section>", start));
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
      "e.g. <code>empid_00000042</code>", "e.g. <code>email_ada@example.com</code>", "e.g. <code>Sales</code>",
      "e.g. <code>department</code>",
      "<span class=\"prop\"><b>firstName</b><i>Edm.String</i></span>", "<b>age</b><i>Edm.Int32</i>",
      "<b>tags</b><i>Edm.String</i><i class=\"note\">JSON text</i>",
      "<b>EntityType</b><i>Edm.String</i><i class=\"note\">= Employee#email</i>",
      "<b>TmPrimaryRowKey</b><i>Edm.String</i><i class=\"note\">its entity&#39;s RowKey</i>",
      "{employeeId:08}: 8 digits, zero-padded, 0 … 99999999",
      "<code class=\"method\">EmployeeRepository.findByDepartmentAndEmployeeIdBetween(String, int, int)</code>"
          + "<div class=\"kind\">RANGE</div>",
      "<div class=\"bar RANGE\" title=\"range\">RowKey in [empid_{from:08}, empid_{to:08}]</div>",
      "<div class=\"bar POINT\" title=\"point\">RowKey = email_{email}</div>",
      "&#9888; table scan: reads every partition of Company (allowed by @AllowScan)",
      "&#9888; hot partition: every Counter is in the one partition &#39;all&#39;",
      "<code class=\"method\">CounterRepository.findByDay(LocalDate)</code>",
      "e.g. <code>c_2024-05-01_-9223372036854775765</code><ul class=\"decoded\"><li>-9223372036854775765 is id = 42,"
          + " descending: the complement of its fixed-width encoding</li></ul>"})
  void thePageDrawsEveryTableKeySpaceAndRange(String expected) {
    Compilation compilation = compile();
    assertThat(compilation).succeeded();
    assertThat(html(compilation)).contains(expected);
  }

  @Test
  void keySpacesThatShareAPartitionAreDrawnTogetherInKeyOrder() {
    String html = html(compile());
    int department = html.indexOf("id=\"space-Company/Department\"");
    int email = html.indexOf("id=\"space-Company/Employee.email\"");
    int employee = html.indexOf("id=\"space-Company/Employee\"");
    assertThat(department).isPositive().isLessThan(email);
    assertThat(email).isLessThan(employee);
    assertThat(html.indexOf("<h3>", department)).isGreaterThan(employee); // one partition group: {STRING}
  }

  @Test
  void aTableScanIsDrawnAsItsRowKeyRangeInEveryPartition() {
    String html = html(compile());
    String row = html.substring(html.indexOf("<code class=\"method\">EmployeeRepository.findByLastName(String)</code>"));
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
        .contains("| `PRepository.findByA(String)` | RANGE | S, T | `= {a}` | `starts with r_` |")
        .doesNotContain("| P rows");
    assertThat(html(compilation)).contains("<td class=\"cell\"><div class=\"bar RANGE\""
        + " title=\"range\">RowKey starts with r_</div></td><td class=\"cell\"><div class=\"bar RANGE\"");
  }

  @Test
  void aMethodThatReadsNoKeySpaceOfTheCompilationIsStillListedUnderItsTable() {
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .compile(source("P", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")\n"
                + "public abstract class P { public String a; public String b; }"),
            source("PRepository", "@Repository public interface PRepository extends TableRepository<P> {\n"
                + "  List<P> findByA(String a);\n}"));
    assertThat(compilation).succeeded();
    assertThat(tableSection(html(compilation), "Things")).contains(
        "Methods that read this table but no key space of this compilation:",
        "<code class=\"method\">PRepository.findByA(String)</code> RANGE");
    assertThat(section(file(compilation, KeyDesignReport.MARKDOWN), "## Table `Things`"))
        .contains("| `PRepository.findByA(String)` | RANGE |  | `= {a}` |");
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
        "| `EmployeeRepository.findByDepartmentAndEmail(String, String)` | POINT | Employee.email | `= {department}` |"
            + " `= email_{email}` |",
        "| `EmployeeRepository.findByLastName(String)` | TABLE_SCAN | Employee | `every partition` |"
            + " `starts with empid_` |",
        "⚠ hot partition: every call reads the one partition 'all'",
        "`all / c_2024-05-01_-9223372036854775765` (-9223372036854775765 is id = 42, descending: the complement of"
            + " its fixed-width encoding)");
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
        "| `MemberRepository.findByEmail(String)` | POINT | Member.email, then each Member by its keys |"
            + " `= email_{email}` | `= employee` |",
        "eventually consistent: reads index email in table Members, then each Member by its keys");
    String html = html(compilation);
    assertThat(html).contains("keys only, eventually consistent: written after the entity&#39;s EGT");
  }

  @Test
  void aMethodReadingAnIndexTableIsUnderThatTableAndUnderItsEntitysTable() {
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .compile(source("Member", PlannerTest.MEMBER), source("MemberRepository", PlannerTest.MEMBER_REPOSITORY));
    String md = file(compilation, KeyDesignReport.MARKDOWN);
    String byLastName = "| `MemberRepository.findByLastName(String)` | RANGE | Member.byLastName, then each Member by"
        + " its keys | `= {lastName}` |";
    assertThat(section(md, "## Table `MembersByLastName`")).contains(byLastName,
        "| `MemberRepository.findByLastName(String, PageRequest)` | RANGE |");
    assertThat(section(md, "## Table `Members`")).contains(byLastName);
    assertThat(section(md, "## Table `MembersByAge`")).doesNotContain("findByLastName");

    String html = html(compilation);
    String indexTable = tableSection(html, "MembersByLastName");
    assertThat(indexTable).doesNotContain("No repository method of this compilation reads these key spaces")
        .contains("<code class=\"method\">MemberRepository.findByLastName(String)</code>",
            "<code class=\"method\">MemberRepository.findByLastName(String, PageRequest)</code>",
            "<div class=\"bar RANGE\" title=\"range\">every RowKey</div>");
    String entityTable = tableSection(html, "Members");
    String row = entityTable.substring(entityTable.indexOf(
        "<code class=\"method\">MemberRepository.findByLastName(String)</code>"));
    assertThat(row.substring(0, row.indexOf("</tr>"))).contains("<td><code>each entity&#39;s</code></td>",
        "<div class=\"bar follow\" title=\"point reads\">then each by its keys, one point read per index row</div>");
  }

  @Test
  void encryptedAndLargePropertiesAreDrawnWithTheTypeTheStoreHoldsInRowsAndCopies() {
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .compile(source("Patient", "@Entity(table = \"Patients\") @PartitionKey(\"{clinic}\")"
            + " @RowKey(\"patient_{patientId:08}\")\n"
            + "@Index(name = \"byEmail\", table = \"PatientsByEmail\", partitionKey = \"{email}\", rowKey = \"patient\")\n"
            + "public record Patient(String clinic, int patientId, String email, @Encrypted String diagnosis,"
            + " @Encrypted byte[] scan, @Encrypted BigDecimal balance, @Large String notes,"
            + " @Large @Encrypted String history) {}"));
    assertThat(compilation).succeeded();
    String html = html(compilation);
    for (String table : List.of("Patients", "PatientsByEmail")) {
      assertThat(tableSection(html, table)).contains(
          "<b>diagnosis</b><i>Edm.Binary</i><i class=\"note\">encrypted: AES-GCM ciphertext of the text</i>",
          "<b>scan</b><i>Edm.Binary</i><i class=\"note\">encrypted: AES-GCM ciphertext of the bytes</i>",
          "<b>balance</b><i>Edm.Binary</i>",
          "<b>notes</b><i>Edm.String</i><i class=\"note\">large: a reference to the value, stored out of the row</i>",
          "<b>history</b><i>Edm.String</i><i class=\"note\">large, encrypted: a reference to the ciphertext, stored"
              + " out of the row</i>",
          "<b>email</b><i>Edm.String</i></span>");
    }
    assertThat(file(compilation, KeyDesignReport.MARKDOWN))
        .contains("diagnosis Edm.Binary (encrypted: AES-GCM ciphertext of the text)")
        .doesNotContain("diagnosis Edm.String");
  }

  @Test
  void longPropertyListsAreFoldedAndShortOnesAreNot() {
    StringBuilder wide = new StringBuilder("@Entity(table = \"Readings\") @PartitionKey(\"{sensor}\")"
        + " @RowKey(\"day_{day}\")\npublic record Reading(String sensor, LocalDate day");
    for (int hour = 0; hour < 24; hour++) {
      wide.append(", int h").append(hour);
    }
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .compile(source("Reading", wide.append(") {}").toString()), Sources.employee());
    String html = html(compilation);
    assertThat(html).contains("<details><summary>27 properties: EntityType, sensor, day, h0, …</summary>"
        + "<div class=\"props\">");
    String employee = html.substring(html.indexOf("id=\"space-Company/Employee\""));
    assertThat(employee.substring(0, employee.indexOf("</tr>"))).doesNotContain("<details>");
    assertThat(file(compilation, KeyDesignReport.MARKDOWN)).contains("<details><summary>27 properties</summary>");
  }

  @Test
  void keyTemplatesWrapAtTheirSeparatorsOnly() {
    String page = file(compile(), KeyDesignReport.HTML);
    assertThat(page).contains("<span class=\"t\">empid_</span><wbr></span><span class=\"t\">{employeeId:08}</span>",
        "<span class=\"t\">EmployeeRepository.</span><wbr><span class=\"t\">find</span><wbr>"
            + "<span class=\"t\">ByDepartment</span><wbr><span class=\"t\">AndEmployeeId(</span><wbr>"
            + "<span class=\"t\">String,</span><wbr> <span class=\"t\">int)</span></code>")
        .doesNotContain("overflow-wrap:anywhere", "word-break");
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
