package io.tablemapper.samples.company;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * A former employee, kept in a table of its own (the guide's "archive an employee" example of an eventually
 * consistent transaction): current employees' queries never meet it.
 */
@Entity(table = "Archive", type = "ArchivedEmployee")
@PartitionKey("{department}")
@RowKey("empid_{employeeId:06}")
public record ArchivedEmployee(String department, int employeeId, String firstName, String lastName, String email) {

  /** The archived form of an employee. */
  public static ArchivedEmployee of(Employee employee) {
    return new ArchivedEmployee(employee.department(), employee.employeeId(), employee.firstName(),
        employee.lastName(), employee.email());
  }
}
