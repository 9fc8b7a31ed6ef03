package io.tablemapper.processor.generation.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws a {@link KeyDesign} as Markdown, the text twin of the HTML page for code review: per table and partition
 * group, a table of the key spaces in key order, and per table the methods that read it. Long property lists are
 * folded into {@code <details>}, which GitHub renders in a table cell.
 */
public final class MarkdownKeyDesign {

  /** The text. */
  public String render(KeyDesign design) {
    StringBuilder md = new StringBuilder(8_192);
    Map<String, String> labels = new HashMap<>();
    design.tables().forEach(table -> table.partitions().forEach(
        partition -> partition.spaces().forEach(space -> labels.put(space.id(), space.label()))));
    md.append("# tablemapper key design\n\nGenerated at compile time from the entities and repositories of this"
        + " compilation; do not edit.\nKey spaces are grouped by the partitions they can share, in key order; each"
        + " method is the key range it reads.\n");
    for (KeyDesign.Table table : design.tables()) {
      md.append("\n## Table `").append(table.name()).append("`\n");
      for (KeyDesign.Partition partition : table.partitions()) {
        md.append("\n### Partitions of shape `").append(partition.shape()).append("`\n\n")
            .append("| key space | PartitionKey | RowKey | example | properties |\n|---|---|---|---|---|\n");
        for (KeyDesign.Space space : partition.spaces()) {
          StringBuilder columns = new StringBuilder();
          for (KeyDesign.Column column : space.columns()) {
            columns.append(columns.length() == 0 ? "" : ", ").append(column.name()).append(' ').append(column.type());
            if (column.note() != null) {
              columns.append(" (").append(column.note()).append(')');
            }
          }
          String properties = cell(columns.toString());
          if (space.columns().size() > HtmlKeyDesign.FOLD_COLUMNS) {
            properties = "<details><summary>" + space.columns().size() + " properties</summary>" + properties
                + "</details>";
          }
          List<String> encoded = new ArrayList<>(space.examplePartitionKey().encoded());
          encoded.addAll(space.exampleRowKey().encoded());
          StringBuilder name = new StringBuilder(space.note());
          space.warnings().forEach(w -> name.append(" ⚠ ").append(w));
          md.append("| ").append(cell(name.toString())).append(" | ").append(code(space.partitionKey())).append(" | ")
              .append(code(space.rowKey())).append(" | ")
              .append(code(space.examplePartitionKey().key() + " / " + space.exampleRowKey().key()))
              .append(encoded.isEmpty() ? "" : " (" + cell(String.join("; ", encoded)) + ")").append(" | ")
              .append(properties).append(" |\n");
        }
      }
      if (!table.reads().isEmpty()) {
        md.append("\n### Reads of `").append(table.name()).append("`\n\n")
            .append("| method | kind | key spaces | PartitionKey | RowKey | filter | warnings |\n")
            .append("|---|---|---|---|---|---|---|\n");
        for (KeyDesign.Read read : table.reads()) {
          List<String> spaces = new ArrayList<>();
          read.spaces().forEach(id -> spaces.add(labels.getOrDefault(id, id)));
          StringBuilder reads = new StringBuilder(String.join(", ", spaces));
          if (!read.follows().isEmpty()) {
            List<String> follows = new ArrayList<>();
            read.follows().forEach(id -> follows.add(labels.getOrDefault(id, id)));
            reads.append(reads.length() == 0 ? "" : ", ").append("then each ").append(String.join(", ", follows))
                .append(" by its keys");
          }
          md.append("| ").append(code(read.label())).append(" | ")
              .append(read.kind().name()).append(" | ").append(cell(reads.toString())).append(" | ")
              .append(code(read.partitionKey())).append(" | ").append(code(read.rowKey())).append(" | ")
              .append(read.filter() == null ? "" : code(read.filter())).append(" | ")
              .append(read.warnings().isEmpty() ? "" : "⚠ " + cell(String.join("; ", read.warnings())))
              .append(" |\n");
        }
      }
    }
    return md.toString();
  }

  private static String code(String text) {
    return "`" + text.replace("`", "'").replace("|", "\\|") + "`";
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}
