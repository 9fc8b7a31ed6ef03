package io.tablemapper.cli;

import io.tablemapper.api.IndexProgressListener;
import io.tablemapper.api.IndexReport;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The progress of one index run on stderr, from the {@link IndexProgressListener} calls the run makes after each
 * partition: a bar redrawn in place on a terminal (at most five times a second), or a line every interval when the
 * output is a file or a pipe, and a last line when the run is over. Each shows the entities read (of the estimate,
 * with the percentage, when the entities were counted first), the partitions done, the rows written and deleted and
 * the problems found so far, the rate and, with an estimate, the time left.
 */
final class ProgressDisplay implements IndexProgressListener {
  private static final long REDRAW_NANOS = 200_000_000L;
  private static final int BAR_WIDTH = 24;

  /** How progress is shown. */
  enum Mode {
    /** {@link #BAR} on a terminal, else {@link #LOG}. */
    AUTO,
    /** A line redrawn in place. */
    BAR,
    /** A line every interval. */
    LOG,
    /** Nothing. */
    NONE;

    Mode resolve(boolean terminal) {
      return this != AUTO ? this : terminal ? BAR : LOG;
    }
  }

  private final PrintWriter out;
  private final Mode mode;
  private final LongSupplier clock;
  private final long intervalNanos;
  private final long estimate;
  private final long start;
  private long lastShown;
  private int lastWidth;
  private boolean over;

  /**
   * A display.
   *
   * @param mode {@link Mode#BAR}, {@link Mode#LOG} or {@link Mode#NONE}
   * @param intervalNanos the time between two lines of {@link Mode#LOG}
   * @param estimate the entities the run will read, or -1 if not known
   */
  ProgressDisplay(PrintWriter out, Mode mode, LongSupplier clock, long intervalNanos, long estimate) {
    this.out = out;
    this.mode = mode;
    this.clock = clock;
    this.intervalNanos = intervalNanos;
    this.estimate = estimate;
    this.start = clock.getAsLong();
    this.lastShown = start;
  }

  @Override
  public void progress(String index, IndexReport soFar, long partitionsDone, boolean finished) {
    if (over || mode == Mode.NONE) {
      return;
    }
    long now = clock.getAsLong();
    if (finished) {
      finish(index, soFar, partitionsDone, now);
    } else if (mode == Mode.BAR && now - lastShown >= REDRAW_NANOS) {
      redraw(line(index, soFar, partitionsDone, now, false));
      lastShown = now;
    } else if (mode == Mode.LOG && now - lastShown >= intervalNanos) {
      out.println(line(index, soFar, partitionsDone, now, false));
      lastShown = now;
    }
  }

  /** The run returned this report: shows the last line if the listener was not told the run finished. */
  void done(IndexReport report) {
    if (!over && mode != Mode.NONE) {
      finish(report.index(), report, -1, clock.getAsLong());
    }
  }

  /** The run failed: ends the bar's line, so that the failure's message starts a line of its own. */
  void abandon() {
    if (!over && mode == Mode.BAR && lastWidth > 0) {
      out.println();
    }
    over = true;
  }

  private void finish(String index, IndexReport report, long partitionsDone, long now) {
    over = true;
    String line = line(index, report, partitionsDone, now, true);
    if (mode == Mode.BAR) {
      redraw(line);
      out.println();
    } else {
      out.println(line);
    }
  }

  private void redraw(String line) {
    int pad = Math.max(0, lastWidth - line.length());
    out.print("\r" + line + " ".repeat(pad));
    out.flush();
    lastWidth = line.length();
  }

  private String line(String index, IndexReport soFar, long partitionsDone, long now, boolean finished) {
    StringBuilder line = new StringBuilder(index).append(' ');
    long read = soFar.entitiesRead();
    double seconds = (now - start) / 1e9;
    if (estimate >= 0) {
      double fraction = finished || estimate == 0 ? 1 : Math.min(1, (double) read / estimate);
      int filled = (int) Math.round(fraction * BAR_WIDTH);
      line.append('[').append("#".repeat(filled)).append("-".repeat(BAR_WIDTH - filled)).append("] ")
          .append(String.format(Locale.ROOT, "%3d%%", Math.round(fraction * 100))).append("  ")
          .append(count(read)).append('/').append(finished ? count(read) : "~" + count(estimate));
    } else {
      line.append(count(read));
    }
    line.append(" entities");
    if (partitionsDone >= 0) {
      line.append(", ").append(count(partitionsDone)).append(partitionsDone == 1 ? " partition" : " partitions");
    }
    if (soFar.copiesWritten() > 0) {
      line.append(", ").append(count(soFar.copiesWritten())).append(" written");
    }
    if (soFar.copiesDeleted() > 0) {
      line.append(", ").append(count(soFar.copiesDeleted())).append(" deleted");
    }
    found(line, soFar.missing(), "missing");
    found(line, soFar.orphans(), "orphans");
    found(line, soFar.stale(), "stale");
    found(line, soFar.conflicts(), "conflicts");
    double rate = seconds > 0 ? read / seconds : 0;
    if (seconds > 0) {
      line.append(", ").append(rate < 10 ? String.format(Locale.ROOT, "%.1f", rate) : count(Math.round(rate)))
          .append(" entities/s");
    }
    if (finished) {
      line.append(", done in ").append(duration(seconds));
    } else if (estimate >= 0 && rate > 0) {
      line.append(", ETA ").append(duration(Math.max(0, estimate - read) / rate));
    }
    return line.toString();
  }

  private static void found(StringBuilder line, long count, String what) {
    if (count > 0) {
      line.append(", ").append(count(count)).append(' ').append(what);
    }
  }

  private static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** A duration as {@code m:ss}, or {@code h:mm:ss} from an hour on. */
  static String duration(double seconds) {
    long whole = Math.round(seconds);
    long hours = whole / 3600;
    long minutes = whole / 60 % 60;
    long secs = whole % 60;
    return hours > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", hours, minutes, secs)
        : String.format(Locale.ROOT, "%d:%02d", minutes, secs);
  }
}
