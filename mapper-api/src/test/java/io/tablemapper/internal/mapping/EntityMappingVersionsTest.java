package io.tablemapper.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.SchemaVersionException;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.spi.TableRow;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** How a mapping tells a row's version and runs its class's upgrade method on rows of older versions. */
class EntityMappingVersionsTest {

  /** A mapping of version 3 that only exposes the version helpers; generated mappings implement the rest. */
  private static final class Version3 extends EntityMapping<String> {
    Version3() {
      super(EntityDescriptor.of(String.class, "Things", "Thing")
          .version(3)
          .partitionKey(KeySpec.of("Thing", "PartitionKey", "{a}", String.class))
          .rowKey(KeySpec.of("Thing", "RowKey", "r_{b}", String.class)));
    }

    TableRow upgrade(TableRow row, Upgrader upgrader) {
      return upgraded(row, upgrader);
    }

    boolean older(TableRow row) {
      return olderVersion(row);
    }

    @Override
    public String partitionKey(String entity) {
      return entity;
    }

    @Override
    public String rowKey(String entity) {
      return entity;
    }

    @Override
    public TableRow toRow(String entity, MappingContext context) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String fromRow(TableRow row, MappingContext context) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String etag(String entity) {
      return null;
    }

    @Override
    public String withSystemProperties(String entity, String etag, Instant timestamp) {
      return entity;
    }
  }

  private final Version3 mapping = new Version3();
  private final Instant written = Instant.parse("2024-01-31T10:15:30Z");

  private TableRow row(Integer version) {
    TableRow.Builder row = TableRow.builder("P", "r_1").putString("name", "Ken Kwok").etag("W/\"1\"").timestamp(written);
    if (version != null) {
      row.putInt32(EntityMapping.VERSION_PROPERTY, version);
    }
    return row.build();
  }

  @Test
  void aRowWithoutVersionMarkerIsVersion1() {
    assertThat(EntityMapping.rowVersion(row(null))).isEqualTo(1);
    assertThat(EntityMapping.rowVersion(row(4))).isEqualTo(4);
    assertThat(EntityMapping.rowVersion(TableRow.builder("P", "r").putInt64(EntityMapping.VERSION_PROPERTY, 4L)
        .build())).as("a marker of another type is no marker").isEqualTo(1);
    assertThat(mapping.older(row(2))).isTrue();
    assertThat(mapping.older(row(3))).isFalse();
    assertThat(mapping.older(row(4))).isFalse();
  }

  @Test
  void rowsOfThisOrANewerVersionAreNotUpgraded() {
    AtomicInteger calls = new AtomicInteger();
    TableRow current = row(3);
    TableRow newer = row(5);

    assertThat(mapping.upgrade(current, (from, properties) -> calls.incrementAndGet())).isSameAs(current);
    assertThat(mapping.upgrade(newer, (from, properties) -> calls.incrementAndGet())).isSameAs(newer);
    assertThat(calls).hasValue(0);
  }

  @Test
  void anOlderRowIsUpgradedKeepingItsKeysETagAndTimestamp() {
    TableRow upgraded = mapping.upgrade(row(null), (from, properties) -> {
      assertThat(from).isEqualTo(1);
      String[] parts = ((String) properties.remove("name")).split(" ");
      properties.put("firstName", parts[0]);
      properties.put("lastName", parts[1]);
    });

    assertThat(upgraded.properties()).isEqualTo(Map.of("firstName", "Ken", "lastName", "Kwok"));
    assertThat(upgraded.partitionKey()).isEqualTo("P");
    assertThat(upgraded.rowKey()).isEqualTo("r_1");
    assertThat(upgraded.etag()).isEqualTo("W/\"1\"");
    assertThat(upgraded.timestamp()).isEqualTo(written);
  }

  @Test
  void anUpgradeThatLeavesAValueTheStoreCannotHoldFailsNamingTheRowAndVersions() {
    assertThatThrownBy(() -> mapping.upgrade(row(2), (from, properties) -> properties.put("level", (short) 1)))
        .isInstanceOf(SchemaVersionException.class)
        .hasMessageStartingWith("the @Upgrade method of String failed on (PartitionKey 'P', RowKey 'r_1')"
            + " (stored version 2, class version 3)")
        .hasCauseInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anUpgradeThatThrowsFailsWithItsExceptionAsTheCause() {
    IllegalStateException broken = new IllegalStateException("no name");

    assertThatThrownBy(() -> mapping.upgrade(row(1), (from, properties) -> {
      throw broken;
    })).isInstanceOf(SchemaVersionException.class).hasCause(broken).hasMessageContaining("no name");
  }
}
