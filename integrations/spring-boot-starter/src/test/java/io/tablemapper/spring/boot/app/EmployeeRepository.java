package io.tablemapper.spring.boot.app;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

@Repository
public interface EmployeeRepository extends TableRepository<Employee> {

  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);

  List<Employee> findByDepartment(String department);
}
