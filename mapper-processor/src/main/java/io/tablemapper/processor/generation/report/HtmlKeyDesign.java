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
  private static final String STYLE = String.join("\n",
      "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;background:#fff}",
      "h1{font-size:22px}h2{font-size:18px;border-bottom:2px solid #444;padding-bottom:4px;margin-top:32px}",
      "h3{font-size:15px;margin:20px 0 6px}code{font:13px ui-monospace,monospace}",
      "table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 6px;vertical-align:top;text-align:left}",
      "th{background:#e8e8e8}.rows td.name{background:#f6f6f6;min-width:150px}",
      ".props{display:flex;flex-wrap:wrap;max-width:560px}.prop{display:flex;flex-direction:column;font-size:12px;",
      "border:1px solid #bbb;margin:0 -1px -1px 0}.prop b{background:#f0f4ff;padding:2px 4px;border-bottom:1px solid",
      " #bbb}.prop i{font-style:normal;padding:2px 4px}",
      ".prefix{background:#ffe9a8}.example{color:#555;margin-top:2px}.example code{background:#eef6ee}",
      ".enc{margin:2px 0 0;padding-left:16px;font-size:12px;color:#555}.ts{color:#777;font-size:12px}",
      ".index{background:#f3ecff}.warn{color:#8a4b00;background:#fff4d6;border:1px solid #e0a000;",
      "border-radius:3px;padding:1px 4px;font-size:12px;display:inline-block;margin-top:2px}",
      ".reads{margin-top:8px}.reads th.space{font-size:12px;min-width:120px}",
      ".reads td.cell{min-width:120px;padding:3px}.bar{font:12px ui-monospace,monospace;padding:3px 5px;",
      "border-radius:3px;color:#fff;overflow-wrap:anywhere}",
      ".POINT{background:#2e7d32;border-radius:10px;display:inline-block}",
      ".RANGE{background:#1565c0}",
      ".PARTITION_SCAN{background:repeating-linear-gradient(45deg,#e65100 0 8px,#ef6c00 8px 16px)}",
      ".TABLE_SCAN{background:repeating-linear-gradient(45deg,#b71c1c 0 8px,#d32f2f 8px 16px);",
      "border:2px dashed #600}",
      ".legend span.bar{margin-right:10px}.kind{font-size:11px;font-weight:bold}");

  /** The page. */
  public String render(KeyDesign design) {
    StringBuilder html = new StringBuilder(16_384);
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>tablemapper key design</title>\n<style>\n").append(STYLE)
        .append("\n</style>\n</head>\n<body>\n")
        .append("<h1>tablemapper key design</h1>\n")
        .append("<p>Generated at compile time from the entities and repositories of this compilation; do not edit."
            + " Each table's key spaces are grouped by the partitions they can share and listed in key order; each"
            + " repository method is drawn as the key range it reads.</p>\n")
        .append("<p class=\"legend\">");
    for (QueryKind kind : QueryKind.values()) {
      html.append("<span class=\"bar ").append(kind.name()).append("\">").append(kind.name()).append("</span>");
    }
    html.append("<span class=\"warn\">&#9888; warning</span></p>\n");
    for (KeyDesign.Table table : design.tables()) {
      table(html, table);
    }
    return html.append("</body>\n</html>\n").toString();
  }

  private static void table(StringBuilder html, KeyDesign.Table table) {
    html.append("<section class=\"table\" id=\"table-").append(Html.escape(table.name()))
        .append("\">\n<h2>Table <code>")
        .append(Html.escape(table.name())).append("</code></h2>\n");
    for (KeyDesign.Partition partition : table.partitions()) {
      html.append("<h3>Partitions of shape <code>").append(Html.escape(partition.shape())).append("</code></h3>\n");
      html.append("<table class=\"rows\">\n<tr><th>key space</th><th>PartitionKey</th><th>RowKey</th>"
          + "<th>Timestamp</th><th>properties</th></tr>\n");
      for (KeyDesign.Space space : partition.spaces()) {
        space(html, space);
      }
      html.append("</table>\n");
      reads(html, table, partition);
    }
    html.append("</section>\n");
  }

  private static void space(StringBuilder html, KeyDesign.Space space) {
    html.append("<tr class=\"space").append(space.index() == null ? "" : " index").append("\" id=\"space-")
        .append(Html.escape(space.id())).append("\">\n<td class=\"name\"><b>")
        .append(Html.escape(space.index() == null ? space.typeName() : space.typeName() + " · index " + space.index()))
        .append("</b><div class=\"ts\">").append(Html.escape(space.entity())).append("</div><div>")
        .append(Html.escape(space.note())).append("</div>");
    for (String warning : space.warnings()) {
      html.append("<div class=\"warn\">&#9888; ").append(Html.escape(warning)).append("</div>");
    }
    html.append("</td>\n<td><code>").append(Html.escape(space.partitionKey())).append("</code>");
    example(html, space.examplePartitionKey());
    html.append("</td>\n<td><code><span class=\"prefix\">").append(Html.escape(space.literalPrefix()))
        .append("</span>").append(Html.escape(space.rowKey().substring(space.literalPrefix().length())))
        .append("</code>");
    example(html, space.exampleRowKey());
    html.append("<ul class=\"enc\">");
    for (String encoding : space.encodings()) {
      html.append("<li>").append(Html.escape(encoding)).append("</li>");
    }
    html.append("</ul></td>\n<td class=\"ts\">set by the store</td>\n<td><div class=\"props\">");
    column(html, "EntityType", space.typeName());
    for (KeyDesign.Column column : space.columns()) {
      column(html, column.name(), column.type());
    }
    html.append("</div></td>\n</tr>\n");
  }

  /** One property drawn as a column of the guide's nested table: its name over its store type (or value). */
  private static void column(StringBuilder html, String name, String type) {
    html.append("<span class=\"prop\"><b>").append(Html.escape(name)).append("</b><i>").append(Html.escape(type))
        .append("</i></span>");
  }

  private static void example(StringBuilder html, String example) {
    html.append("<div class=\"example\">e.g. <code>").append(Html.escape(example)).append("</code></div>");
  }

  /** The methods that read any key space of the partition group, against those key spaces in key order. */
  private static void reads(StringBuilder html, KeyDesign.Table table, KeyDesign.Partition partition) {
    List<String> ids = new ArrayList<>();
    partition.spaces().forEach(space -> ids.add(space.id()));
    List<KeyDesign.Read> reads = new ArrayList<>();
    for (KeyDesign.Read read : table.reads()) {
      if (read.spaces().stream().anyMatch(ids::contains)) {
        reads.add(read);
      }
    }
    if (reads.isEmpty()) {
      html.append("<p class=\"ts\">No repository method of this compilation reads these key spaces.</p>\n");
      return;
    }
    html.append("<table class=\"reads\">\n<tr><th>method</th><th>PartitionKey</th>");
    for (String id : ids) {
      html.append("<th class=\"space\">").append(Html.escape(id)).append("</th>");
    }
    html.append("</tr>\n");
    for (KeyDesign.Read read : reads) {
      html.append("<tr class=\"read read-").append(read.kind().name()).append("\"><td><code>")
          .append(Html.escape(read.repository() + "." + read.method())).append("</code><div class=\"kind\">")
          .append(read.kind().name()).append("</div>");
      if (read.filter() != null) {
        html.append("<div class=\"ts\">filter ").append(Html.escape(read.filter())).append("</div>");
      }
      for (String warning : read.warnings()) {
        html.append("<div class=\"warn\">&#9888; ").append(Html.escape(warning)).append("</div>");
      }
      html.append("</td><td><code>").append(Html.escape(read.partitionKey())).append("</code></td>");
      for (String id : ids) {
        html.append("<td class=\"cell\">");
        if (read.spaces().contains(id)) {
          html.append("<div class=\"bar ").append(read.kind().name()).append("\" title=\"")
              .append(Html.escape(read.kind().name().toLowerCase(Locale.ROOT))).append("\">")
              .append(Html.escape(read.rowKey().equals("any") ? "every RowKey" : "RowKey " + read.rowKey()))
              .append("</div>");
        }
        html.append("</td>");
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n");
  }
}
