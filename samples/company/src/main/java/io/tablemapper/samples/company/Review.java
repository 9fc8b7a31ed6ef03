package io.tablemapper.samples.company;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;

/**
 * A yearly performance review under a compound RowKey, employee id then year (the guide's compound key pattern),
 * so one range query reads an employee's reviews in year order; and a copy under year then employee id (the index
 * {@code byYear}, added after the first reviews were stored: {@link CompanyApp} builds it over the reviews that lack
 * it), so one range query reads a department's reviews of a year.
 */
@Entity(table = "Company", type = "Review")
@PartitionKey("{department}")
@RowKey("review_{employeeId:06}_{year:04}")
@Index(name = "byYear", rowKey = "reviewyear_{year:04}_{employeeId:06}")
public record Review(String department, int employeeId, int year, int managerRating, int peerRating, String comments) {}
