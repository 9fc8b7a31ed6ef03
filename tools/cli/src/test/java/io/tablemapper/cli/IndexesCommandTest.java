package io.tablemapper.cli;

import static io.tablemapper.cli.FakeIndexAdmin.counts;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.cli.fixtures.Department;
import io.tablemapper.cli.fixtures.Employee;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The index commands over a fake {@link io.tablemapper.api.IndexAdmin} (the runtime's is another module's), on an
 * in-memory store that holds the four employees the progress display counts first.
 */
class IndexesCommandTest {
  private static final String EMPLOYEE = "io.tablemapper.cli.fixtures.Employee";
  private static final long SECOND = 1_000_000_000L;

  private static final String DEPARTMENT = "io.tablemapper.cli.fixtures.Department";
  private final AtomicLong clock = new AtomicLong();
  private InMemoryBackend backend;
  private FakeIndexAdmin employees;

  @BeforeEach
  void fourEmployeesInFourPartitions() {
    backend = InMemoryBackend.create();
    TableMapper mapper = TableMapper.builder().backend(backend).pendingCompleters(0).build();
    for (String department : List.of("A", "B", "C", "D")) {
      mapper.batch("Company", department)
          .insert(new Employee(department, 1, "Ken", 40, department + "@contoso.com")).commit();
    }
    employees = new FakeIndexAdmin(Employee.class, clock, 3 * SECOND)
        .declare("email", IndexState.NOT_BUILT,
            counts("email", 1, 1, 1), counts("email", 2, 2, 2), counts("email", 3, 3, 3), counts("email", 4, 4, 4));
  }

  private CliRun run(boolean terminal, String... args) {
    TableMapperCli.Tools tools = new TableMapperCli.Tools(() -> backend,
        (mapper, type) -> type == Employee.class ? employees
            : new FakeIndexAdmin(type, clock, SECOND), terminal, clock::get);
    return CliRun.of(tools, args);
  }

  @Test
  void aBuildOffATerminalLogsALineEveryIntervalAndEndsWithTheSummary() {
    CliRun run = run(false, "indexes", "build", "email", "--memory", "--entity", EMPLOYEE,
        "--progress-interval", "5");

    assertThat(run.code()).as(run.err()).isEqualTo(TableMapperCli.OK);
    assertThat(run.err().lines()).containsExactly(
        "email [############------------]  50%  2/~4 entities, 2 partitions, 2 written, 2 missing,"
            + " 0.3 entities/s, ETA 0:06",
        "email [########################] 100%  4/4 entities, 4 partitions, 4 written, 4 missing,"
            + " 0.3 entities/s, done in 0:12");
    assertThat(run.out().lines()).containsExactly(
        "INDEX           STATE  READ  WRITTEN  DELETED  MISSING  ORPHANS  STALE  CONFLICTS",
        "Employee.email  READY     4        4        0        4        0      0          0");
    assertThat(employees.calls()).containsExactly("build email");
  }

  @Test
  void aBuildOnATerminalRedrawsOneBarInPlaceAfterEachPartition() {
    CliRun run = run(true, "indexes", "build", "--memory", "--entity", EMPLOYEE);

    assertThat(run.code()).as(run.err()).isEqualTo(TableMapperCli.OK);
    assertThat(run.err()).startsWith("\remail [######------------------]  25%  1/~4 entities, 1 partition,")
        .contains("\remail [############------------]  50%  2/~4 entities",
            "\remail [##################------]  75%  3/~4 entities, 3 partitions, 3 written, 3 missing,"
                + " 0.3 entities/s, ETA 0:03")
        .endsWith("\remail [########################] 100%  4/4 entities, 4 partitions, 4 written, 4 missing,"
            + " 0.3 entities/s, done in 0:12\n");
    assertThat(run.err().chars().filter(c -> c == '\n').count()).as("lines ended").isEqualTo(1);
  }

  @Test
  void aClassFoundByItsPackageWhoseIndexesHaveNoAdministrationIsSkippedWithANoteAndOneNamedFails() {
    String refused = "cannot administer the indexes of " + DEPARTMENT + ": its entities live in a table per period";
    TableMapperCli.Tools tools = new TableMapperCli.Tools(() -> backend, (mapper, type) -> {
      if (type != Employee.class) {
        throw new TableMapperException(refused);
      }
      return employees;
    }, false, clock::get);

    CliRun found = CliRun.of(tools, "indexes", "status", "--memory", "--package", "io.tablemapper.cli.fixtures");
    assertThat(found.code()).as(found.err()).isEqualTo(TableMapperCli.OK);
    assertThat(found.err().lines()).containsExactly("skipped " + DEPARTMENT + ": " + refused);
    assertThat(found.out()).contains("Employee  email  NOT_BUILT");

    CliRun named = CliRun.of(tools, "indexes", "status", "--memory", "--entity", DEPARTMENT);
    assertThat(named.code()).isEqualTo(TableMapperCli.ERROR);
    assertThat(named.err()).isEqualTo("tablemapper: " + refused + "\n");
  }

