package io.tablemapper.micrometer;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/** A badge, found by its code through an index in a partition of its own: its copies are pending work. */
@Entity(table = "Badges")
@PartitionKey("{owner}")
@RowKey("badge_{number:04}")
@Index(name = "code", partitionKey = "codes", rowKey = "code_{code}")
@SuppressWarnings("tablemapper:IndexHotPartition") // the tests' few badges: one partition of copies is the point
public record Badge(String owner, int number, String code) {}
