package io.tablemapper.samples.spring;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/** A department: one row in its own partition, beside its employees, so that both change in one transaction. */
@Entity(table = "Company")
@PartitionKey("{name}")
@RowKey("department")
public record Department(String name, String manager, @ETag String etag) {}
