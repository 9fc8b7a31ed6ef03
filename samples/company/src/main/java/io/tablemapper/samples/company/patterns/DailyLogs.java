package io.tablemapper.samples.company.patterns;

import io.tablemapper.api.TableMapper;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The guide's high-volume delete: log messages kept in a table per day ({@code @Entity(table = "Logs{at:day}")}),
 * read across days, and the days past retention dropped whole — one request per day instead of one delete per
 * message. The days are fixed (five days up to {@link #TODAY}), so every run prints the same; writes are upserts,
 * so a second run over a durable store finds the same state.
 */
public final class DailyLogs {
  /** The day the sample takes as today. */
  public static final LocalDate TODAY = LocalDate.of(2026, 3, 5);
  /** How many days of logs are kept, today included. */
  public static final int RETENTION_DAYS = 3;

  private DailyLogs() {}

  /** Logs five days of messages of two services, reads them across days, then drops the days past retention. */
  public static void run(TableMapper mapper, PrintStream out) {
    LogEntryRepository logs = mapper.repository(LogEntryRepository.class);
    out.println("== Table per period: a log table per day, old days dropped whole");
    for (int day = 4; day >= 0; day--) {
      Instant start = TODAY.minusDays(day).atStartOfDay(ZoneOffset.UTC).toInstant();
      logs.upsert(new LogEntry("billing", start.plus(Duration.ofHours(9)), 1, "INFO", "invoices sent"));
      logs.upsert(new LogEntry("billing", start.plus(Duration.ofHours(17)), 1, day == 2 ? "ERROR" : "INFO",
          day == 2 ? "payment gateway timed out" : "day closed"));
      logs.upsert(new LogEntry("search", start.plus(Duration.ofHours(12)), 1, "WARN", "slow query"));
    }
    out.println("tables: " + mapper.tables(LogEntry.class));

    Instant from = TODAY.minusDays(3).atTime(12, 0).toInstant(ZoneOffset.UTC);
    Instant to = TODAY.minusDays(1).atTime(12, 0).toInstant(ZoneOffset.UTC);
    out.println("billing from " + from + " to " + to + " (one query per day's table, merged in time order):");
    for (LogEntry entry : logs.findByServiceAndAtBetween("billing", from, to)) {
      out.println("  " + entry.at() + " " + entry.level() + " " + entry.message());
    }
    out.println("messages of search in those days: " + logs.countByServiceAndAtBetween("search", from, to));

    LocalDate oldestKept = TODAY.minusDays(RETENTION_DAYS - 1);
    String firstKept = "Logs" + oldestKept.toString().replace("-", ""); // periods sort as the tables' names do
    for (String table : mapper.tables(LogEntry.class)) {
      if (table.compareToIgnoreCase(firstKept) < 0) {
        mapper.deleteTable(table);
        out.println("dropped " + table + " (older than " + RETENTION_DAYS + " days)");
      }
    }
    List<LogEntry> kept = logs.findByService("billing");
    out.println("tables kept: " + mapper.tables(LogEntry.class));
    out.println("billing messages kept: " + kept.size() + ", the oldest at " + kept.get(0).at());
  }
}
