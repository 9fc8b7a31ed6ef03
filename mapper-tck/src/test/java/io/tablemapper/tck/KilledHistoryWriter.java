package io.tablemapper.tck;

import io.tablemapper.backend.h2.H2Backend;
import java.nio.file.Path;

/**
 * The child JVM of {@link KilledProcessHistoryTest}: the writing half of a history over an H2 file, run until the
 * test kills it. Arguments: the file, the seed, the shape.
 */
final class KilledHistoryWriter {
  private KilledHistoryWriter() {}

  public static void main(String[] args) {
    HistoryRun.runUntilKilled(H2Backend.file(Path.of(args[0])), Long.parseLong(args[1]),
        HistoryRun.Shape.parse(args[2]), System.out);
    System.exit(0);
  }
}
