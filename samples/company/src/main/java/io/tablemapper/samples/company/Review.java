package io.tablemapper.samples.company;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * A yearly performance review under a compound RowKey, employee id then year (the guide's compound key pattern),
 * so one range query reads an employee's reviews in year order.
 */
@Entity(table = "Company", type = "Review")
@PartitionKey("{department}")
@RowKey("review_{employeeId:06}_{year:04}")
public record Review(String department, int employeeId, int year, int managerRating, int peerRating, String comments) {}
