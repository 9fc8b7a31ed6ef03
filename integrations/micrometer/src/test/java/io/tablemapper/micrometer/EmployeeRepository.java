package io.tablemapper.micrometer;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

@Repository
public interface EmployeeRepository extends TableRepository<Employee> {

  Optional<Employee> findByDepartmentAndEmail(String department, String email);

  List<Employee> findByDepartment(String department);
}
