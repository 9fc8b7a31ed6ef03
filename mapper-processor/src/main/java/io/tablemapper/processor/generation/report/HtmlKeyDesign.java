package io.tablemapper.processor.generation.report;

import io.tablemapper.api.QueryKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link KeyDesign} as one self-contained HTML page: inline CSS, no script, nothing fetched. Per table and
 * per partition group, the key spaces are drawn as the table design guide draws entities (PartitionKey, RowKey,
 * Timestamp, then the properties with their store types) in key order, and beneath them a grid of the repository
 * methods against those key spaces, each method's range drawn in the style of its kind.
 */
public final class HtmlKeyDesign {
  /** Property grids with more columns than this are folded into a {@code <details>} that names them. */
  static final int FOLD_COLUMNS = 16;
  private static final String STYLE = String.join("\n",
      "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;background:#fff}",
      "h1{font-size:22px}h2{font-size:18px;border-bottom:2px solid #444;padding-bottom:4px;margin-top:32px}",
      "h3{font-size:15px;margin:20px 0 6px}code{font:13px ui-monospace,monospace}",
      ".t{white-space:nowrap}",
      "table{border-collapse:collapse;width:100%}td,th{border:1px solid #999;padding:4px 6px;vertical-align:top;",
      "text-align:left}th{background:#e8e8e8}.rows td.name{background:#f6f6f6;width:22%}",
      ".props{display:flex;flex-wrap:wrap}.prop{display:flex;flex-direction:column;font-size:12px;",
      "border:1px solid #bbb;margin:0 -1px -1px 0}.prop b{background:#f0f4ff;padding:2px 4px;border-bottom:1px solid",
      " #bbb}.prop i{font-style:normal;padding:2px 4px}.prop i.note{color:#8a4b00;font-size:11px;padding-top:0}",
      "details summary{cursor:pointer;font-size:12px;color:#444;margin-bottom:4px}",
      ".prefix{background:#ffe9a8}.example{color:#555;margin-top:2px}.example code{background:#eef6ee}",
      ".decoded{margin:2px 0 0;padding-left:16px;font-size:12px;color:#555}",
      ".enc{margin:2px 0 0;padding-left:16px;font-size:12px;color:#555}.ts{color:#777;font-size:12px}",
      ".index{background:#f3ecff}.warn{color:#8a4b00;background:#fff4d6;border:1px solid #e0a000;",
      "border-radius:3px;padding:1px 4px;font-size:12px;display:inline-block;margin-top:2px}",
      ".reads{margin-top:8px}.reads th.space{font-size:12px}.reads td.method{width:30%}",
      ".reads td.cell{padding:3px}.bar{font:12px ui-monospace,monospace;padding:3px 5px;border-radius:3px;color:#fff}",
      ".POINT{background:#2e7d32;border-radius:10px;display:inline-block}",
      ".RANGE{background:#1565c0}",
      ".PARTITION_SCAN{background:repeating-linear-gradient(45deg,#e65100 0 8px,#ef6c00 8px 16px)}",
      ".TABLE_SCAN{background:repeating-linear-gradient(45deg,#b71c1c 0 8px,#d32f2f 8px 16px);",
      "border:2px dashed #600}",
      ".bar.follow{background:#fff;color:#2e7d32;border:1px dashed #2e7d32}",
      ".legend span.bar{margin-right:10px}.kind{font-size:11px;font-weight:bold}");

