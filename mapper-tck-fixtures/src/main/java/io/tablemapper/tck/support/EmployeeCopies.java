package io.tablemapper.tck.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.Employee__Mapping;
import java.util.HashMap;
import java.util.Map;

/**
 * The invariant index maintenance keeps for the fixture {@code Employee}'s intra-partition index copies: every
 * entity has exactly its copies, in step with it; no orphans. What a copy holds is stated here, not taken from the
 * runtime, so that a change of the promise fails the check.
 */
public final class EmployeeCopies {
  /** Reads Employees, which hold no JSON property. */
  private static final MappingContext NO_JSON = new MappingContext() {
    @Override
    public String toJson(JsonType<?> type, Object value) {
      throw new UnsupportedOperationException("Employee holds no JSON property");
    }

    @Override
    public <V> V fromJson(JsonType<V> type, String json) {
      throw new UnsupportedOperationException("Employee holds no JSON property");
    }
  };

  private EmployeeCopies() {}

  /**
   * Checks every Employee of a table against its index copies: one copy per index value, with the entity's
   * properties, and none besides.
   *
   * @param backend the store, read past the mapper
   * @param table the table the Employees are in
   * @param sharedBatchETag whether the store gives every row of a batch the batch's one ETag: then a copy written
   *     with its entity (in its batch) also has the entity's ETag, and that is checked too
   */
  public static void assertInStep(TableBackend backend, String table, boolean sharedBatchETag) {
    Map<String, TableRow> expected = new HashMap<>();
    Map<String, TableRow> copies = new HashMap<>();
    for (TableRow row : RawRows.all(backend, table)) {
      Object type = row.get(EntityMapping.TYPE_PROPERTY);
      String key = row.partitionKey() + "/" + row.rowKey();
      if ("Employee".equals(type)) {
        Employee employee = Employee__Mapping.INSTANCE.fromRow(row, NO_JSON);
        for (IndexMapping<Employee> index : Employee__Mapping.INSTANCE.indexes()) {
          expected.put(row.partitionKey() + "/" + index.rowKey(employee),
              copy(index, row, index.rowKey(employee)).withSystemProperties(row.etag(), null));
        }
      } else if (type instanceof String && ((String) type).startsWith("Employee#")) {
        copies.put(key, row);
      }
    }
    assertThat(copies.keySet()).as("index copies (orphans or missing ones)").isEqualTo(expected.keySet());
    for (Map.Entry<String, TableRow> copy : copies.entrySet()) {
      TableRow want = expected.get(copy.getKey());
      assertThat(copy.getValue().properties()).as("copy %s", copy.getKey()).isEqualTo(want.properties());
      if (sharedBatchETag) {
        assertThat(copy.getValue().etag()).as("ETag of copy %s", copy.getKey()).isEqualTo(want.etag());
      }
    }
  }

  /**
   * What an intra-partition index copy holds: the entity's properties (all of a full copy, the index's of a partial
   * one), {@code type#index} as its discriminator and the entity's RowKey in
   * {@link EntityMapping#PRIMARY_ROW_KEY_PROPERTY}.
   */
  private static TableRow copy(IndexMapping<?> index, TableRow primary, String copyRowKey) {
    TableRow.Builder copy = TableRow.builder(primary.partitionKey(), copyRowKey);
    if (index.fullCopy()) {
      copy.putAll(primary.properties());
    } else {
      for (String name : index.properties()) {
        copy.put(name, primary.get(name));
      }
    }
    return copy.putString(EntityMapping.TYPE_PROPERTY, index.copyType())
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, primary.rowKey())
        .build();
  }
}
