package io.tablemapper.samples.jakartadata;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.spi.TableBackend;
import jakarta.data.exceptions.EntityExistsException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs the Jakarta Data repositories {@link Staff} and {@link Claims} on an H2 file ({@code target/jakarta-data}, or
 * the path given as the first argument), or on Azure Table Storage with {@code azure <connection string>}, printing
 * what they store and the plan of every query. Each run starts from an empty department, so it prints the same every
 * time.
 */
public final class JakartaDataApp {
  private final Staff staff;
  private final Claims claims;
  private final PrintStream out;

  private JakartaDataApp(TableMapper mapper, PrintStream out) {
    this.staff = mapper.repository(Staff.class);
    this.claims = mapper.repository(Claims.class);
    this.out = out;
  }

  /** {@code [path of an H2 file]} or {@code azure <connection string>}. */
  public static void main(String[] args) {
    TableBackend backend = args.length == 2 && args[0].equals("azure")
        ? AzureTablesBackend.fromConnectionString(args[1])
        : H2Backend.file(Path.of(args.length == 1 ? args[0] : "target/jakarta-data"));
    run(backend, System.out);
  }

  /** Runs the sample on a backend, printing to {@code out}. */
  public static void run(TableBackend backend, PrintStream out) {
    try (TableMapper mapper = TableMapper.builder().backend(backend)
        .queryListener(event -> out.println("    plan: " + event.plan()))
        .build()) {
      new JakartaDataApp(mapper, out).run();
    }
  }

  private void run() {
    out.println("== a department from scratch");
    staff.deleteByDepartment("Sales");
    claims.withdrawAll(7);
    List<Employee> hired = staff.insertAll(List.of(
        Employee.of("Sales", 7, "Ken", "Kwok", "ken@contoso.com"),
        Employee.of("Sales", 3, "Ann", "Lee", "ann@contoso.com"),
        Employee.of("Sales", 12, "Bo", "Chan", "bo@contoso.com")));
    out.println("hired " + hired.size() + ", each with its ETag: " + hired.stream().allMatch(e -> e.etag() != null));

    out.println("== finds");
    out.println("by key: " + staff.findById(new EmployeeKey("Sales", 7)).map(Employee::firstName).orElse("none"));
    out.println("by email: " + staff.byEmail("Sales", "ann@contoso.com").map(Employee::firstName).orElse("none"));
    out.println("in department: " + names(staff.inDepartment("Sales")));
    out.println("count: " + staff.countByDepartment("Sales"));

    out.println("== pages of 2, by continuation token");
    CursoredPage<Employee> page = staff.page("Sales", PageRequest.ofSize(2));
    out.println("page 1: " + names(page.content()) + " of " + page.totalElements());
    while (page.hasNext()) {
      page = staff.page("Sales", page.nextPageRequest());
      out.println("page " + page.pageRequest().page() + ": " + names(page.content()));
    }

    out.println("== optimistic locking");
    Employee ken = staff.findById(new EmployeeKey("Sales", 7)).orElseThrow();
    staff.update(ken.withLastName("Kwok-Lee"));
    try {
      staff.update(ken.withLastName("Stale"));
    } catch (OptimisticLockingFailureException e) {
      out.println("a stale update: OptimisticLockingFailureException");
    }

    out.println("== claims");
    claims.submit(new ExpenseClaim(7, 1, "train", 4_250));
    claims.submit(new ExpenseClaim(7, 2, "hotel", 18_900));
    try {
      claims.submit(new ExpenseClaim(7, 1, "train again", 4_250));
    } catch (EntityExistsException e) {
      out.println("a second claim 1: EntityExistsException");
    }
    out.println("claims of 7: " + claims.of(7).stream().map(ExpenseClaim::description)
        .collect(Collectors.joining(", ")));
    out.println("everyone: " + names(staff.findAll().collect(Collectors.toList())));
  }

  private static String names(List<Employee> employees) {
    return employees.stream().map(e -> e.firstName() + " " + e.lastName()).collect(Collectors.joining(", "));
  }
}
