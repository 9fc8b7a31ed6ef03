package io.tablemapper.samples.jakartadata;

import jakarta.data.repository.Delete;
import jakarta.data.repository.Find;
import jakarta.data.repository.Insert;
import jakarta.data.repository.Repository;
import java.util.List;

/** Expense claims through a Jakarta Data repository that extends nothing: its entity is what it inserts. */
@Repository
public interface Claims {

  /** Inserts a claim; one that exists already is Jakarta Data's {@code EntityExistsException}. */
  @Insert
  void submit(ExpenseClaim claim);

  /** RANGE: an employee's claims, in claim order. */
  @Find
  List<ExpenseClaim> of(int employeeId);

  /** RANGE: withdraws every claim of an employee. */
  @Delete
  void withdrawAll(int employeeId);
}
