package io.tablemapper.samples.company.patterns;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.TableMapper;
import java.io.PrintStream;
import java.util.List;

/**
 * The guide's wide entities pattern, run: an employee's messages of each day of a year ({@link MessageStats}, 365
 * properties) stored as one entity over a head row and a part row, read back whole, updated under its ETag, and
 * found by its total, which its head row holds.
 */
public final class WideEntities {
  private static final String EMPLOYEE = "000123";
  private static final int YEAR = 2024;

  private WideEntities() {}

  /** Stores the year (unless an earlier run did), shows its rows and reads, updates and queries it. */
  public static void run(TableMapper mapper, PrintStream out) {
    out.println("== Wide entities: employee " + EMPLOYEE + "'s messages of each day of " + YEAR
        + ", 365 properties over several rows of table MessageStats");
    MessageStatsRepository stats = mapper.repository(MessageStatsRepository.class);
    if (stats.findByEmployeeIdAndYear(EMPLOYEE, YEAR).isPresent()) {
      out.println("  stored by an earlier run, so not inserted again: the year " + YEAR);
    } else {
      MessageStats year = new MessageStats();
      year.employeeId = EMPLOYEE;
      year.year = YEAR;
      for (int day = 1; day <= 365; day++) {
        year.setDay(day, day % 7 == 0 ? 0 : 10 + day % 13);
      }
      out.println("  stored the year in one entity group transaction: total " + stats.insert(year).total);
    }

    out.println("  its rows in the partition (the head under the entity's RowKey, then its parts):");
    for (DynamicEntity row : mapper.dynamic("MessageStats").query(DynamicQuery.partition(EMPLOYEE))) {
      out.println("      " + row.rowKey() + " (" + row.entityType() + "): " + row.properties().size()
          + " properties");
    }

    MessageStats read = stats.findByEmployeeIdAndYear(EMPLOYEE, YEAR).orElseThrow();
    out.println("  read back whole (a point read of the head, a range read of its parts): day 1 " + read.day(1)
        + ", day 365 " + read.day(365) + ", total " + read.total);

    int before = read.day(200);
    read.setDay(200, before + 1);
    MessageStats updated = stats.update(read);
    out.println("  day 200: " + before + " -> " + updated.day(200) + ", total " + updated.total
        + "; the update rewrote every row in one transaction, conditional on the head's ETag");

    List<Integer> busy = stats.findByEmployeeIdAndTotalGreaterThan(EMPLOYEE, 3_000).stream()
        .map(year -> year.year).toList();
    out.println("  years with more than 3000 messages (the total is in the head, so the store filters it): "
        + busy);
  }
}
