package io.tablemapper.samples.company.patterns;

import io.tablemapper.annotations.AllowScan;
import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

/** The message statistics: found by their keys, or by their total, which their head row holds. */
@Repository
public interface MessageStatsRepository extends TableRepository<MessageStats> {

  /** One employee's year. */
  Optional<MessageStats> findByEmployeeIdAndYear(String employeeId, int year);

  /** The years of an employee with more messages than {@code total}: a scan of one employee's few years. */
  @AllowScan
  List<MessageStats> findByEmployeeIdAndTotalGreaterThan(String employeeId, int total);
}
