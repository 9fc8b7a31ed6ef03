package io.tablemapper.cli;

import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The table that ends an index command: per index its state after the run and the counts of its {@link
 * IndexReport}, then each unique value held by more than one entity, with their keys.
 */
final class Summary {
  private Summary() {}

  /**
   * One index's line.
   *
   * @param state the index's state after the run, or null for a dropped index
   */
  record Line(Class<?> entity, IndexReport report, IndexState state) {}

  static void print(PrintWriter out, List<Line> lines) {
    TextTable table = new TextTable("INDEX", "STATE", "READ", "WRITTEN", "DELETED", "MISSING", "ORPHANS", "STALE",
        "CONFLICTS");
    for (Line line : lines) {
      IndexReport report = line.report();
      table.row(name(line), line.state() == null ? "DROPPED" : line.state().name(), count(report.entitiesRead()),
          count(report.copiesWritten()), count(report.copiesDeleted()), count(report.missing()),
          count(report.orphans()), count(report.stale()), count(report.conflicts()));
    }
    table.print(out);
    for (Line line : lines) {
      List<IndexReport.Conflict> conflicts = line.report().conflictDetails();
      if (!conflicts.isEmpty()) {
        out.println();
        out.println("Conflicts of " + name(line) + " (the index is not ready until each value has one entity;"
            + " change or delete the others, then run 'indexes repair'):");
        for (IndexReport.Conflict conflict : conflicts) {
          out.println("  '" + conflict.value() + "' is held by " + String.join(", ", conflict.entities()));
        }
      }
    }
    out.flush();
  }

  private static String name(Line line) {
    return line.entity().getSimpleName() + "." + line.report().index();
  }

  private static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }
}
