package io.tablemapper.samples.spring;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.Optional;

@Repository
public interface DepartmentRepository extends TableRepository<Department> {

  Optional<Department> findByName(String name);
}
