package io.tablemapper.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table of text in aligned columns under a header: numbers right-aligned, everything else left-aligned; the last
 * column is not padded.
 */
final class TextTable {
  private final String[] header;
  private final List<String[]> rows = new ArrayList<>();

  TextTable(String... header) {
    this.header = header;
  }

  /** Adds a row of as many cells as the header has. */
  TextTable row(Object... cells) {
    if (cells.length != header.length) {
      throw new IllegalArgumentException(cells.length + " cells for " + header.length + " columns");
    }
    rows.add(Arrays.stream(cells).map(cell -> cell == null ? "" : String.valueOf(cell)).toArray(String[]::new));
    return this;
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  void print(PrintWriter out) {
    int[] widths = new int[header.length];
    boolean[] numeric = new boolean[header.length];
    Arrays.fill(numeric, !rows.isEmpty());
    for (int column = 0; column < header.length; column++) {
      widths[column] = header[column].length();
      for (String[] row : rows) {
        widths[column] = Math.max(widths[column], row[column].length());
        numeric[column] &= row[column].matches("-?[0-9][0-9,]*");
      }
    }
    print(out, header, widths, numeric);
    for (String[] row : rows) {
      print(out, row, widths, numeric);
    }
    out.flush();
  }

  private static void print(PrintWriter out, String[] cells, int[] widths, boolean[] numeric) {
    StringBuilder line = new StringBuilder();
    for (int column = 0; column < cells.length; column++) {
      if (column > 0) {
        line.append("  ");
      }
      String pad = " ".repeat(widths[column] - cells[column].length());
      boolean last = column == cells.length - 1;
      line.append(numeric[column] ? pad + cells[column] : last ? cells[column] : cells[column] + pad);
    }
    out.println(line.toString().stripTrailing());
  }
}
