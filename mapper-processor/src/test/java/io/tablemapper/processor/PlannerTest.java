package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plan of every kind of derived query, as written into the generated Javadoc: the guide's employees with an
 * email index, reviews under compound keys, expense claims newest-first, people keyed by name, and staff with an
 * index that orders them by age (for {@code OrderBy}).
 */
class PlannerTest {
  private static String employees;
  private static String reviews;
  private static String expenses;
  private static String people;
  private static String staff;
  private static String parties;
  private static String clients;
  private static String sightings;
  private static String members;
  private static String clerks;
  private static String employeePlans;

  /**
   * Employees with indexes beyond their partition: a partition per email (the new user's first try, in the entity's
   * table), a partial copy per last name in a table of its own, and an index by age both in the partition and, keys
   * only, in another table.
   */
  static final String MEMBER = "@Entity(table = \"Members\")\n@PartitionKey(\"{department}\")\n"
      + "@RowKey(\"member_{employeeId:08}\")\n"
      + "@Index(name = \"email\", partitionKey = \"email_{email}\", rowKey = \"employee\")\n"
      + "@Index(name = \"byLastName\", table = \"MembersByLastName\", partitionKey = \"{lastName}\","
      + " rowKey = \"{department}_{employeeId:08}\", unique = false, properties = {\"firstName\"})\n"
      + "@Index(name = \"byAge\", rowKey = \"age_{age:03}_{employeeId:08}\", unique = false)\n"
      + "@Index(name = \"byAgeAnywhere\", table = \"MembersByAge\", rowKey = \"age_{age:03}_{employeeId:08}\","
      + " unique = false, form = IndexForm.KEYS)\n"
      + "public record Member(String department, int employeeId, String firstName, String lastName, int age,"
      + " String email) {}";

  static final String MEMBER_REPOSITORY = "@Repository public interface MemberRepository"
      + " extends TableRepository<Member> {\n"
      + "  Optional<Member> findByEmail(String email);\n"
      + "  List<Member> findByEmailIn(Collection<String> emails);\n"
      + "  long countByEmail(String email);\n"
      + "  long deleteByEmail(String email);\n"
      + "  List<Member> findByLastName(String lastName);\n"
      + "  Page<Member> findByLastName(String lastName, PageRequest page);\n"
      + "  List<Member> findByLastNameAndDepartment(String lastName, String department);\n"
      + "  @AllowScan List<Member> findByLastNameAndAge(String lastName, int age);\n"
      + "  List<Member> findByDepartmentAndAge(String department, int age);\n"
      + "  @AllowScan List<Member> findByFirstName(String firstName);\n"
      + "}";

