package io.tablemapper.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.TableEntity;
import io.tablemapper.api.TableMapper;
import io.tablemapper.interop.dotnet.Order;
import io.tablemapper.interop.dotnet.OrderRepository;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A table dropped and written again at once: the write re-creates it (waiting while the service still deletes the
 * old one, as Azure does for a while and Azurite does not), and the other application sees only the new rows.
 */
class TableLifecycleTest extends SharedTables {
  private static final Instant PLACED = Instant.parse("2024-01-31T12:00:00Z");

  @Test
  void aTableDroppedAndWrittenAgainRightAwayHoldsOnlyTheNewRows() {
    orders.createEntity(
        new TableEntity("c1", invertedTicks(PLACED.minusSeconds(60))).addProperty("EntityType", "Order"));
    TableMapper mapper = mapper(mapperBuilder());

    assertThat(mapper.deleteTable("Orders")).isTrue();
    mapper.repository(OrderRepository.class).insert(new Order("c1", PLACED, 1L, 1, null, null, 0, false, null, null,
        null));

    assertThat(orders.listEntities()).extracting(TableEntity::getRowKey).containsExactly(invertedTicks(PLACED));
  }
}
