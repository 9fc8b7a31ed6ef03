package io.tablemapper.samples.company.patterns;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.Optional;

/** The employees with photos: a point read fetches the row, then its photo. */
@Repository
public interface EmployeeWithPhotoRepository extends TableRepository<EmployeeWithPhoto> {
  Optional<EmployeeWithPhoto> findByDepartmentAndEmployeeId(String department, int employeeId);
}
