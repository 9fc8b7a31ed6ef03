package io.tablemapper.samples.company;

import io.tablemapper.annotations.AllowScan;
import io.tablemapper.annotations.Repository;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

/** Employees; each method's plan is decided at compile time. */
@Repository
public interface EmployeeRepository extends TableRepository<Employee> {

  /** POINT: both keys. */
  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);

  /** POINT via the email index. */
  Optional<Employee> findByDepartmentAndEmail(String department, String email);

  /** POINT via the companyEmail index, eventually consistent: an email in any department. */
  Optional<Employee> findByEmail(String email);

  /** RANGE: a range of ids. */
  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from, int to);

  /** RANGE via the email index: addresses starting with a prefix. */
  List<Employee> findByDepartmentAndEmailStartsWith(String department, String prefix);

  /** RANGE, projected: the names of a department's employees; only firstName and lastName are read. */
  List<EmployeeName> findByDepartment(String department);

  /** RANGE: every employee of a department, a page at a time. */
  Page<Employee> findByDepartment(String department, PageRequest page);

  /** PARTITION_SCAN, allowed: a filter on a non-key property. */
  @AllowScan
  List<Employee> findByDepartmentAndAgeGreaterThan(String department, int age);

  /** TABLE_SCAN, allowed: no PartitionKey, every department is read. */
  @AllowScan
  List<Employee> findByLastName(String lastName);

  /** RANGE, counted. */
  long countByDepartment(String department);
}
