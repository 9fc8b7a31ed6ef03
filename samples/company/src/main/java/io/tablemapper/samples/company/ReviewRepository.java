package io.tablemapper.samples.company;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;

/** Reviews under the compound key employee id, year. */
@Repository
public interface ReviewRepository extends TableRepository<Review> {

  /** RANGE: one employee's reviews, oldest year first. */
  List<Review> findByDepartmentAndEmployeeId(String department, int employeeId);

  /** RANGE: one employee's reviews in a span of years. */
  List<Review> findByDepartmentAndEmployeeIdAndYearBetween(String department, int employeeId, int from, int to);

  /** RANGE over the index byYear: a department's reviews of one year, by employee id. */
  List<Review> findByDepartmentAndYear(String department, int year);
}