  @Test
  void aRunThatFailsEndsTheBarsLineBeforeItsOneLineMessage() {
    employees.failingWith(new io.tablemapper.api.StoreUnavailableException("the store went away; try again"));

    CliRun run = run(true, "indexes", "build", "--memory", "--entity", EMPLOYEE);

    assertThat(run.code()).isEqualTo(TableMapperCli.ERROR);
    assertThat(run.err()).startsWith("\remail [######------------------]  25%  1/~4 entities")
        .endsWith(" ETA 0:09\ntablemapper: the store went away; try again\n");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void withoutAnEstimateProgressShowsCountsAndRateButNoBar() {
    CliRun run = run(false, "indexes", "build", "email", "--memory", "--entity", EMPLOYEE, "--no-estimate",
        "--progress-interval", "5");

    assertThat(run.err().lines()).containsExactly(
        "email 2 entities, 2 partitions, 2 written, 2 missing, 0.3 entities/s",
        "email 4 entities, 4 partitions, 4 written, 4 missing, 0.3 entities/s, done in 0:12");
  }

  @Test
  void aVerifyThatFindsProblemsExitsWithOneAndNamesEachConflictsEntities() {
    IndexReport found = new IndexReport("email", 4, 0, 0, 1, 2, 1, 1, List.of(new IndexReport.Conflict(
        "ken@contoso.com", List.of("Company/A/empid_000001", "Company/B/empid_000001"))));
    employees = new FakeIndexAdmin(Employee.class, clock, SECOND).declare("email", IndexState.NOT_BUILT, found);

    CliRun run = run(false, "indexes", "verify", "Employee.email", "--memory", "--entity", EMPLOYEE,
        "--progress", "none");

    assertThat(run.code()).isEqualTo(TableMapperCli.PROBLEMS);
    assertThat(run.err()).isEmpty();
    assertThat(run.out().lines()).containsExactly(
        "INDEX           STATE      READ  WRITTEN  DELETED  MISSING  ORPHANS  STALE  CONFLICTS",
        "Employee.email  NOT_BUILT     4        0        0        1        2      1          1",
        "",
        "Conflicts of Employee.email (the index is not ready until each value has one entity; change or delete the"
            + " others, then run 'indexes repair'):",
        "  'ken@contoso.com' is held by Company/A/empid_000001, Company/B/empid_000001");
  }

  @Test
  void aCleanVerifyExitsWithZero() {
    employees = new FakeIndexAdmin(Employee.class, clock, SECOND)
        .declare("email", IndexState.READY, counts("email", 4, 0, 0));

    CliRun run = run(false, "indexes", "verify", "--memory", "--entity", EMPLOYEE, "--progress", "none");

    assertThat(run.code()).as(run.err()).isEqualTo(TableMapperCli.OK);
    assertThat(employees.calls()).containsExactly("verify email");
  }

  @Test
  void aRepairRunsAtTheRateLimitGiven() {
    CliRun run = run(false, "indexes", "repair", "email", "--memory", "--entity", EMPLOYEE, "--rate", "50",
        "--progress", "none");

    assertThat(run.code()).as(run.err()).isEqualTo(TableMapperCli.OK);
    assertThat(employees.calls()).containsExactly("repair email at 50.0/s");
  }

  @Test
  void statusListsEachDeclaredIndexWithItsStateAndTheRecordedOnesNoClassDeclares() {
    employees.undeclared("oldEmail", counts("oldEmail", 0, 0, 0));

    CliRun run = run(false, "indexes", "status", "--memory", "--entity", EMPLOYEE,
        "--entity", "io.tablemapper.cli.fixtures.Department");

    assertThat(run.code()).as(run.err()).isEqualTo(TableMapperCli.OK);
    assertThat(run.out().lines()).containsExactly(
        "ENTITY    INDEX     STATE",
        "Employee  email     NOT_BUILT",
        "Employee  oldEmail  NOT_DECLARED (its rows remain: indexes drop oldEmail deletes them)");
  }

  @Test
  void dropDeletesTheRowsOfAnIndexNoClassDeclaresAndRefusesADeclaredOne() {
    employees.undeclared("oldEmail", new IndexReport("oldEmail", 0, 0, 12, 0, 0, 0, 0, List.of()));

    CliRun dropped = run(false, "indexes", "drop", "oldEmail", "--memory", "--entity", EMPLOYEE);
    CliRun refused = run(false, "indexes", "drop", "email", "--memory", "--entity", EMPLOYEE);

    assertThat(dropped.code()).as(dropped.err()).isEqualTo(TableMapperCli.OK);
    assertThat(dropped.out().lines()).contains(
        "Employee.oldEmail  DROPPED     0        0       12        0        0      0          0");
    assertThat(refused.code()).isEqualTo(TableMapperCli.ERROR);
    assertThat(refused.err()).isEqualTo("tablemapper: Employee still declares the index email: remove its @Index"
        + " from the class (and deploy that) before dropping its rows\n");
    assertThat(employees.calls()).containsExactly("drop oldEmail");
  }

  @Test
  void anIndexNoClassDeclaresIsOneLineNamingTheDeclaredOnes() {
    CliRun run = run(false, "indexes", "build", "emial", "--memory", "--entity", EMPLOYEE);

    assertThat(run.code()).isEqualTo(TableMapperCli.ERROR);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo(
        "tablemapper: no index emial is declared by Employee: the declared ones are Employee.email\n");
  }

  @Test
  void aRecordedIndexNoLongerDeclaredIsPointedToDrop() {
    employees.undeclared("oldEmail", counts("oldEmail", 0, 0, 0));

    CliRun run = run(false, "indexes", "build", "oldEmail", "--memory", "--entity", EMPLOYEE);

    assertThat(run.err()).isEqualTo("tablemapper: Employee no longer declares the index oldEmail, whose rows the"
        + " store still holds: 'indexes drop oldEmail' deletes them\n");
  }

  @Test
  void indexCommandsNeedEntityClasses() {
    CliRun run = run(false, "indexes", "status", "--memory");

    assertThat(run.code()).isEqualTo(TableMapperCli.ERROR);
    assertThat(run.err()).isEqualTo("tablemapper: name the entity classes whose indexes to status: --entity"
        + " com.example.Employee (repeat it) or --package com.example, with --classpath app.jar when they are not"
        + " on the tool's class path\n");
  }

  @Test
  void aClassNotOnTheClassPathIsOneLineSayingHowToGiveIt() {
    CliRun run = run(false, "indexes", "status", "--memory", "--entity", "com.example.Employe");

    assertThat(run.code()).isEqualTo(TableMapperCli.ERROR);
    assertThat(run.err()).isEqualTo("tablemapper: class com.example.Employe is not on the tool's class path: check"
        + " its full name (package included), or give the jar or classes directory that holds it with"
        + " --classpath\n");
  }

  @Test
  void aClassThatIsNoEntityIsRefused() {
    CliRun run = run(false, "indexes", "status", "--memory", "--entity", "java.lang.String");

    assertThat(run.err()).isEqualTo("tablemapper: class java.lang.String is no entity: it has no @Entity"
        + " annotation (name the entity classes, not their repositories)\n");
  }

  @Test
  void exactlyOneStoreMustBeNamed() {
    CliRun none = run(false, "indexes", "status", "--entity", EMPLOYEE);
    CliRun two = run(false, "indexes", "status", "--entity", EMPLOYEE, "--memory", "--h2", "x");

    assertThat(none.code()).isEqualTo(TableMapperCli.ERROR);
    assertThat(none.err()).isEqualTo("tablemapper: no store named: give exactly one of --h2 FILE, --azure"
        + " CONNECTION_STRING or --memory\n");
    assertThat(two.err()).startsWith("tablemapper: more than one store named: ");
  }

  @Test
  void aCommandLineThatDoesNotParseExitsWithTwoAndPointsToHelp() {
    CliRun run = run(false, "indexes", "build", "--memory", "--rate", "fast");

    assertThat(run.code()).isEqualTo(TableMapperCli.USAGE);
    assertThat(run.err().lines()).containsExactly(
        "tablemapper: Invalid value for option '--rate': 'fast' is not a double",
        "Try 'tablemapper indexes build --help' for its options.");
  }

  @Test
  void verboseAddsTheStackTrace() {
    CliRun run = run(false, "indexes", "status", "--memory", "--entity", "com.example.Employe", "--verbose");

    assertThat(run.err()).startsWith("tablemapper: class com.example.Employe is not on the tool's class path")
        .contains("\tat io.tablemapper.cli.EntityClasses", "Caused by: java.lang.ClassNotFoundException");
  }

  @Test
  void everyCommandHasHelp() {
    for (List<String> command : List.of(List.<String>of(), List.of("indexes"), List.of("indexes", "status"),
        List.of("indexes", "build"), List.of("indexes", "verify"), List.of("indexes", "repair"),
        List.of("indexes", "drop"), List.of("inspect"))) {
      String[] args = java.util.stream.Stream.concat(command.stream(), java.util.stream.Stream.of("--help"))
          .toArray(String[]::new);
      CliRun run = run(false, args);

      assertThat(run.code()).as(String.join(" ", args)).isZero();
      assertThat(run.out()).as(String.join(" ", args))
          .startsWith("Usage: " + String.join(" ", java.util.stream.Stream.concat(
              java.util.stream.Stream.of("tablemapper"), command.stream()).toList()) + " ")
          .contains("Exit codes:");
    }
  }

  @Test
  void theDepartmentsFakeAdminIsNotUsedForTheEmployeesIndexes() {
    CliRun run = run(false, "indexes", "build", "--memory", "--entity", EMPLOYEE, "--entity",
        Department.class.getName(), "--progress", "none");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out().lines()).hasSize(2);
  }
}
