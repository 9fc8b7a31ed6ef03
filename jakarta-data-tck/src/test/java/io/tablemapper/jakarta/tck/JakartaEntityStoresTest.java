package io.tablemapper.jakarta.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import jakarta.data.exceptions.EmptyResultException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The default key layout of a Jakarta entity on every store: one partition per type (PartitionKey {@code Gadget}),
 * the id as RowKey in its order-preserving encoding, so that the rows sort as the ids do (negative ones first) and a
 * range of ids is a RANGE of that partition; only the {@code @Id} and {@code @Column} fields are stored.
 */
@ExtendWith(Azurite.class)
class JakartaEntityStoresTest {
  @TempDir
  static Path directory;

  private static TableBackend backend(String store) {
    switch (store) {
      case "memory":
        return InMemoryBackend.create();
      case "h2":
        return H2Backend.inMemory();
      case "h2-file":
        return H2Backend.file(directory.resolve("gadgets"));
      default:
        TableBackend azure = AzureTablesBackend.fromConnectionString(Azurite.connectionString(0));
        azure.deleteTableIfExists("Gadget");
        return azure;
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"memory", "h2", "h2-file", "azure"})
  void aJakartaEntityIsOnePartitionOfRowsInIdOrder(String store) {
    List<String> plans = new ArrayList<>();
    try (TableBackend backend = backend(store);
        TableMapper mapper = TableMapper.builder().backend(backend)
            .queryListener(event -> plans.add(event.plan())).build()) {
      Gadgets gadgets = mapper.repository(Gadgets.class);
      gadgets.saveAll(List.of(Gadget.of(12, "Lamp", false, "kept in the client"), Gadget.of(-5, "Fan", true, null),
          Gadget.of(0, "lamp", true, null), Gadget.of(3, "Desk", false, null), Gadget.of(-1, "Chair", false, null)));

      List<TableRow> rows = backend.query(TableQuery.builder("Gadget").build()).rows();
      assertThat(rows).extracting(TableRow::partitionKey).containsOnly("Gadget");
      assertThat(rows).extracting(row -> row.properties().get("name"))
          .containsExactly("Fan", "Chair", "lamp", "Desk", "Lamp"); // the store's order: the RowKeys'
      // the type discriminator beside the @Id and @Column fields; the unannotated note is not stored
      assertThat(rows.get(0).properties()).containsOnlyKeys("EntityType", "id", "name", "isSpare");

      plans.clear();
      assertThat(gadgets.findByIdBetween(-2, 5)).extracting(Gadget::getId).containsExactly(-1L, 0L, 3L);
      assertThat(plans).singleElement().satisfies(plan -> assertThat(plan).startsWith("RANGE: PartitionKey = Gadget"));
      assertThat(gadgets.findById(-5L)).get().extracting(Gadget::getName, Gadget::isSpare, Gadget::getNote)
          .containsExactly("Fan", true, null);
      assertThat(gadgets.findByIsSpareTrue()).extracting(Gadget::getId).containsExactly(-5L, 0L);
      assertThat(gadgets.findByNameIgnoreCase("LAMP")).extracting(Gadget::getId).containsExactly(0L, 12L);
      plans.clear();
      assertThat(gadgets.findByIdAndNameIgnoreCase(12, "LAMP")).get().extracting(Gadget::getName).isEqualTo("Lamp");
      // the one entity the POINT reads is tested too: a name that differs finds none
      assertThat(gadgets.findByIdAndNameIgnoreCase(12, "Fan")).isEmpty();
      assertThat(gadgets.findByIdAndNameLike(12, "L_m%")).extracting(Gadget::getName).isEqualTo("Lamp");
      assertThatThrownBy(() -> gadgets.findByIdAndNameLike(12, "F%")).isInstanceOf(EmptyResultException.class);
      assertThat(plans).hasSize(4)
          .allSatisfy(plan -> assertThat(plan).startsWith("POINT: PartitionKey = Gadget, RowKey = {id}"));
      gadgets.deleteById(0L);
      assertThat(gadgets.findAll().map(Gadget::getId)).containsExactly(-5L, -1L, 3L, 12L);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"memory", "h2", "h2-file", "azure"})
  void aJdqlUpdateOrDeleteIsAQueryAndOneWritePerMatch(String store) {
    List<String> plans = new ArrayList<>();
    try (TableBackend backend = backend(store);
        TableMapper mapper = TableMapper.builder().backend(backend)
            .queryListener(event -> plans.add(event.plan())).build()) {
      Gadgets gadgets = mapper.repository(Gadgets.class);
      gadgets.saveAll(List.of(Gadget.of(12, "Lamp", false, null), Gadget.of(-5, "Fan", true, null),
          Gadget.of(0, "lamp", true, null), Gadget.of(3, "Desk", false, null), Gadget.of(-1, "Chair", false, null)));

      plans.clear();
      assertThat(gadgets.rename(3, "Table")).isTrue();
      assertThat(gadgets.rename(4, "Shelf")).isFalse(); // no entity has the key: nothing written
      assertThat(plans).hasSize(2)
          .allSatisfy(plan -> assertThat(plan).startsWith("POINT: PartitionKey = Gadget, RowKey = {id}"));
      assertThat(gadgets.findById(3L)).get().extracting(Gadget::getName, Gadget::isSpare)
          .containsExactly("Table", false);

      plans.clear();
      assertThat(gadgets.deleteBelow(0)).isEqualTo(2);
      assertThat(plans).singleElement().satisfies(plan -> assertThat(plan).startsWith("RANGE: PartitionKey = Gadget"));
      assertThat(gadgets.deleteSparesOr("Lamp")).isEqualTo(2);
      assertThat(gadgets.findAll().map(Gadget::getName)).containsExactly("Table");
      assertThat(gadgets.deleteSparesOr("Lamp")).isZero();
    }
  }
}
