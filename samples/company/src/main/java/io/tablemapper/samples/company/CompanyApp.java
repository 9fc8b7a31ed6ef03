package io.tablemapper.samples.company;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexNotReadyException;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.Partition;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.samples.company.patterns.DailyLogs;
import io.tablemapper.samples.company.patterns.EmployeePhotos;
import io.tablemapper.samples.company.patterns.HourlyReadings;
import io.tablemapper.samples.company.patterns.WideEntities;
import io.tablemapper.samples.company.people.PeopleDirectory;
import io.tablemapper.samples.company.people.Person;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The company of the table design guide, run end to end: it stores departments with their employees in one entity
 * group transaction, reviews and expense claims, builds an index added after the reviews were stored ({@link
 * #indexAddedToExistingData}), then queries them, printing each query with the plan the
 * processor chose for it at compile time, shows the guide's Person / Customer / Employee hierarchy as a polymorphic
 * partition ({@link PeopleDirectory}), shows what the mapper refuses, and runs the guide's data-modelling patterns
 * ({@link #patterns}).
 *
 * <p>It runs on an H2 database file by default ({@link BackendChoice} says how to choose another backend). What an
 * earlier run stored is found and kept, not inserted again, and each run's changes (a birthday, a new email
 * address) build on the last run's.
 */
public final class CompanyApp {
  private final TableMapper mapper;
  private final PrintStream out;
  private final DepartmentRepository departments;
  private final EmployeeRepository employees;
  private final ReviewRepository reviews;
  private final ExpenseClaimRepository claims;

  CompanyApp(TableMapper mapper, PrintStream out) {
    this.mapper = mapper;
    this.out = out;
    this.departments = mapper.repository(DepartmentRepository.class);
    this.employees = mapper.repository(EmployeeRepository.class);
    this.reviews = mapper.repository(ReviewRepository.class);
    this.claims = mapper.repository(ExpenseClaimRepository.class);
  }

  /** Runs the sample on the backend the system properties choose ({@link BackendChoice}): an H2 file by default. */
  public static void main(String[] args) {
    runOn(BackendChoice.fromSystem(), System.out);
  }

  /** Runs the sample on a backend, printing to {@code out}. */
  static void runOn(BackendChoice backend, PrintStream out) {
    out.println("Backend: " + backend.description() + " (choose with -D" + BackendChoice.BACKEND + "=h2|memory|azure"
        + " and -D" + BackendChoice.H2_FILE + "=PATH)");
    try (TableMapper mapper = TableMapper.builder()
        .backend(backend.open())
        .entities(Department.class, Employee.class, Review.class, ExpenseClaim.class, Person.class)
        .unknownTypes(UnknownTypePolicy.DYNAMIC)
        .queryListener(event -> printPlan(out, event))
        .build()) {
      new CompanyApp(mapper, out).run();
    }
    if (backend.durable()) {
      out.println();
      out.println("The data stay in the " + backend.description() + ": run again to continue from them, or delete"
          + " the file to start over.");
    }
  }

  static void printPlan(PrintStream out, QueryEvent event) {
    out.printf("    plan: %s%n    read %d row(s) in %d request(s), returned %d%n", event.plan(), event.rowsRead(),
        event.requests(), event.rowsReturned());
  }

  void run() {
    store();
    indexAddedToExistingData();
    query();
    concurrency();
    indexMaintenance();
    heterogeneousPartition();
    new PeopleDirectory(mapper, out).run(this::section);
    paging();
    rejectedInput();
    archive();
    patterns();
  }

  /**
   * The guide's data-modelling patterns, each a class of package {@code patterns} that says what it does: a data
   * series merged one value at a time, a wide entity over several rows, a large photo stored out of its row, and a
   * log table per day whose old days are dropped whole.
   */
  void patterns() {
    List<BiConsumer<TableMapper, PrintStream>> patterns =
        List.of(HourlyReadings::run, WideEntities::run, EmployeePhotos::run, DailyLogs::run);
    for (BiConsumer<TableMapper, PrintStream> pattern : patterns) {
      out.println();
      pattern.accept(mapper, out);
    }
  }

  /** Stores the company, once. */
  void store() {
    section("Storing the company (each department with its employees in one entity group transaction)");
    Partition sales = mapper.partition("Company", "Sales");
    Partition marketing = mapper.partition("Company", "Marketing");
    if (alreadyStored("the Sales department", sales.all(Department.class))) {
      alreadyStored("its employees", sales.all(Employee.class));
    } else {
      mapper.batch("Company", "Sales")
          .insert(Department.of("Sales", "Ken Kwok", 4))
          .insert(Employee.of("Sales", 10, "Ken", "Kwok", 23, "kenk@contoso.com"))
          .insert(Employee.of("Sales", 123, "Don", "Hall", 34, "donh@contoso.com"))
          .insert(Employee.of("Sales", 223, "Jun", "Cao", 47, "junc@contoso.com"))
          .insert(Employee.of("Sales", 224, "Ana", "Jones", 29, "anaj@contoso.com"))
          .commit()
          .forEach(this::stored);
    }
    if (alreadyStored("the Marketing department", marketing.all(Department.class))) {
      alreadyStored("its employees", marketing.all(Employee.class));
    } else {
      mapper.batch("Company", "Marketing")
          .insert(Department.of("Marketing", "Ben Smith", 2))
          .insert(Employee.of("Marketing", 1, "Ben", "Smith", 41, "bens@contoso.com"))
          .insert(Employee.of("Marketing", 2, "Eva", "Jones", 38, "evaj@contoso.com"))
          .commit()
          .forEach(this::stored);
    }
    if (!alreadyStored("the reviews", sales.all(Review.class))) {
      for (int year = 2021; year <= 2024; year++) {
        stored(reviews.insert(new Review("Sales", 223, year, 3 + year % 2, 4, "review of " + year)));
      }
    }
    if (!alreadyStored("the expense claims", sales.all(ExpenseClaim.class))) {
      stored(claims.insert(new ExpenseClaim("Sales", 223, Instant.parse("2024-03-01T09:15:00Z"),
          new BigDecimal("120.50"), "taxi")));
      stored(claims.insert(new ExpenseClaim("Sales", 223, Instant.parse("2024-03-04T18:40:00Z"),
          new BigDecimal("89.90"), "dinner with a customer")));
      stored(claims.insert(new ExpenseClaim("Sales", 223, Instant.parse("2024-04-11T07:05:00Z"),
          new BigDecimal("412.00"), "flight")));
      stored(claims.insert(new ExpenseClaim("Sales", 223, Instant.parse("2024-05-20T12:00:00Z"),
          new BigDecimal("35.25"), "lunch")));
    }
  }

  /**
   * An index added to data that already exists: {@link Review}'s {@code byYear}. Over reviews stored before Review
   * declared it (by an earlier version of this sample) it is {@link IndexState#NOT_BUILT} and its queries are
   * refused, never answered from copies that some reviews lack; it is built, with its progress reported, then
   * verified. Over reviews all written knowing it (a store this version created) it is {@link IndexState#READY}.
   */
  void indexAddedToExistingData() {
    section("An index added to existing data: the reviews by year (index byYear of Review)");
    IndexAdmin indexes = mapper.indexes(Review.class);
    IndexState state = indexes.state("byYear");
    out.println("  state: " + state);
    if (state == IndexState.READY) {
      out.println("  every review has its copy (the store was created with the index, or a run before built it):"
          + " nothing to build. Over reviews stored before Review declared it, it is NOT_BUILT and this section"
          + " builds it.");
    } else {
      try {
        reviews.findByDepartmentAndYear("Sales", 2023);
        out.println("  !! a query through an index not built was answered");
      } catch (IndexNotReadyException e) {
        out.println("  a query through it is refused: " + e.getMessage());
      }
      long[] shown = {-1};
      IndexReport built = indexes.listener((index, soFar, partitions, finished) -> {
        if (finished || soFar.entitiesRead() != shown[0]) {
          shown[0] = soFar.entitiesRead();
          out.printf("  building %s: %d review(s) read, %d copies written, %d partition(s) done%s%n", index,
              soFar.entitiesRead(), soFar.copiesWritten(), partitions, finished ? ", finished" : "");
        }
      }).build("byYear");
      out.println("  built: " + built.entitiesRead() + " review(s) read, " + built.missing() + " lacked their copy, "
          + built.copiesWritten() + " copies written; state now " + indexes.state("byYear"));
      IndexReport verified = indexes.verify("byYear");
      out.println("  verified: " + (verified.clean() ? "every review has its copy, and no copy is stale or orphaned"
          : "!! " + verified));
    }
    show("the Sales reviews of 2023, through the index", () -> reviews.findByDepartmentAndYear("Sales", 2023));
  }

  /** Whether an earlier run stored these entities; if it did, says so. */
  private boolean alreadyStored(String what, List<?> found) {
    if (found.isEmpty()) {
      return false;
    }
    out.println("  stored by an earlier run, so not inserted again: " + what + " (" + found.size() + " "
        + (found.size() == 1 ? "entity" : "entities") + ")");
    return true;
  }

  /** The read paths: every query of the sample, each with its plan. */
  void query() {
    section("Queries, each with the plan chosen at compile time");
    show("Sales employee 223", () -> employees.findByDepartmentAndEmployeeId("Sales", 223));
    show("the Sales employee with email donh@contoso.com", () -> employees.findByDepartmentAndEmail("Sales", "donh@contoso.com"));
    show("the employee with email donh@contoso.com, in any department (an index in partitions of its own)",
        () -> employees.findByEmail("donh@contoso.com"));
    show("Sales employees 100 to 299", () -> employees.findByDepartmentAndEmployeeIdBetween("Sales", 100, 299));
    show("Sales emails starting with 'j'", () -> employees.findByDepartmentAndEmailStartsWith("Sales", "j"));
    show("Sales employees older than 30", () -> employees.findByDepartmentAndAgeGreaterThan("Sales", 30));
    show("employees named Jones in any department", () -> employees.findByLastName("Jones"));
    show("the number of Sales employees", () -> employees.countByDepartment("Sales"));
    show("the names of the Sales employees (a projection: only firstName and lastName are read)",
        () -> employees.findByDepartment("Sales"));
    show("the Sales department", () -> departments.findByName("Sales"));
    show("the reviews of employee 223", () -> reviews.findByDepartmentAndEmployeeId("Sales", 223));
    show("the reviews of employee 223 from 2022 to 2023",
        () -> reviews.findByDepartmentAndEmployeeIdAndYearBetween("Sales", 223, 2022, 2023));
    show("the latest three expense claims of employee 223 (newest first)",
        () -> claims.findTop3ByDepartmentAndEmployeeId("Sales", 223));
    show("the claims of employee 223 since April",
        () -> claims.findByDepartmentAndEmployeeIdAndSubmittedGreaterThan("Sales", 223, Instant.parse("2024-04-01T00:00:00Z")));
  }

  private void concurrency() {
    section("Optimistic concurrency: an update carries the ETag it read");
    Employee read = employees.findByDepartmentAndEmployeeId("Sales", 10).orElseThrow();
    Employee updated = employees.update(read.birthday());
    out.println("  updated " + updated);
    out.println("  " + updated.firstName() + " " + updated.lastName() + " had a birthday: " + read.age() + " -> "
        + updated.age() + " (one per run: on the H2 file each run continues from the last)");
    try {
      employees.update(read.birthday());
      out.println("  !! a stale update went through");
    } catch (ConcurrencyConflictException e) {
      out.println("  the second update with the stale ETag was refused: " + e.getMessage());
    }
  }

  private void indexMaintenance() {
    section("Index copies move with the entity, in the same transaction");
    Employee jun = employees.findByDepartmentAndEmployeeId("Sales", 223).orElseThrow();
    employees.update(jun.withEmail("jun.cao@contoso.com"));
    show("the old address junc@contoso.com", () -> employees.findByDepartmentAndEmail("Sales", "junc@contoso.com"));
    show("the new address jun.cao@contoso.com", () -> employees.findByDepartmentAndEmail("Sales", "jun.cao@contoso.com"));
    out.println("  across departments, the copy under the email's own partition moves after the transaction; a read"
        + " never returns an employee whose email is no longer the one asked for:");
    show("the old address junc@contoso.com, in any department", () -> employees.findByEmail("junc@contoso.com"));
    show("the new address jun.cao@contoso.com, in any department", () -> employees.findByEmail("jun.cao@contoso.com"));
  }

  /**
   * The guide's eventually consistent transaction: a temporary hire leaves, archived into another table — an insert
   * there and a delete here, which no entity group transaction can hold together. The first write goes with a durable
   * record of the second, so that the second happens even if the process dies in between.
   */
  private void archive() {
    section("Archiving an employee into another table (an eventually consistent transaction)");
    List<ArchivedEmployee> archived = mapper.partition("Archive", "Marketing").all(ArchivedEmployee.class);
    if (!archived.isEmpty()) {
      out.println("  archived by an earlier run: " + archived);
      return;
    }
    Employee temp = employees.insert(Employee.of("Marketing", 3, "Tom", "Temp", 19, "tomt@contoso.com"));
    out.println("  hired " + temp);
    mapper.eventually().insert(ArchivedEmployee.of(temp)).delete(temp).commit();
    show("Marketing employee 3 after archiving", () -> employees.findByDepartmentAndEmployeeId("Marketing", 3));
    out.println("  in the Archive table: " + mapper.partition("Archive", "Marketing").all(ArchivedEmployee.class));
    out.println("  writes still pending: " + mapper.completePending());
  }

  private void heterogeneousPartition() {
    section("The Sales partition: four entity types, resolved through EntityType (index copies never appear)");
    for (Object entity : mapper.partition("Company", "Sales").all()) {
      out.println("  " + entity.getClass().getSimpleName() + ": " + entity);
    }
  }

  private void paging() {
    section("Paging through Sales employees, two at a time, with an opaque continuation token");
    Page<Employee> page = employees.findByDepartment("Sales", PageRequest.of(2));
    int number = 1;
    while (true) {
      out.println("  page " + number + ": " + page.items().stream().map(Employee::lastName).toList()
          + page.continuationToken().map(token -> ", token " + token).orElse(", last page"));
      if (page.continuationToken().isEmpty()) {
        break;
      }
      page = employees.findByDepartment("Sales", PageRequest.after(page.continuationToken().get(), 2));
      number++;
    }
  }

  private void rejectedInput() {
    section("What the mapper refuses, before anything is written");
    try {
      employees.insert(Employee.of("Sales", 1_000_000, "Too", "Big", 30, "big@contoso.com"));
    } catch (InvalidKeyException e) {
      out.println("  an id that does not fit {employeeId:06}: " + e.getMessage());
    }
    try {
      employees.insert(Employee.of("Sales", 500, "Dup", "Licate", 30, "donh@contoso.com"));
    } catch (EntityExistsException e) {
      out.println("  an email already taken: " + e.getMessage());
    }
    show("employee 500 after the refused insert", () -> employees.findByDepartmentAndEmployeeId("Sales", 500));
  }

  private void section(String title) {
    out.println();
    out.println("== " + title);
  }

  private void stored(Object entity) {
    out.println("  stored " + entity);
  }

  private void show(String what, Supplier<?> query) {
    out.println("  " + what + ":");
    Object result = query.get();
    if (result instanceof List<?> list) {
      list.forEach(item -> out.println("      " + item));
      if (list.isEmpty()) {
        out.println("      (none)");
      }
    } else if (result instanceof Optional<?> optional) {
      out.println("      " + optional.map(Object::toString).orElse("(none)"));
    } else {
      out.println("      " + result);
    }
  }
}
