package io.tablemapper.samples.company.patterns;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.time.LocalDate;

/**
 * The guide's data series: how many instant messages an employee sent in each hour of one day, one property per hour
 * in one entity (rather than 24 entities), so the whole day is one point read and each hour's count one merge.
 *
 * @param department the employee's department: the PartitionKey, as for the employee
 * @param employeeId the employee
 * @param day the day the counts are of
 * @param etag the ETag, for optimistic concurrency between writers of one day
 */
@Entity(table = "HourlyMessages")
@PartitionKey("{department}")
@RowKey("stats_{employeeId:08}_{day}")
public record HourlyMessages(
    String department,
    int employeeId,
    LocalDate day,
    int h00,
    int h01,
    int h02,
    int h03,
    int h04,
    int h05,
    int h06,
    int h07,
    int h08,
    int h09,
    int h10,
    int h11,
    int h12,
    int h13,
    int h14,
    int h15,
    int h16,
    int h17,
    int h18,
    int h19,
    int h20,
    int h21,
    int h22,
    int h23,
    @ETag String etag) {

  /** The counts of one employee's day with only {@code hour}'s set: what a merge of that hour writes. */
  public static HourlyMessages ofHour(String department, int employeeId, LocalDate day, int hour, int count) {
    if (hour < 0 || hour > 23) {
      throw new IllegalArgumentException("an hour of a day is 0 to 23, not " + hour);
    }
    int[] counts = new int[24];
    counts[hour] = count;
    return new HourlyMessages(department, employeeId, day, counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6], counts[7], counts[8], counts[9], counts[10], counts[11], counts[12], counts[13], counts[14], counts[15], counts[16], counts[17], counts[18], counts[19], counts[20], counts[21], counts[22], counts[23], null);
  }

  /** The name of {@code hour}'s property: {@code h09} for 9, what a merge of that hour names. */
  public static String property(int hour) {
    return String.format("h%02d", hour);
  }

  /** The 24 counts, from midnight on. */
  public int[] counts() {
    return new int[] {h00, h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23};
  }
}
