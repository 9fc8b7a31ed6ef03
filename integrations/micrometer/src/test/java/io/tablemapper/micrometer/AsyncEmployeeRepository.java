package io.tablemapper.micrometer;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.AsyncTableRepository;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The employees, written and read on the store's async path. */
@Repository
public interface AsyncEmployeeRepository extends AsyncTableRepository<Employee> {
  CompletableFuture<List<Employee>> findByDepartment(String department);

  CompletableFuture<Optional<Employee>> findByDepartmentAndEmail(String department, String email);
}
