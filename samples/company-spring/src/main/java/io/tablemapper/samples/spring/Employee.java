package io.tablemapper.samples.spring;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * The guide's employee: a partition per department, a row per employee id (zero-padded, so that rows sort by id),
 * and a copy per email address in the same partition, kept in the employee's entity group transaction.
 */
@Entity(table = "Company")
@PartitionKey("{department}")
@RowKey("empid_{employeeId:08}")
@Index(name = "email", rowKey = "email_{email}")
public record Employee(
    String department, int employeeId, String firstName, String lastName, String email, @ETag String etag) {

  /** The same employee in another department, never stored there yet. */
  Employee in(String otherDepartment) {
    return new Employee(otherDepartment, employeeId, firstName, lastName, email, null);
  }
}
