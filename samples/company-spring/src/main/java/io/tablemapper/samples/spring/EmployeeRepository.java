package io.tablemapper.samples.spring;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableRepository;
import java.util.Optional;

/** Employees: each method's plan is decided at compile time and written in the generated Javadoc. */
@Repository
public interface EmployeeRepository extends TableRepository<Employee> {

  /** POINT: one row by its keys. */
  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);

  /** POINT via index email. */
  Optional<Employee> findByDepartmentAndEmail(String department, String email);

  /** RANGE: the department's employees in id order, a page at a time. */
  Page<Employee> findByDepartment(String department, PageRequest page);
}