  /** The page. */
  public String render(KeyDesign design) {
    StringBuilder html = new StringBuilder(16_384);
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>tablemapper key design</title>\n<style>\n").append(STYLE)
        .append("\n</style>\n</head>\n<body>\n")
        .append("<h1>tablemapper key design</h1>\n")
        .append("<p>Generated at compile time from the entities and repositories of this compilation; do not edit."
            + " Each table's key spaces are grouped by the partitions they can share and listed in key order; each"
            + " repository method is drawn as the key range it reads, under every table it reads. Example keys are"
            + " made up from the properties' names, never read from data.</p>\n")
        .append("<p class=\"legend\">");
    for (QueryKind kind : QueryKind.values()) {
      html.append("<span class=\"bar ").append(kind.name()).append("\">").append(kind.name()).append("</span>");
    }
    html.append("<span class=\"bar follow\">then each entity by its keys</span>")
        .append("<span class=\"warn\">&#9888; warning</span></p>\n");
    for (KeyDesign.Table table : design.tables()) {
      table(html, table);
    }
    return html.append("</body>\n</html>\n").toString();
  }

  private static void table(StringBuilder html, KeyDesign.Table table) {
    html.append("<section class=\"table\" id=\"table-").append(Html.escape(table.name()))
        .append("\">\n<h2>Table <code>")
        .append(Wrap.key(table.name())).append("</code></h2>\n");
    List<KeyDesign.Read> drawn = new ArrayList<>();
    for (KeyDesign.Partition partition : table.partitions()) {
      html.append("<h3>Partitions of shape <code>").append(Wrap.key(partition.shape())).append("</code></h3>\n");
      html.append("<table class=\"rows\">\n<tr><th>key space</th><th>PartitionKey</th><th>RowKey</th>"
          + "<th>Timestamp</th><th>properties</th></tr>\n");
      for (KeyDesign.Space space : partition.spaces()) {
        space(html, space);
      }
      html.append("</table>\n");
      drawn.addAll(reads(html, table, partition));
    }
    List<KeyDesign.Read> others = new ArrayList<>(table.reads());
    others.removeAll(drawn);
    if (!others.isEmpty()) { // reads none of the key spaces drawn here: named, so that no method is left out
      html.append("<p class=\"ts\">Methods that read this table but no key space of this compilation:</p><ul>");
      for (KeyDesign.Read read : others) {
        html.append("<li><code class=\"method\">").append(Wrap.method(read.label())).append("</code> ")
            .append(read.kind().name()).append("</li>");
      }
      html.append("</ul>\n");
    }
    html.append("</section>\n");
  }

  private static void space(StringBuilder html, KeyDesign.Space space) {
    html.append("<tr class=\"space").append(space.index() == null ? "" : " index").append("\" id=\"space-")
        .append(Html.escape(space.id())).append("\">\n<td class=\"name\"><b>")
        .append(Html.escape(space.index() == null ? space.typeName() : space.typeName() + " · index " + space.index()))
        .append("</b><div class=\"ts\">").append(Wrap.method(space.entity())).append("</div><div>")
        .append(Html.escape(space.note())).append("</div>");
    for (String warning : space.warnings()) {
      html.append("<div class=\"warn\">&#9888; ").append(Html.escape(warning)).append("</div>");
    }
    html.append("</td>\n<td><code>").append(Wrap.key(space.partitionKey())).append("</code>");
    example(html, space.examplePartitionKey());
    html.append("</td>\n<td><code><span class=\"prefix\">").append(Wrap.key(space.literalPrefix()))
        .append("</span>").append(Wrap.key(space.rowKey().substring(space.literalPrefix().length())))
        .append("</code>");
    example(html, space.exampleRowKey());
    html.append("<ul class=\"enc\">");
    for (String encoding : space.encodings()) {
      html.append("<li>").append(Wrap.key(encoding)).append("</li>");
    }
    html.append("</ul></td>\n<td class=\"ts\">set by the store</td>\n<td>");
    boolean fold = space.columns().size() > FOLD_COLUMNS;
    if (fold) {
      html.append("<details><summary>").append(space.columns().size()).append(" properties: ");
      for (int i = 0; i < 4 && i < space.columns().size(); i++) {
        html.append(i == 0 ? "" : ", ").append(Html.escape(space.columns().get(i).name()));
      }
      html.append(", …</summary>");
    }
    html.append("<div class=\"props\">");
    for (KeyDesign.Column column : space.columns()) {
      column(html, column);
    }
    html.append("</div>").append(fold ? "</details>" : "").append("</td>\n</tr>\n");
  }

