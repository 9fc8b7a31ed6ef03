package io.tablemapper.backend.h2;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableRow;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A residual {@link Filter} evaluated on stored rows as they are read, before anything of a row is built: only the
 * properties the filter names are decoded from the row's {@link RowCodec} bytes (the others are skipped in place),
 * the keys only if it compares them, and the filter's own {@link Filter#test} decides, so the H2 backend matches
 * exactly what every other backend matches (types, missing properties, IEEE doubles, strings by code units, an
 * Int64 condition against Int32 values).
 */
final class RowFilter {
  private final Filter filter;
  /** The stored bytes of the property names the filter reads. */
  private final byte[][] names;
  private final boolean readsKeys;
  private final boolean readsTimestamp;

  private RowFilter(Filter filter, byte[][] names, boolean readsKeys, boolean readsTimestamp) {
    this.filter = filter;
    this.names = names;
    this.readsKeys = readsKeys;
    this.readsTimestamp = readsTimestamp;
  }

  /** The evaluator of {@code filter}. */
  static RowFilter of(Filter filter) {
    Set<String> properties = new LinkedHashSet<>();
    collect(filter, properties);
    boolean keys = properties.remove("PartitionKey") | properties.remove("RowKey");
    boolean timestamp = properties.remove("Timestamp");
    byte[][] names = new byte[properties.size()][];
    int i = 0;
    for (String property : properties) {
      names[i++] = RowCodec.name(property);
    }
    return new RowFilter(filter, names, keys, timestamp);
  }

  private static void collect(Filter filter, Set<String> properties) {
    if (filter instanceof Filter.And) {
      ((Filter.And) filter).operands().forEach(operand -> collect(operand, properties));
    } else if (filter instanceof Filter.Or) {
      ((Filter.Or) filter).operands().forEach(operand -> collect(operand, properties));
    } else if (filter instanceof Filter.Presence) {
      properties.add(((Filter.Presence) filter).property());
    } else {
      properties.add(((Filter.Comparison) filter).property());
    }
  }

  /** Whether the stored row matches; its keys are decoded only if the filter compares them. */
  boolean matches(byte[] partitionKey, byte[] rowKey, long ticks, byte[] props) {
    TableRow.Builder row = readsKeys
        ? TableRow.builder(Encoding.text(partitionKey), Encoding.text(rowKey), names.length)
        : TableRow.builder("", "", names.length);
    if (readsTimestamp) {
      row.timestamp(Versions.instant(ticks));
    }
    if (names.length > 0) {
      RowCodec.decodeInto(props, names, row);
    }
    return filter.test(row.build());
  }
}
