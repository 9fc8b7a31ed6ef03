package io.tablemapper.samples.spring;

import io.tablemapper.api.Batch;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Departments and their employees. A department and its first employees are stored in one entity group transaction
 * (they share a partition); an employee's ETag is its HTTP ETag, and a PUT or DELETE with {@code If-Match} fails
 * with 412 when someone changed the employee since. Failures become problem details ({@link Problems}).
 */
@RestController
@RequestMapping("/departments")
class CompanyController {
  private final TableMapper mapper;
  private final DepartmentRepository departments;
  private final EmployeeRepository employees;

  CompanyController(TableMapper mapper, DepartmentRepository departments, EmployeeRepository employees) {
    this.mapper = mapper;
    this.departments = departments;
    this.employees = employees;
  }

  /** A new department with its first employees. */
  record NewDepartment(String name, String manager, List<Employee> employees) {}

  /** What a PUT of an employee changes. */
  record EmployeeChange(String firstName, String lastName, String email) {}

  /** A page of employees, and the token of the next page, if any. */
  record EmployeePage(List<Employee> items, String next) {}

  @PostMapping
  ResponseEntity<List<Object>> create(@RequestBody NewDepartment department) {
    Batch batch = mapper.batch("Company", department.name())
        .insert(new Department(department.name(), department.manager(), null));
    for (Employee employee : department.employees() == null ? List.<Employee>of() : department.employees()) {
      batch.insert(employee.in(department.name()));
    }
    return ResponseEntity.created(URI.create("/departments/" + department.name())).body(batch.commit());
  }

  @GetMapping("/{name}")
  Department department(@PathVariable String name) {
    return departments.findByName(name)
        .orElseThrow(() -> new EntityNotFoundException("no department " + name));
  }

  @GetMapping("/{name}/employees")
  EmployeePage employees(@PathVariable String name, @RequestParam(defaultValue = "20") int size,
      @RequestParam(required = false) String after) {
    PageRequest request = after == null ? PageRequest.of(size) : PageRequest.after(after, size);
    Page<Employee> page = employees.findByDepartment(name, request);
    return new EmployeePage(page.items(), page.continuationToken().orElse(null));
  }

  @GetMapping("/{name}/employees/{id}")
  ResponseEntity<Employee> employee(@PathVariable String name, @PathVariable int id) {
    Employee employee = employees.findByDepartmentAndEmployeeId(name, id)
        .orElseThrow(() -> new EntityNotFoundException("no employee " + id + " in " + name));
    return ResponseEntity.ok().eTag(employee.etag()).body(employee);
  }

  @GetMapping(path = "/{name}/employees", params = "email")
  Employee byEmail(@PathVariable String name, @RequestParam String email) {
    return employees.findByDepartmentAndEmail(name, email)
        .orElseThrow(() -> new EntityNotFoundException("no employee with email " + email + " in " + name));
  }

  @PostMapping("/{name}/employees")
  ResponseEntity<Employee> hire(@PathVariable String name, @RequestBody Employee employee) {
    Employee stored = employees.insert(employee.in(name));
    return ResponseEntity.created(URI.create("/departments/" + name + "/employees/" + stored.employeeId()))
        .eTag(stored.etag()).body(stored);
  }

  @PutMapping("/{name}/employees/{id}")
  ResponseEntity<Employee> update(@PathVariable String name, @PathVariable int id,
      @RequestBody EmployeeChange change, @RequestHeader(name = "If-Match", required = false) String ifMatch) {
    Employee changed = new Employee(name, id, change.firstName(), change.lastName(), change.email(), etag(ifMatch));
    Employee stored = employees.update(changed);
    return ResponseEntity.ok().eTag(stored.etag()).body(stored);
  }

  @DeleteMapping("/{name}/employees/{id}")
  @ResponseStatus(HttpStatus.NO_CONTENT)
  void fire(@PathVariable String name, @PathVariable int id,
      @RequestHeader(name = "If-Match", required = false) String ifMatch) {
    Employee employee = ifMatch == null
        ? employees.findByDepartmentAndEmployeeId(name, id)
            .orElseThrow(() -> new EntityNotFoundException("no employee " + id + " in " + name))
        : new Employee(name, id, null, null, null, etag(ifMatch));
    employees.delete(employee);
  }

  /**
   * The store's ETag of an If-Match header: the header itself, as the stores' ETags are HTTP entity tags already
   * ({@code W/"..."}), which {@code ResponseEntity.eTag} sends as they are; none for none.
   */
  private static String etag(String ifMatch) {
    return ifMatch;
  }
}
