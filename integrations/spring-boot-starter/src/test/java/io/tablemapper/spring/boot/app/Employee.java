package io.tablemapper.spring.boot.app;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

@Entity(table = "Company")
@PartitionKey("{department}")
@RowKey("empid_{employeeId:08}")
public record Employee(String department, int employeeId, String name, @ETag String etag) {}
