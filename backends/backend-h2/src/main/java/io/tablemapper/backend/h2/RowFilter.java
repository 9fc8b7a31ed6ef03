package io.tablemapper.backend.h2;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A residual {@link Filter} evaluated on stored rows as they are read, before anything of a row is built. A String
 * equality on a property (a type discriminator, most often) compares the stored UTF-8 bytes in place; {@code and}
 * and {@code or} combine their operands' tests; any other condition decodes only the properties it names from the
 * row's {@link RowCodec} bytes (the others are skipped in place), the keys only if it compares them, and lets
 * {@link Filter#test} itself decide, so the H2 backend matches exactly what every other backend matches (types,
 * missing properties, IEEE doubles, strings by code units).
 */
final class RowFilter {
  private final Test test;
  private final boolean readsKeys;

  /** A test of one stored row. */
  @FunctionalInterface
  private interface Test {
    boolean matches(byte[] partitionKey, byte[] rowKey, long ticks, byte[] props);
  }

  private RowFilter(Test test, boolean readsKeys) {
    this.test = test;
    this.readsKeys = readsKeys;
  }

  /** The evaluator of {@code filter}. */
  static RowFilter of(Filter filter) {
    Set<String> properties = new LinkedHashSet<>();
    collect(filter, properties);
    return new RowFilter(compile(filter), properties.contains("PartitionKey") || properties.contains("RowKey"));
  }

  /**
   * Whether the filter compares a key, and so needs the row's PartitionKey bytes; if not, {@link #matches} may be
   * given null for them (a page of one partition then fetches no PartitionKey per row).
   */
  boolean readsKeys() {
    return readsKeys;
  }

  /** Whether the stored row matches. */
  boolean matches(byte[] partitionKey, byte[] rowKey, long ticks, byte[] props) {
    return test.matches(partitionKey, rowKey, ticks, props);
  }

  private static Test compile(Filter filter) {
    if (filter instanceof Filter.And) {
      Test[] operands = compileAll(((Filter.And) filter).operands());
      return (partitionKey, rowKey, ticks, props) -> {
        for (Test operand : operands) {
          if (!operand.matches(partitionKey, rowKey, ticks, props)) {
            return false;
          }
        }
        return true;
      };
    }
    if (filter instanceof Filter.Or) {
      Test[] operands = compileAll(((Filter.Or) filter).operands());
      return (partitionKey, rowKey, ticks, props) -> {
        for (Test operand : operands) {
          if (operand.matches(partitionKey, rowKey, ticks, props)) {
            return true;
          }
        }
        return false;
      };
    }
    if (filter instanceof Filter.Comparison) {
      Filter.Comparison comparison = (Filter.Comparison) filter;
      if (comparison.op() == Filter.Op.EQ && comparison.value() instanceof String
          && !isSystem(comparison.property())) {
        String literal = (String) comparison.value();
        byte[] encoded = literal.getBytes(StandardCharsets.UTF_8);
        if (new String(encoded, StandardCharsets.UTF_8).equals(literal)) { // UTF-8 carries it exactly
          byte[] name = RowCodec.name(comparison.property());
          return (partitionKey, rowKey, ticks, props) -> RowCodec.stringEquals(props, name, literal, encoded);
        }
      }
    }
    return decoding(filter);
  }

  private static Test[] compileAll(List<Filter> filters) {
    List<Test> tests = new ArrayList<>(filters.size());
    for (Filter operand : filters) {
      tests.add(compile(operand));
    }
    return tests.toArray(new Test[0]);
  }

  /** {@link Filter#test} on a row built of what the filter names. */
  private static Test decoding(Filter filter) {
    Set<String> properties = new LinkedHashSet<>();
    collect(filter, properties);
    boolean readsKeys = properties.remove("PartitionKey") | properties.remove("RowKey");
    boolean readsTimestamp = properties.remove("Timestamp");
    byte[][] names = new byte[properties.size()][];
    int i = 0;
    for (String property : properties) {
      names[i++] = RowCodec.name(property);
    }
    return (partitionKey, rowKey, ticks, props) -> {
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
    };
  }

  private static boolean isSystem(String property) {
    return property.equals("PartitionKey") || property.equals("RowKey") || property.equals("Timestamp");
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
}
