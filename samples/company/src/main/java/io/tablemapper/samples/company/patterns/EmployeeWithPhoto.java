package io.tablemapper.samples.company.patterns;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Large;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * The guide's large entities pattern: an employee whose photo is too big for a row (a property holds at most 64 KiB,
 * an entity 1 MiB), so it is stored out of the row — in Blob Storage on Azure — and the row keeps a reference to it.
 *
 * @param department the PartitionKey
 * @param employeeId the RowKey, {@code empid_000123}
 * @param name the employee's name, in the row
 * @param photo the photo's bytes, stored out of the row
 * @param etag the version, filled on read and write
 */
@Entity(table = "EmployeePhotos", type = "EmployeeWithPhoto")
@PartitionKey("{department}")
@RowKey("empid_{employeeId:06}")
public record EmployeeWithPhoto(String department, int employeeId, String name, @Large byte[] photo,
    @ETag String etag) {

  /** The same employee with another photo. */
  public EmployeeWithPhoto withPhoto(byte[] newPhoto) {
    return new EmployeeWithPhoto(department, employeeId, name, newPhoto, etag);
  }
}
