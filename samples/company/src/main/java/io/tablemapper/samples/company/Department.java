package io.tablemapper.samples.company;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * A department: one entity per partition, under the literal RowKey {@code department}, next to its employees
 * (the guide's heterogeneous partition).
 */
@Entity(table = "Company", type = "Department")
@PartitionKey("{name}")
@RowKey("department")
public record Department(String name, String manager, int employeeCount, @ETag String etag) {

  /** A department not yet stored. */
  public static Department of(String name, String manager, int employeeCount) {
    return new Department(name, manager, employeeCount, null);
  }
}