  @BeforeAll
  static void compileRepositories() {
    Compilation compilation = Sources.compile(
        Sources.employee(),
        source("Review",
            "@Entity(table = \"Company\", type = \"Review\")\n@PartitionKey(\"{department}\")\n"
                + "@RowKey(\"review_{employeeId:08}_{year}\")\n"
                + "public record Review(String department, int employeeId, int year, int managerRating, String comments) {}"),
        source("Expense",
            "@Entity(table = \"Company\", type = \"Expense\")\n@PartitionKey(\"{department}\")\n"
                + "@RowKey(\"expense_{employeeId:08}_{submitted:desc}\")\n"
                + "public record Expense(String department, int employeeId, Instant submitted, BigDecimal amount,"
                + " long cents) {}"),
        source("Staff",
            "@Entity(table = \"Staff\")\n@PartitionKey(\"{department}\")\n@RowKey(\"staff_{id:08}\")\n"
                + "@Index(name = \"byAge\", rowKey = \"age_{age:03}_{id:08}\", unique = false)\n"
                + "public record Staff(String department, int id, int age, String name) {}"),
        source("StaffRepository",
            "@Repository public interface StaffRepository extends TableRepository<Staff> {\n"
                + "  List<Staff> findByDepartmentOrderById(String department);\n"
                + "  List<Staff> findByDepartmentOrderByAge(String department);\n"
                + "  List<Staff> findTop3ByDepartmentOrderByAgeAscId(String department);\n"
                + "  List<Staff> findByDepartmentAndAgeOrderById(String department, int age);\n"
                + "  List<Staff> findByDepartmentAndAgeBetweenOrderByAge(String department, int from, int to);\n"
                + "  List<Staff> findByDepartmentAndAgeInOrderByAge(String department, Collection<Integer> ages);\n"
                + "}"),
        source("Sighting",
            "@Entity(table = \"Sightings\")\n@PartitionKey(\"{device}\")\n@RowKey(\"{seq:06}\")\n"
                + "@Index(name = \"byHeard\", rowKey = \"heard_{heard}_{seq:06}\", unique = false)\n"
                + "public record Sighting(String device, int seq, Instant heard) {}"),
        source("SightingRepository",
            "@Repository public interface SightingRepository extends TableRepository<Sighting> {\n"
                + "  @AllowScan List<Sighting> findTop2ByDevice(String device);\n"
                + "  List<Sighting> findByDeviceAndHeardGreaterThan(String device, Instant since);\n"
                + "}"),
        source("Clerk",
            "@Entity(table = \"Clerks\")\n@PartitionKey(\"{department}\")\n@RowKey(\"clerk_{id:08}\")\n"
                + "@Index(name = \"byLastName\", table = \"ClerkIDs\", partitionKey = \"{lastName}\", rowKey = \"ids\","
                + " unique = false, form = IndexForm.KEY_LIST)\n"
                + "@Index(name = \"byTeam\", partitionKey = \"team_{team}\", rowKey = \"level_{level:02}\","
                + " unique = false, form = IndexForm.KEY_LIST)\n"
                + "@Index(name = \"byDesk\", rowKey = \"desk_{desk}_\", unique = false, form = IndexForm.KEY_LIST)\n"
                + "public record Clerk(String department, int id, String lastName, String team, int level,"
                + " String desk) {}"),
        source("ClerkRepository",
            "@Repository public interface ClerkRepository extends TableRepository<Clerk> {\n"
                + "  List<Clerk> findByLastName(String lastName);\n"
                + "  List<Clerk> findByTeamAndLevel(String team, int level);\n"
                + "  List<Clerk> findByDepartmentAndDesk(String department, String desk);\n"
                + "  @AllowScan List<Clerk> findByTeam(String team);\n"
                + "  @AllowScan List<Clerk> findByLastNameIn(Collection<String> lastNames);\n"
                + "  @AllowScan List<Clerk> findByDepartmentAndLastNameOrderById(String department, String lastName);\n"
                + "}"),
        source("Member", MEMBER),
        source("MemberRepository", MEMBER_REPOSITORY),
        source("Person",
            "@Entity(table = \"People\")\n@PartitionKey(\"{country}\")\n@RowKey(\"{lastName}_{firstName}\")\n"
                + "public record Person(String country, String lastName, String firstName, int age) {}"),
        source("EmployeeRepository",
            "@Repository public interface EmployeeRepository extends TableRepository<Employee> {\n"
                + "  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);\n"
                + "  Optional<Employee> findByDepartmentAndEmail(String department, String email);\n"
                + "  List<Employee> findByDepartmentAndEmployeeIdGreaterThanEqual(String department, int from);\n"
                + "  List<Employee> findByDepartmentAndEmployeeIdGreaterThan(String department, int after);\n"
                + "  List<Employee> findByDepartmentAndEmployeeIdLessThanEqual(String department, int to);\n"
                + "  List<Employee> findByDepartmentAndEmployeeIdLessThan(String department, int before);\n"
                + "  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from, int to);\n"
                + "  List<Employee> findByDepartment(String department);\n"
                + "  List<Employee> findByDepartmentAndEmailStartsWith(String department, String prefix);\n"
                + "  @AllowScan List<Employee> findByDepartmentAndAge(String department, int age);\n"
                + "  Optional<Employee> findByDepartmentAndEmailAndAge(String department, String email, int age);\n"
                + "  @AllowScan List<Employee> findByLastName(String lastName);\n"
                + "  @AllowScan List<Employee> findByEmployeeId(int employeeId);\n"
                + "  Optional<Employee> findFirstByDepartment(String department);\n"
                + "  List<Employee> findByDepartmentIn(Collection<String> departments);\n"
                + "  List<Employee> findByDepartmentAndEmployeeIdIn(String department, Set<Integer> ids);\n"
                + "  List<Employee> findByDepartmentAndEmailIn(String department, List<String> emails);\n"
                + "  @AllowScan List<Employee> findByDepartmentAndAgeIn(String department, Collection<Integer> ages);\n"
                + "  List<Employee> findTop5ByDepartmentIn(Collection<String> departments);\n"
                + "  @AllowScan List<Employee> findByDepartmentAndEmailIsNull(String department);\n"
                + "  @AllowScan List<Employee> findByDepartmentAndLastNameIsNotNullAndAgeNot(String department,"
                + " int age);\n"
                + "  @AllowScan List<Employee> findByDepartmentAndEmailNot(String department, String email);\n"
                + "  List<Employee> findByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween(String d1, int id,"
                + " String d2, int from, int to);\n"
                + "  List<Employee> findByDepartmentAndEmailOrDepartmentAndEmployeeId(String d1, String email, String d2,"
                + " int id);\n"
                + "  @AllowScan List<Employee> findByDepartmentAndEmailStartsWithOrDepartmentAndEmployeeIdIn(String d1,"
                + " String prefix, String d2, Collection<Integer> ids);\n"
                + "  @AllowScan List<Employee> findByDepartmentAndAgeOrDepartmentAndEmployeeId(String d1, int age,"
                + " String d2, int id);\n"
                + "  @AllowScan List<Employee> findByDepartmentAndAgeGreaterThanOrLastName(String department, int age,"
                + " String lastName);\n"
                + "  @AllowScan Page<Employee> findByDepartmentAndLastNameOrFirstName(String department, String lastName,"
                + " String firstName, PageRequest page);\n"
                + "}"),
        source("ReviewRepository",
            "@Repository public interface ReviewRepository extends TableRepository<Review> {\n"
                + "  List<Review> findByDepartmentAndEmployeeId(String department, int employeeId);\n"
                + "  List<Review> findByDepartmentAndEmployeeIdAndYearBetween(String department, int employeeId, int from, int to);\n"
                + "  @AllowScan List<Review> findByDepartmentAndYear(String department, int year);\n"
                + "  List<Review> findByDepartmentAndEmployeeIdIn(String department, Collection<Integer> ids);\n"
                + "  @AllowScan List<Review> findByDepartmentInAndEmployeeIdIn(Collection<String> departments,"
                + " Collection<Integer> ids);\n"
                + "}"),
        source("ExpenseRepository",
            "@Repository public interface ExpenseRepository extends TableRepository<Expense> {\n"
                + "  List<Expense> findTop10ByDepartmentAndEmployeeId(String department, int employeeId);\n"
                + "  @AllowScan List<Expense> findByDepartmentAndCentsGreaterThan(String department, long cents);\n"
                + "  List<Expense> findByDepartmentAndEmployeeIdAndSubmittedGreaterThan(String department, int employeeId, Instant since);\n"
                + "  List<Expense> findByDepartmentAndEmployeeIdAndSubmittedLessThanEqual(String department, int employeeId, Instant until);\n"
                + "  List<Expense> findByDepartmentAndEmployeeIdAndSubmittedBetween(String department, int employeeId, Instant from, Instant to);\n"
                + "  List<Expense> findByDepartmentAndEmployeeIdOrderByEmployeeIdDescSubmittedDesc(String department, int employeeId);\n"
                + "}"),
        source("Party",
            "@Entity(table = \"Parties\")\n@PartitionKey(\"{city}\")\n"
                + "public abstract class Party { public String city; public int id; public String lastName; }"),
        source("Client", "@Entity @RowKey(\"CUSTOMER_{id:06}\")\npublic class Client extends Party {}"),
        source("Worker", "@Entity @RowKey(\"EMPLOYEE_{id:06}\")\npublic class Worker extends Party {}"),
        source("PartyRepository",
            "@Repository public interface PartyRepository extends TableRepository<Party> {\n"
                + "  @AllowScan List<Party> findByCity(String city);\n"
                + "  @AllowScan List<Party> findByCityAndId(String city, int id);\n"
                + "  @AllowScan List<Party> findByLastName(String lastName);\n"
                + "}"),
        source("ClientRepository",
            "@Repository public interface ClientRepository extends TableRepository<Client> {\n"
                + "  Optional<Client> findByCityAndId(String city, int id);\n"
                + "  List<Client> findByCity(String city);\n"
                + "}"),
        source("PersonRepository",
            "@Repository public interface PersonRepository extends TableRepository<Person> {\n"
                + "  Optional<Person> findByCountryAndLastNameAndFirstName(String country, String lastName, String firstName);\n"
                + "  List<Person> findByCountryAndLastName(String country, String lastName);\n"
                + "  List<Person> findByCountryAndLastNameStartsWith(String country, String prefix);\n"
                + "  @AllowScan List<Person> findByCountryAndLastNameGreaterThan(String country, String name);\n"
                + "  List<Person> findByCountryAndLastNameAndFirstNameGreaterThan(String country, String lastName, String after);\n"
                + "}"));
    assertThat(compilation).succeededWithoutWarnings();
    employees = generated(compilation, "test.EmployeeRepository__Impl");
    reviews = generated(compilation, "test.ReviewRepository__Impl");
    expenses = generated(compilation, "test.ExpenseRepository__Impl");
    people = generated(compilation, "test.PersonRepository__Impl");
    staff = generated(compilation, "test.StaffRepository__Impl");
    parties = generated(compilation, "test.PartyRepository__Impl");
    clients = generated(compilation, "test.ClientRepository__Impl");
    sightings = generated(compilation, "test.SightingRepository__Impl");
    members = generated(compilation, "test.MemberRepository__Impl");
    clerks = generated(compilation, "test.ClerkRepository__Impl");
    try {
      employeePlans = compilation.generatedFile(StandardLocation.CLASS_OUTPUT,
          "META-INF/tablemapper/plans/test.EmployeeRepository.txt").orElseThrow().getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String generated(Compilation compilation, String name) {
    try {
      return compilation.generatedSourceFile(name).orElseThrow().getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Stream<Arguments> plans() {
    return Stream.of(
        plan("an Or of a point and a range is their union, a RANGE", "employees",
            "findByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween",
            "RANGE (Or: union of 2 reads, run in parallel and merged in key order, each entity once):"
                + " (POINT: PartitionKey = {d1}, RowKey = empid_{id:08}) or (RANGE: PartitionKey = {d2},"
                + " RowKey in [empid_{from:08}, empid_{to:08}])"),
        plan("an Or branch may be a point through an index", "employees",
            "findByDepartmentAndEmailOrDepartmentAndEmployeeId",
            "POINT (Or: union of 2 reads, run in parallel and merged in key order, each entity once):"
                + " (POINT via index email: PartitionKey = {d1}, RowKey = email_{email}) or (POINT: PartitionKey ="
                + " {d2}, RowKey = empid_{id:08})"),
        plan("a range of an index is no Or branch, as its order is not the entity's", "employees",
            "findByDepartmentAndEmailStartsWithOrDepartmentAndEmployeeIdIn",
            "PARTITION_SCAN (Or: union of 2 reads, run in parallel and merged in key order, each entity once):"
                + " (PARTITION_SCAN: PartitionKey = {d1}, RowKey starts with empid_; filter email starts with {prefix}) or (POINT ×n (one per"
                + " distinct element of {ids}, merged in key order): PartitionKey = {d2}, RowKey = empid_{ids:08})"),
        plan("an Or with a partition scan branch is a PARTITION_SCAN, its worst branch", "employees",
            "findByDepartmentAndAgeOrDepartmentAndEmployeeId",
            "PARTITION_SCAN (Or: union of 2 reads, run in parallel and merged in key order, each entity once):"
                + " (PARTITION_SCAN: PartitionKey = {d1}, RowKey starts with empid_; filter age eq {age}) or (POINT: PartitionKey = {d2},"
                + " RowKey = empid_{id:08})"),
        plan("And binds tighter than Or, and a branch without a PartitionKey makes the Or one filtered scan",
            "employees", "findByDepartmentAndAgeGreaterThanOrLastName",
            "TABLE_SCAN: every partition of table Company; filter (department eq {department} and age gt {age}) or"
                + " (lastName eq {lastName})"),
        plan("binding both keys is a point read", "employees", "findByDepartmentAndEmployeeId",
            "POINT: PartitionKey = {department}, RowKey = empid_{employeeId:08}"),
        plan("an index that binds every key component gives a point read through it", "employees",
            "findByDepartmentAndEmail", "POINT via index email: PartitionKey = {department}, RowKey = email_{email}"),
        plan("a lower bound on a padded component starts at its encoding", "employees",
            "findByDepartmentAndEmployeeIdGreaterThanEqual",
            "RANGE: PartitionKey = {department}, RowKey in [empid_{from:08}, empid_…)"),
        plan("an exclusive lower bound on the last component excludes that key", "employees",
            "findByDepartmentAndEmployeeIdGreaterThan",
            "RANGE: PartitionKey = {department}, RowKey in (empid_{after:08}, empid_…)"),
        plan("an inclusive upper bound on the last component includes that key", "employees",
            "findByDepartmentAndEmployeeIdLessThanEqual",
            "RANGE: PartitionKey = {department}, RowKey in [empid_, empid_{to:08}]"),
        plan("an exclusive upper bound stops before the key", "employees", "findByDepartmentAndEmployeeIdLessThan",
            "RANGE: PartitionKey = {department}, RowKey in [empid_, empid_{before:08})"),
        plan("between bounds both ends", "employees", "findByDepartmentAndEmployeeIdBetween",
            "RANGE: PartitionKey = {department}, RowKey in [empid_{from:08}, empid_{to:08}]"),
        plan("the type's literal prefix alone reads exactly its entities", "employees", "findByDepartment",
            "RANGE: PartitionKey = {department}, RowKey starts with empid_"),
        plan("StartsWith on an index component is a prefix range of the index", "employees",
            "findByDepartmentAndEmailStartsWith",
            "RANGE via index email: PartitionKey = {department}, RowKey starts with email_{prefix}"),
        plan("a condition on a non-key property scans the partition", "employees", "findByDepartmentAndAge",
            "PARTITION_SCAN: PartitionKey = {department}, RowKey starts with empid_; filter age eq {age}"),
        plan("other conditions ride along as a filter on a point read", "employees", "findByDepartmentAndEmailAndAge",
            "POINT via index email: PartitionKey = {department}, RowKey = email_{email}; filter age eq {age}"),
        plan("no PartitionKey means a table scan", "employees", "findByLastName",
            "TABLE_SCAN: every partition of table Company, RowKey starts with empid_; filter lastName eq {lastName}"),
        plan("a RowKey without a PartitionKey is still a table scan, with the RowKey bound in every partition",
            "employees", "findByEmployeeId",
            "TABLE_SCAN: every partition of table Company, RowKey = empid_{employeeId:08}"),
        plan("First limits a range to its first entity", "employees", "findFirstByDepartment",
            "RANGE: PartitionKey = {department}, RowKey starts with empid_; first 1"),
        plan("a leading component of a compound key is a prefix that ends at the separator", "reviews",
            "findByDepartmentAndEmployeeId",
            "RANGE: PartitionKey = {department}, RowKey starts with review_{employeeId:08}_"),
        plan("a range on the second component of a compound key", "reviews",
            "findByDepartmentAndEmployeeIdAndYearBetween",
            "RANGE: PartitionKey = {department}, RowKey in [review_{employeeId:08}_{from}, review_{employeeId:08}_{to}]"),
        plan("skipping a leading component leaves only the literal prefix and a filter", "reviews",
            "findByDepartmentAndYear",
            "PARTITION_SCAN: PartitionKey = {department}, RowKey starts with review_; filter year eq {year}"),
        plan("a filter on a long property says it matches Int64 and Int32 rows alike", "expenses",
            "findByDepartmentAndCentsGreaterThan",
            "PARTITION_SCAN: PartitionKey = {department}, RowKey starts with expense_; filter cents gt {cents}"
                + " (as Int64 or Int32)"),
        plan("the log tail returns the newest first with a limit", "expenses", "findTop10ByDepartmentAndEmployeeId",
            "RANGE: PartitionKey = {department}, RowKey starts with expense_{employeeId:08}_; first 10"),
        plan("after a time on a descending component is the range before its encoding", "expenses",
            "findByDepartmentAndEmployeeIdAndSubmittedGreaterThan",
            "RANGE: PartitionKey = {department}, RowKey in [expense_{employeeId:08}_, expense_{employeeId:08}_{since:desc})"),
        plan("up to a time on a descending component starts at its encoding", "expenses",
            "findByDepartmentAndEmployeeIdAndSubmittedLessThanEqual",
            "RANGE: PartitionKey = {department}, RowKey in [expense_{employeeId:08}_{until:desc}, expense_{employeeId:08}_…)"),
        plan("between on a descending component swaps its ends", "expenses",
            "findByDepartmentAndEmployeeIdAndSubmittedBetween",
            "RANGE: PartitionKey = {department}, RowKey in [expense_{employeeId:08}_{to:desc}, expense_{employeeId:08}_{from:desc}]"),
        plan("an index of a nullable property, which has no copy of an entity without a value, never serves a query"
                + " that does not compare that property", "sightings", "findTop2ByDevice",
            "PARTITION_SCAN: PartitionKey = {device}; first 2"),
        plan("the same index serves a query that compares the property, which no entity without a value matches",
            "sightings", "findByDeviceAndHeardGreaterThan",
            "RANGE via index byHeard: PartitionKey = {device}, RowKey in (heard_{since}…, heard_…)"),
        plan("strings separated by a literal give a point read", "people", "findByCountryAndLastNameAndFirstName",
            "POINT: PartitionKey = {country}, RowKey = {lastName}_{firstName}"),
        plan("a leading string is a prefix that includes its separator, so Smith never matches Smithson", "people",
            "findByCountryAndLastName", "RANGE: PartitionKey = {country}, RowKey starts with {lastName}_"),
        plan("StartsWith on a leading string is a prefix range", "people", "findByCountryAndLastNameStartsWith",
            "RANGE: PartitionKey = {country}, RowKey starts with {prefix}"),
        plan("a range on a string followed by more key cannot be a key range and becomes a filter", "people",
            "findByCountryAndLastNameGreaterThan", "PARTITION_SCAN: PartitionKey = {country}; filter lastName gt {name}"),
        plan("a range on a string that ends the key is a key range", "people",
            "findByCountryAndLastNameAndFirstNameGreaterThan",
            "RANGE: PartitionKey = {country}, RowKey in ({lastName}_{after}, {lastName}_…)"),
        plan("the root of subtypes with RowKeys of their own reads its partition, whose other types it leaves out",
            "parties", "findByCity", "PARTITION_SCAN: PartitionKey = {city}"),
        plan("a RowKey property of every subtype still filters through the root, since ids repeat across types",
            "parties", "findByCityAndId", "PARTITION_SCAN: PartitionKey = {city}; filter id eq {id}"),
        plan("the root without a PartitionKey scans the table", "parties", "findByLastName",
            "TABLE_SCAN: every partition of table Parties; filter lastName eq {lastName}"),
        plan("a subtype with a RowKey of its own reads its rows by it", "clients", "findByCityAndId",
            "POINT: PartitionKey = {city}, RowKey = CUSTOMER_{id:06}"),
        plan("a subtype's literal prefix reads exactly its rows", "clients", "findByCity",
            "RANGE: PartitionKey = {city}, RowKey starts with CUSTOMER_"),
        plan("In on the PartitionKey is one range per partition", "employees", "findByDepartmentIn",
            "RANGE ×n (one per distinct element of {departments}, merged in key order): PartitionKey = {departments},"
                + " RowKey starts with empid_"),
        plan("In on the last RowKey component is one point read per element", "employees",
            "findByDepartmentAndEmployeeIdIn", "POINT ×n (one per distinct element of {ids}, merged in key order):"
                + " PartitionKey = {department}, RowKey = empid_{ids:08}"),
        plan("In on an index component is one point read through the index per element", "employees",
            "findByDepartmentAndEmailIn", "POINT ×n (one per distinct element of {emails}, merged in key order)"
                + " via index email: PartitionKey = {department}, RowKey = email_{emails}"),
        plan("In on a property outside the keys is a filter", "employees", "findByDepartmentAndAgeIn",
            "PARTITION_SCAN: PartitionKey = {department}, RowKey starts with empid_; filter age in {ages}"),
        plan("a limit applies to the merge of the reads", "employees", "findTop5ByDepartmentIn",
            "RANGE ×n (one per distinct element of {departments}, merged in key order): PartitionKey = {departments},"
                + " RowKey starts with empid_; first 5"),
        plan("In on a leading component of a compound key is one prefix range per element", "reviews",
            "findByDepartmentAndEmployeeIdIn", "RANGE ×n (one per distinct element of {ids}, merged in key order):"
                + " PartitionKey = {department}, RowKey starts with review_{ids:08}_"),
        plan("IsNull is a filter on the property's absence, even on an index component", "employees",
            "findByDepartmentAndEmailIsNull",
            "PARTITION_SCAN: PartitionKey = {department}, RowKey starts with empid_; filter email absent"),
        plan("IsNotNull and Not take no key and are filters", "employees",
            "findByDepartmentAndLastNameIsNotNullAndAgeNot", "PARTITION_SCAN: PartitionKey = {department}, RowKey"
                + " starts with empid_; filter lastName present and age ne {age}"),
        plan("Not on an index component cannot be a key range and is a filter", "employees",
            "findByDepartmentAndEmailNot",
            "PARTITION_SCAN: PartitionKey = {department}, RowKey starts with empid_; filter email ne {email}"),
        plan("a partition per email, as a new user writes it, gives a point read of that partition", "members",
            "findByEmail", "POINT via index email, eventually consistent: PartitionKey = email_{email},"
                + " RowKey = employee"),
        plan("In on a remote index's PartitionKey is one point read per partition", "members", "findByEmailIn",
            "POINT ×n (one per distinct element of {emails}, merged in key order) via index email, eventually"
                + " consistent: PartitionKey = email_{emails}, RowKey = employee"),
        plan("a count through a remote index reads the same partition", "members", "countByEmail",
            "POINT via index email, eventually consistent: PartitionKey = email_{email}, RowKey = employee"),
        plan("a delete through a remote index reads the same partition", "members", "deleteByEmail",
            "POINT via index email, eventually consistent: PartitionKey = email_{email}, RowKey = employee"),
        plan("a remote index partition read whole is a range of the copies of one value", "members",
            "findByLastName", "RANGE via index byLastName in table MembersByLastName, eventually consistent:"
                + " PartitionKey = {lastName}"),
        plan("a remote index's RowKey narrows its partition as any RowKey does", "members",
            "findByLastNameAndDepartment", "RANGE via index byLastName in table MembersByLastName, eventually"
                + " consistent: PartitionKey = {lastName}, RowKey starts with {department}_"),
        plan("a condition outside a remote index's keys is a filter on its partition", "members",
            "findByLastNameAndAge", "PARTITION_SCAN via index byLastName in table MembersByLastName, eventually"
                + " consistent: PartitionKey = {lastName}; filter age eq {age}"),
        plan("at a tie an index in the entity's partition wins over a remote one: it is strongly consistent",
            "members", "findByDepartmentAndAge",
            "RANGE via index byAge: PartitionKey = {department}, RowKey starts with age_{age:03}_"),
        plan("a remote index whose PartitionKey is not bound never serves a query: the table scan stays one",
            "members", "findByFirstName",
            "TABLE_SCAN: every partition of table Members, RowKey starts with member_; filter firstName eq"
                + " {firstName}"),
        plan("a key list read for one value is a point read of its row", "clerks", "findByLastName",
            "POINT via index byLastName in table ClerkIDs, eventually consistent: PartitionKey = {lastName},"
                + " RowKey = ids"),
        plan("a key list whose keys are all bound serves a point read in the entity's table", "clerks",
            "findByTeamAndLevel", "POINT via index byTeam, eventually consistent: PartitionKey = team_{team},"
                + " RowKey = level_{level:02}"),
        plan("a key list in the entity's partition is a strongly consistent point read of its row", "clerks",
            "findByDepartmentAndDesk", "POINT via index byDesk: PartitionKey = {department}, RowKey = desk_{desk}_"),
        plan("a key list serves no range of its values: the other paths are planned", "clerks", "findByTeam",
            "TABLE_SCAN: every partition of table Clerks, RowKey starts with clerk_; filter team eq {team}"),
        plan("a key list serves no In: one list per value would merge unordered lists", "clerks",
            "findByLastNameIn", "TABLE_SCAN: every partition of table Clerks, RowKey starts with clerk_; filter lastName in"
                + " {lastNames}"),
        plan("only the first In on the keys fans out; a second one is a filter", "reviews",
            "findByDepartmentInAndEmployeeIdIn", "PARTITION_SCAN ×n (one per distinct element of {departments}, merged"
                + " in key order): PartitionKey = {departments}, RowKey starts with review_; filter employeeId in"
                + " {ids}"));
  }

  static Stream<Arguments> orderedPlans() {
    return Stream.of(
        plan("a key list gives no order: an OrderBy is planned over another path", "clerks",
            "findByDepartmentAndLastNameOrderById", "PARTITION_SCAN: PartitionKey = {department}, RowKey starts with clerk_;"
                + " filter lastName eq {lastName}"),
        plan("an ordering the entity's own RowKey gives reads its rows", "staff", "findByDepartmentOrderById",
            "RANGE: PartitionKey = {department}, RowKey starts with staff_"),
        plan("an ordering only an index gives reads through the index", "staff", "findByDepartmentOrderByAge",
            "RANGE via index byAge: PartitionKey = {department}, RowKey starts with age_"),
        plan("an ordering of several properties follows the index's components", "staff",
            "findTop3ByDepartmentOrderByAgeAscId",
            "RANGE via index byAge: PartitionKey = {department}, RowKey starts with age_; first 3"),
        plan("a property fixed by equality drops out of the ordering", "staff", "findByDepartmentAndAgeOrderById",
            "RANGE via index byAge: PartitionKey = {department}, RowKey starts with age_{age:03}_"),
        plan("a range on the ordering's property reads the range in that order", "staff",
            "findByDepartmentAndAgeBetweenOrderByAge",
            "RANGE via index byAge: PartitionKey = {department}, RowKey in [age_{from:03}, age_{to:03}…]"),
        plan("a descending component gives a descending ordering", "expenses",
            "findByDepartmentAndEmployeeIdOrderByEmployeeIdDescSubmittedDesc",
            "RANGE: PartitionKey = {department}, RowKey starts with expense_{employeeId:08}_"),
        plan("In on a RowKey component keeps the order of that component, since the reads merge in key order",
            "staff", "findByDepartmentAndAgeInOrderByAge", "RANGE ×n (one per distinct element of {ages}, merged in"
                + " key order) via index byAge: PartitionKey = {department}, RowKey starts with age_{ages:03}_"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("orderedPlans")
  void anOrderingChoosesAnAccessPathWhoseKeysGiveIt(String behaviour, String repository, String method, String expected) {
    writesThePlanIntoTheGeneratedJavadoc(behaviour, repository, method, expected);
  }

  @Test
  void aQueryThroughARemoteIndexComposesTheIndexsPartitionKeyAndNamesTheIndex() {
    String body = members.substring(members.indexOf(" findByEmail(String email)"));
    body = body.substring(0, body.indexOf("\n  }\n"));

    assertThat(body).contains(".index(\"email\")")
        .contains(".partitionKey(Member_.emailIndexPartitionKey(email))")
        .contains(".rowKey(Member_.emailIndexRowKey())");
  }

  @Test
  void thePlanReportListsEachBranchOfAnOrUnion() {
    String method = employeePlans.substring(
        employeePlans.indexOf("findByDepartmentAndEmployeeIdOrDepartmentAndEmployeeIdBetween("));
    method = method.substring(0, method.indexOf("\n\n"));

    assertThat(method).contains("union         the union of 2 reads, one per branch of the Or")
        .contains("branch 1      POINT: PartitionKey = {d1}, RowKey = empid_{id:08}")
        .contains("branch 2      RANGE: PartitionKey = {d2}, RowKey in [empid_{from:08}, empid_{to:08}]")
        .contains("order         by PartitionKey, then RowKey (the reads of the Or merge in key order)")
        .doesNotContain("every partition");
  }

  @Test
  void anOrScanReadsOnceWithTheBranchesJoinedByOrInItsFilter() {
    String body = employees.substring(employees.indexOf(" findByDepartmentAndAgeGreaterThanOrLastName("));
    body = body.substring(0, body.indexOf("\n  }\n"));

    assertThat(body).contains("Filter.or(alternatives.toArray(new Filter[0]))").doesNotContain(".anyOf(");
  }

  @Test
  void anOrUnionBuildsOneReadPerBranchAndMergesThem() {
    String body = employees.substring(
        employees.indexOf(" findByDepartmentAndEmailStartsWithOrDepartmentAndEmployeeIdIn("));
    body = body.substring(0, body.indexOf("\n  }\n"));

    assertThat(body).contains(".anyOf(reads)").contains("for (Integer idsElement : new LinkedHashSet<>(ids))")
        .contains(".filter(Filter.startsWith(Employee_.EMAIL, prefix))");
  }

  @Test
  void aConditionOnALongPropertyIsSentAsTheInt64OrTheInt32Comparison() {
    assertThat(expenses).contains("Values.int64(Filter.Op.GT, Expense_.CENTS, cents)");
  }

  private static Arguments plan(String behaviour, String repository, String method, String expected) {
    return Arguments.of(behaviour, repository, method, expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("plans")
  void writesThePlanIntoTheGeneratedJavadoc(String behaviour, String repository, String method, String expected) {
    String source = switch (repository) {
      case "employees" -> employees;
      case "reviews" -> reviews;
      case "expenses" -> expenses;
      case "staff" -> staff;
      case "parties" -> parties;
      case "clients" -> clients;
      case "clerks" -> clerks;
      case "sightings" -> sightings;
      case "members" -> members;
      default -> people;
    };
    int at = source.indexOf(" " + method + "(");
    assertThat(at).as("generated method %s", method).isPositive();
    String javadoc = source.substring(source.lastIndexOf("/**", at), at);
    Matcher shown = Pattern.compile("\\{@value #(\\w+)}").matcher(javadoc);
    assertThat(shown.find()).as("the Javadoc of %s shows its plan", method).isTrue();
    String plan = shown.group(1);
    String body = source.substring(at, source.indexOf("\n  }\n", at));
    assertThat(body).as("the query of %s reports the plan its Javadoc shows", method).contains(plan);
    assertThat(constant(source, plan)).isEqualTo(expected);
  }

  /** The text of a String constant of a generated source, whose literal may be split into pieces joined by +. */
  private static String constant(String source, String name) {
    int start = source.indexOf(" String " + name + " =");
    assertThat(start).as("constant %s", name).isPositive();
    String initializer = source.substring(start, source.indexOf(";\n", start));
    Matcher pieces = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(initializer);
    StringBuilder text = new StringBuilder();
    while (pieces.find()) {
      text.append(pieces.group(1).replace("\\\"", "\"").replace("\\\\", "\\"));
    }
    return text.toString();
  }
}
