package io.tablemapper.processor.generation.report;

/**
 * Draws a {@link KeyDesign} as Markdown, the text twin of the HTML page for code review: per table and partition
 * group, a table of the key spaces in key order and a table of the methods that read them.
 */
public final class MarkdownKeyDesign {

  /** The text. */
  public String render(KeyDesign design) {
    StringBuilder md = new StringBuilder(8_192);
    md.append("# tablemapper key design\n\nGenerated at compile time from the entities and repositories of this"
        + " compilation; do not edit.\nKey spaces are grouped by the partitions they can share, in key order; each"
        + " method is the key range it reads.\n");
    for (KeyDesign.Table table : design.tables()) {
      md.append("\n## Table `").append(table.name()).append("`\n");
      for (KeyDesign.Partition partition : table.partitions()) {
        md.append("\n### Partitions of shape `").append(partition.shape()).append("`\n\n")
            .append("| key space | PartitionKey | RowKey | example | properties |\n|---|---|---|---|---|\n");
        for (KeyDesign.Space space : partition.spaces()) {
          StringBuilder columns = new StringBuilder("EntityType");
          for (KeyDesign.Column column : space.columns()) {
            columns.append(", ").append(column.name()).append(' ').append(column.type());
          }
          StringBuilder name = new StringBuilder(space.note());
          space.warnings().forEach(w -> name.append(" ⚠ ").append(w));
          md.append("| ").append(cell(name.toString())).append(" | ").append(code(space.partitionKey())).append(" | ")
              .append(code(space.rowKey())).append(" | ")
              .append(code(space.examplePartitionKey() + " / " + space.exampleRowKey())).append(" | ")
              .append(cell(columns.toString())).append(" |\n");
        }
      }
      if (!table.reads().isEmpty()) {
        md.append("\n### Reads of `").append(table.name()).append("`\n\n")
            .append("| method | kind | key spaces | PartitionKey | RowKey | filter | warnings |\n")
            .append("|---|---|---|---|---|---|---|\n");
        for (KeyDesign.Read read : table.reads()) {
          md.append("| ").append(code(read.repository() + "." + read.method())).append(" | ")
              .append(read.kind().name()).append(" | ").append(cell(String.join(", ", read.spaces()))).append(" | ")
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
