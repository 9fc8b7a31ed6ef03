package io.tablemapper.samples.company;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.time.Instant;
import java.util.List;

/** Expense claims, newest first. */
@Repository
public interface ExpenseClaimRepository extends TableRepository<ExpenseClaim> {

  /** RANGE with a limit: the latest three claims of an employee (the log tail). */
  List<ExpenseClaim> findTop3ByDepartmentAndEmployeeId(String department, int employeeId);

  /** RANGE: an employee's claims submitted after a moment, newest first. */
  List<ExpenseClaim> findByDepartmentAndEmployeeIdAndSubmittedGreaterThan(
      String department, int employeeId, Instant since);
}
