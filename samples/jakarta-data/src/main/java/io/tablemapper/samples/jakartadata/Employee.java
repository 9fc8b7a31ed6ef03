package io.tablemapper.samples.jakartadata;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * An employee, by department and number, with a unique email per department; its {@code @ETag} makes Jakarta
 * Data's updates and deletes optimistic.
 *
 * @param department the PartitionKey
 * @param employeeId the RowKey, zero-padded
 * @param firstName the first name
 * @param lastName the last name
 * @param email the email, indexed in the department's partition
 * @param etag the version the store gave it
 */
@Entity(table = "Company")
@PartitionKey("{department}")
@RowKey("empid_{employeeId:08}")
@Index(name = "email", rowKey = "email_{email}")
public record Employee(String department, int employeeId, String firstName, String lastName, String email,
    @ETag String etag) {

  /** A new employee, never stored. */
  public static Employee of(String department, int employeeId, String firstName, String lastName, String email) {
    return new Employee(department, employeeId, firstName, lastName, email, null);
  }

  /** This employee with another last name, the same version. */
  public Employee withLastName(String newLastName) {
    return new Employee(department, employeeId, firstName, newLastName, email, etag);
  }
}
