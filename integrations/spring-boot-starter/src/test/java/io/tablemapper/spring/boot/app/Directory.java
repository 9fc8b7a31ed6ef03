package io.tablemapper.spring.boot.app;

import jakarta.data.repository.Find;
import jakarta.data.repository.Insert;
import jakarta.data.repository.Repository;
import java.util.List;

/** The company's employees through a Jakarta Data repository, registered as a bean as tablemapper's own are. */
@Repository
public interface Directory {

  @Insert
  void hire(Employee employee);

  /** RANGE: a department's employees, in key order. */
  @Find
  List<Employee> inDepartment(String department);
}
