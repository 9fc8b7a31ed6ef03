package io.tablemapper.samples.company;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The sample runs to the end and prints what the documentation promises: stored entities, plans, results, refusals. (It
 * runs in memory here; {@link CompanyAppOnH2Test} runs it twice on a file.)
 */
class CompanyAppTest {
  private static String output;

  @BeforeAll
  static void runTheSample() {
    Properties properties = new Properties();
    properties.setProperty(BackendChoice.BACKEND, "memory");
    output = run(BackendChoice.from(properties));
  }

  /** The sample's output on a backend. */
  static String run(BackendChoice backend) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CompanyApp.runOn(backend, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void saysWhichBackendItRunsOnAndHowToChooseAnother() {
    assertThat(output).startsWith("Backend: in memory (nothing is kept after the run) (choose with"
        + " -Dtablemapper.backend=h2|memory|azure and -Dtablemapper.h2.file=PATH)");
    assertThat(output).doesNotContain("run again");
  }

  @Test
  void printsEachQueryWithItsCompileTimePlan() {
    assertThat(output)
        .contains("plan: POINT: PartitionKey = {department}, RowKey = empid_{employeeId:06}")
        .contains("plan: POINT via index email: PartitionKey = {department}, RowKey = email_{email}")
        .contains("plan: POINT via index companyEmail, eventually consistent: PartitionKey = email_{email},"
            + " RowKey = employee")
        .contains("plan: RANGE: PartitionKey = {department}, RowKey in [empid_{from:06}, empid_{to:06}]")
        .contains("plan: PARTITION_SCAN: PartitionKey = {department}, RowKey starts with empid_; filter age gt {age}")
        .contains("plan: TABLE_SCAN: every partition of table Company")
        .contains("plan: RANGE: PartitionKey = {department}, RowKey starts with expense_{employeeId:06}_; first 3");
  }

  @Test
  void aProjectionListsTheNamesOfADepartmentInKeyOrder() {
    assertThat(output).contains(String.join(System.lineSeparator(),
        "      EmployeeName[firstName=Ken, lastName=Kwok]", "      EmployeeName[firstName=Don, lastName=Hall]",
        "      EmployeeName[firstName=Jun, lastName=Cao]", "      EmployeeName[firstName=Ana, lastName=Jones]"));
  }

  @Test
  void anIndexOfReviewsThisVersionStoredIsReadyAndAnswersAtOnce() {
    assertThat(output).contains("== An index added to existing data: the reviews by year (index byYear of Review)")
        .contains("  state: READY")
        .doesNotContain("building byYear")
        .contains("plan: RANGE via index byYear: PartitionKey = {department}, RowKey starts with reviewyear_{year:04}_");
    assertThat(answer("the Sales reviews of 2023, through the index"))
        .contains("Review[department=Sales, employeeId=223, year=2023");
  }

  @Test
  void theLogTailListsTheNewestClaimsFirst() {
    int lunch = output.indexOf("description=lunch");
    int flight = output.indexOf("description=flight", lunch);
    int dinner = output.indexOf("description=dinner with a customer", flight);
    assertThat(lunch).isPositive();
    assertThat(flight).isGreaterThan(lunch);
    assertThat(dinner).isGreaterThan(flight);
  }

  @Test
  void aStaleUpdateIsRefusedAndTheEmailIndexMovesWithTheEntity() {
    assertThat(output).contains("the second update with the stale ETag was refused");
    assertThat(output).doesNotContain("!! a stale update went through");
    String old = output.substring(output.indexOf("the old address junc@contoso.com"));
    assertThat(old.substring(0, old.indexOf("the new address"))).contains("(none)");
  }

  @Test
  void anEmployeeIsFoundByEmailAcrossDepartmentsAndNeverAtAnOldAddress() {
    assertThat(answer("the employee with email donh@contoso.com, in any department"))
        .contains("plan: POINT via index companyEmail, eventually consistent")
        .contains("Employee[department=Sales, employeeId=123");
    assertThat(answer("the old address junc@contoso.com, in any department")).contains("(none)");
    assertThat(answer("the new address jun.cao@contoso.com, in any department")).contains("employeeId=223");
  }

  /** What the run printed for one query: its line, its plan and its result, up to the next query's line. */
  private String answer(String what) {
    String from = output.substring(output.indexOf(what));
    java.util.regex.Matcher next = java.util.regex.Pattern.compile("\\R  \\S").matcher(from);
    return next.find() ? from.substring(0, next.start()) : from;
  }

  @Test
  void archivingMovesAnEmployeeIntoTheArchiveTableLeavingNoWorkPending() {
    String archive = output.substring(output.indexOf("== Archiving an employee"));
    assertThat(archive).contains("hired Employee[department=Marketing, employeeId=3, firstName=Tom");
    String after = archive.substring(archive.indexOf("Marketing employee 3 after archiving"));
    assertThat(after.substring(0, after.indexOf("in the Archive table"))).contains("(none)");
    assertThat(archive).contains("in the Archive table: [ArchivedEmployee[department=Marketing, employeeId=3,"
        + " firstName=Tom, lastName=Temp, email=tomt@contoso.com]]");
    assertThat(archive).contains("writes still pending: 0");
  }

  @Test
  void thePartitionHoldsEveryTypeButNoIndexCopy() {
    String partition = output.substring(output.indexOf("== The Sales partition"), output.indexOf("== Paging"));
    assertThat(partition).contains("Department:", "Employee:", "Review:", "ExpenseClaim:");
    assertThat(partition.lines().filter(line -> line.startsWith("  Employee:")).count()).isEqualTo(4);
  }

  @Test
  void thePeoplePartitionReturnsEachPersonAsItsSubtypeAndTheUnknownSupplierAsADynamicEntity() {
    String people = output.substring(output.indexOf("== Inheritance"), output.indexOf("== Paging"));
    String asPerson = people.substring(people.indexOf("the partition as Person"), people.indexOf("only the customers"));
    assertThat(asPerson.lines().filter(line -> line.startsWith("      Customer: Customer[Seattle")).count())
        .isEqualTo(2);
    assertThat(asPerson.lines().filter(line -> line.startsWith("      Employee: Employee[Seattle")).count())
        .isEqualTo(2);
    assertThat(asPerson).doesNotContain("Supplier");
    String smiths = people.substring(people.indexOf("everybody named Smith"), people.indexOf("the whole partition"));
    assertThat(smiths).contains("Employee[Seattle #2: Ken Smith, Sales", "Customer[Seattle #3: Lee Smith");
    String whole = people.substring(people.indexOf("the whole partition"), people.indexOf("the same rows"));
    assertThat(whole).contains("DynamicEntity: DynamicEntity(PartitionKey 'Seattle', RowKey 'supplier_0001')");
    assertThat(people).contains("person_000001 EntityType=Customer", "supplier_0001 EntityType=Supplier");
  }

  @Test
  void pagesFollowTheirContinuationTokensToTheLastPage() {
    assertThat(output).contains("page 1: [Kwok, Hall], token ").contains("page 2: [Cao, Jones], last page");
  }

  @Test
  void refusedWritesLeaveNothingBehind() {
    assertThat(output).contains("an id that does not fit {employeeId:06}: Employee.employeeId = 1000000");
    assertThat(output).contains("an email already taken:");
    String after = output.substring(output.indexOf("employee 500 after the refused insert"));
    assertThat(after).contains("(none)");
  }
}
