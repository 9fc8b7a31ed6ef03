package io.tablemapper.micrometer;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/** The guide's employee, with an email index. */
@Entity(table = "Company")
@PartitionKey("{department}")
@RowKey("empid_{employeeId:08}")
@Index(name = "email", rowKey = "email_{email}")
public record Employee(String department, int employeeId, String name, String email, @ETag String etag) {}