  /** One property drawn as a column of the guide's nested table: its name over its store type (or value). */
  private static void column(StringBuilder html, KeyDesign.Column column) {
    html.append("<span class=\"prop\"><b>").append(Html.escape(column.name())).append("</b><i>")
        .append(Html.escape(column.type())).append("</i>");
    if (column.note() != null) {
      html.append("<i class=\"note\">").append(Html.escape(column.note())).append("</i>");
    }
    html.append("</span>");
  }

  private static void example(StringBuilder html, KeyDesign.Example example) {
    html.append("<div class=\"example\">e.g. <code>").append(Wrap.key(example.key())).append("</code>");
    if (!example.encoded().isEmpty()) {
      html.append("<ul class=\"decoded\">");
      for (String encoded : example.encoded()) {
        html.append("<li>").append(Wrap.key(encoded)).append("</li>");
      }
      html.append("</ul>");
    }
    html.append("</div>");
  }

  /**
   * The methods that read any key space of the partition group, against those key spaces in key order: a bar where
   * it reads a key range, a dashed one where it reads rows by the keys its index rows hold.
   *
   * @return the methods drawn
   */
  private static List<KeyDesign.Read> reads(StringBuilder html, KeyDesign.Table table, KeyDesign.Partition partition) {
    List<String> ids = new ArrayList<>();
    partition.spaces().forEach(space -> ids.add(space.id()));
    List<KeyDesign.Read> reads = new ArrayList<>();
    for (KeyDesign.Read read : table.reads()) {
      if (read.spaces().stream().anyMatch(ids::contains) || read.follows().stream().anyMatch(ids::contains)) {
        reads.add(read);
      }
    }
    if (reads.isEmpty()) {
      html.append("<p class=\"ts\">No repository method of this compilation reads these key spaces.</p>\n");
      return reads;
    }
    html.append("<table class=\"reads\">\n<tr><th>method</th><th>PartitionKey</th>");
    for (KeyDesign.Space space : partition.spaces()) {
      html.append("<th class=\"space\">").append(Wrap.method(space.label())).append("</th>");
    }
    html.append("</tr>\n");
    for (KeyDesign.Read read : reads) {
      html.append("<tr class=\"read read-").append(read.kind().name()).append("\"><td class=\"method\">")
          .append("<code class=\"method\">").append(Wrap.method(read.label())).append("</code><div class=\"kind\">")
          .append(read.kind().name()).append("</div>");
      if (read.filter() != null) {
        html.append("<div class=\"ts\">filter ").append(Wrap.key(read.filter())).append("</div>");
      }
      for (String warning : read.warnings()) {
        html.append("<div class=\"warn\">&#9888; ").append(Html.escape(warning)).append("</div>");
      }
      boolean here = read.spaces().stream().anyMatch(ids::contains);
      // "= {department}" kept on one line: a narrow column would leave the "=" alone on the first
      html.append("</td><td><code>").append(Wrap.key(here ? read.partitionKey().replace("= ", "=\u00a0")
          : "each entity's"))
          .append("</code></td>");
      for (String id : ids) {
        html.append("<td class=\"cell\">");
        if (read.spaces().contains(id)) {
          html.append("<div class=\"bar ").append(read.kind().name()).append("\" title=\"")
              .append(Html.escape(read.kind().name().toLowerCase(Locale.ROOT))).append("\">")
              .append(Wrap.key(read.rowKey().equals("any") ? "every RowKey" : "RowKey " + read.rowKey()))
              .append("</div>");
        } else if (read.follows().contains(id)) {
          html.append("<div class=\"bar follow\" title=\"point reads\">")
              .append(Wrap.key("then each by its keys, one point read per index row"))
              .append("</div>");
        }
        html.append("</td>");
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n");
    return reads;
  }
}
