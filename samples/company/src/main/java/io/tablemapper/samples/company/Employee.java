package io.tablemapper.samples.company;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * An employee, keyed by a zero-padded id within its department, with a copy under its email address (the guide's
 * intra-partition secondary index) kept in the same entity group transaction, and another in a partition per email
 * address (its inter-partition secondary index): an email is unique across the company, and an employee is found by
 * it without knowing the department, eventually consistently.
 */
@Entity(table = "Company", type = "Employee")
@PartitionKey("{department}")
@RowKey("empid_{employeeId:06}")
@Index(name = "email", rowKey = "email_{email}")
@Index(name = "companyEmail", partitionKey = "email_{email}", rowKey = "employee")
public record Employee(
    String department, int employeeId, String firstName, String lastName, int age, String email, @ETag String etag) {

  /** An employee not yet stored. */
  public static Employee of(String department, int employeeId, String firstName, String lastName, int age, String email) {
    return new Employee(department, employeeId, firstName, lastName, age, email, null);
  }

  /** The same employee with another email address. */
  public Employee withEmail(String newEmail) {
    return new Employee(department, employeeId, firstName, lastName, age, newEmail, etag);
  }

  /** The same employee one year older. */
  public Employee birthday() {
    return new Employee(department, employeeId, firstName, lastName, age + 1, email, etag);
  }
}
