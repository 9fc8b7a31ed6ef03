package io.tablemapper.samples.company.patterns;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.TableMapper;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * The guide's data series pattern ("Patrón de serie de datos"): the instant messages an employee sends each hour are
 * kept as 24 properties of one entity per day, so a day's chart is one point read, and each new hour's count is one
 * merge of that one property — an insert-or-merge, which creates the day with its first count and leaves the other
 * hours alone afterwards, without reading the entity. Two writers of one day use its ETag (optimistic concurrency).
 */
public final class HourlyReadings {
  /** The department of the employee whose day is recorded. */
  static final String DEPARTMENT = "Sales";
  /** The employee. */
  static final int EMPLOYEE = 123;
  /** The day. */
  static final LocalDate DAY = LocalDate.of(2024, 5, 17);

  private HourlyReadings() {}

  /** Records a day's hourly counts one hour at a time, reads the day back whole, and shows a refused stale write. */
  public static void run(TableMapper mapper, PrintStream out) {
    HourlyMessagesRepository stats = mapper.repository(HourlyMessagesRepository.class);
    out.println("== Data series: the messages employee " + EMPLOYEE + " sent each hour of " + DAY
        + ", one entity per day, one merge per hour");

    int[] sent = {0, 0, 0, 0, 0, 0, 0, 2, 11, 25, 19, 14, 6, 9, 17, 22, 12, 4, 1, 0, 0, 0, 0, 0};
    for (int hour = 7; hour < 12; hour++) {
      // the run-time list of names: the hour is a value here, so its property is named at run time
      stats.upsertMerge(HourlyMessages.ofHour(DEPARTMENT, EMPLOYEE, DAY, hour, sent[hour]), HourlyMessages.property(hour));
      out.println("  hour " + hour + ": " + sent[hour] + " messages merged into the day (one request, no read)");
    }
    // the compile-time checked method of one hour, a second time: it replaces that hour's count, nothing else
    stats.upsertMergeH09ByDepartmentAndEmployeeIdAndDay(26, DEPARTMENT, EMPLOYEE, DAY);
    out.println("  hour 9 recounted: 26 (upsertMergeH09ByDepartmentAndEmployeeIdAndDay)");

    HourlyMessages day = stats.findByDepartmentAndEmployeeIdAndDay(DEPARTMENT, EMPLOYEE, DAY).orElseThrow();
    out.println("  the whole day in one point read: " + Arrays.toString(day.counts()));
    out.println("  chart: " + chart(day.counts()));

    HourlyMessages corrected = stats.mergeH09ByDepartmentAndEmployeeIdAndDay(25, DEPARTMENT, EMPLOYEE, DAY, day.etag());
    out.println("  hour 9 corrected to 25, conditional on the ETag read: accepted");
    try {
      stats.mergeH09ByDepartmentAndEmployeeIdAndDay(99, DEPARTMENT, EMPLOYEE, DAY, day.etag());
      out.println("  a second correction with the ETag read before the first was accepted (it should not be)");
    } catch (ConcurrencyConflictException refused) {
      out.println("  a second correction with the ETag read before the first was refused: the day changed since");
    }
    int h09 = stats.findByDepartmentAndEmployeeIdAndDay(DEPARTMENT, EMPLOYEE, DAY).orElseThrow().h09();
    out.println("  hour 9 now: " + h09 + " (ETag " + (corrected.etag() == null ? "none" : "renewed") + ")");
  }

  /** One character per hour, taller for more messages. */
  static String chart(int[] counts) {
    String bars = " .:-=+*#%@";
    int max = Arrays.stream(counts).max().orElse(0);
    StringBuilder chart = new StringBuilder();
    for (int count : counts) {
      chart.append(max == 0 ? ' ' : bars.charAt(count * (bars.length() - 1) / max));
    }
    return "|" + chart + "|";
  }
}
