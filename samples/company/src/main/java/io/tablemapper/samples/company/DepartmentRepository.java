package io.tablemapper.samples.company;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.Optional;

/** Departments. */
@Repository
public interface DepartmentRepository extends TableRepository<Department> {

  /** The department of this name. */
  Optional<Department> findByName(String name);
}
