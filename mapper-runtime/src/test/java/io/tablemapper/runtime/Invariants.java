package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.Employee__Mapping;
import io.tablemapper.tck.support.RawRows;
import java.util.HashMap;
import java.util.Map;

/** The invariant index maintenance keeps: every entity has exactly its copies, in step with it; no orphans. */
final class Invariants {
  private static final Discriminator DISCRIMINATOR =
      new Discriminator(EntityMapping.TYPE_PROPERTY, new TypeRegistry());

  private Invariants() {}

  /**
   * Checks every Employee of a table against its index copies: one copy per index value, with the entity's
   * properties, and none besides. Where the store gives all rows of a batch one ETag, a copy written with its
   * entity (in its batch) also has the entity's ETag.
   */
  static void assertEmployeeCopiesConsistent(TableBackend backend, String table, BatchVersions versions) {
    Map<String, TableRow> expected = new HashMap<>();
    Map<String, TableRow> copies = new HashMap<>();
    for (TableRow row : RawRows.all(backend, table)) {
      Object type = row.get("EntityType");
      String key = row.partitionKey() + "/" + row.rowKey();
      if ("Employee".equals(type)) {
        Employee employee = Employee__Mapping.INSTANCE.fromRow(row, JsonMappingContext.INSTANCE);
        for (IndexMapping<Employee> index : Employee__Mapping.INSTANCE.indexes()) {
          expected.put(row.partitionKey() + "/" + index.rowKey(employee),
              IndexCopies.copy(DISCRIMINATOR, index, row, index.rowKey(employee))
                  .withSystemProperties(row.etag(), null));
        }
      } else if (type instanceof String && ((String) type).startsWith("Employee#")) {
        copies.put(key, row);
      }
    }
    assertThat(copies.keySet()).as("index copies (orphans or missing ones)").isEqualTo(expected.keySet());
    for (Map.Entry<String, TableRow> copy : copies.entrySet()) {
      TableRow want = expected.get(copy.getKey());
      assertThat(copy.getValue().properties()).as("copy %s", copy.getKey()).isEqualTo(want.properties());
      if (versions == BatchVersions.SHARED) {
        assertThat(copy.getValue().etag()).as("ETag of copy %s", copy.getKey()).isEqualTo(want.etag());
      }
    }
  }
}
