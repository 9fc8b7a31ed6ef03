package io.tablemapper.samples.jakartadata;

import io.tablemapper.annotations.AllowScan;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Delete;
import jakarta.data.repository.Find;
import jakarta.data.repository.OrderBy;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Employees through Jakarta Data: {@code CrudRepository}'s methods, and finds the keys answer. */
@Repository
public interface Staff extends CrudRepository<Employee, EmployeeKey> {

  /** Every employee of every department: a table scan, allowed here. */
  @AllowScan
  @Override
  Stream<Employee> findAll();

  /** POINT through the email index. */
  @Find
  Optional<Employee> byEmail(String department, String email);

  /** RANGE: the department's partition, in employee number order. */
  @Find
  @OrderBy("employeeId")
  List<Employee> inDepartment(String department);

  /** RANGE, a page at a time, each resuming from the last one's continuation token. */
  @Find
  CursoredPage<Employee> page(String department, PageRequest pageRequest);

  /** RANGE: counts the department. */
  long countByDepartment(String department);

  /** RANGE: deletes the department's employees with their index copies. */
  @Delete
  void deleteByDepartment(String department);
}
