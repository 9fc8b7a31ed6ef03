package io.tablemapper.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.azure.data.tables.models.TableEntity;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.TableMapper;
import io.tablemapper.interop.dotnet.Order;
import io.tablemapper.interop.dotnet.OrderRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Rows the SDK writes with the entity's type but not its shape — an Int64 where the class has an {@code int}, a
 * String where it has an {@code Instant}, a RowKey that is no inverted ticks — read under each
 * {@link MalformedRowPolicy}.
 */
class MalformedRowsTest extends SharedTables {
  private static final Instant FIRST = Instant.parse("2024-01-01T00:00:00Z");
  private static final Instant SECOND = Instant.parse("2024-01-02T00:00:00Z");
  private static final Instant THIRD = Instant.parse("2024-01-03T00:00:00Z");

  private final List<MalformedRowException> heard = new ArrayList<>();

  @BeforeEach
  void writeRows() {
    orders.createEntity(order(FIRST).addProperty("Quantity", 1));
    orders.createEntity(order(SECOND).addProperty("Quantity", 2L));
    orders.createEntity(order(THIRD).addProperty("Quantity", 3).addProperty("ShippedAt", "yesterday"));
    orders.createEntity(new TableEntity("c1", "not-ticks").addProperty("EntityType", "Order"));
  }

  private static TableEntity order(Instant placed) {
    return new TableEntity("c1", invertedTicks(placed)).addProperty("EntityType", "Order");
  }

  private TableMapper mapper(MalformedRowPolicy policy) {
    return mapper(mapperBuilder().malformedRows(policy).malformedRowListener(heard::add));
  }

  @Test
  void failIsTheDefaultAndNamesTheTableTheKeysAndTheProperty() {
    OrderRepository repository = mapper(mapperBuilder()).repository(OrderRepository.class);

    assertThatThrownBy(() -> repository.findByCustomerId("c1"))
        .isInstanceOfSatisfying(MalformedRowException.class, e -> {
          assertThat(e.table()).isEqualTo("Orders");
          assertThat(e.partitionKey()).isEqualTo("c1");
          assertThat(e.rowKey()).isEqualTo(invertedTicks(THIRD)); // newest first
          assertThat(e.property()).isEqualTo("ShippedAt");
          assertThat(e.problem()).isEqualTo("is Edm.String, expected Edm.DateTime");
        });
    assertThatThrownBy(() -> repository.findByCustomerIdAndPlacedAt("c1", SECOND))
        .isInstanceOf(MalformedRowException.class)
        .hasMessageContaining("property 'Quantity' is Edm.Int64, expected Edm.Int32");
  }

  @Test
  void skipReturnsTheGoodRowsAndReportsEachMalformedOne() {
    OrderRepository repository = mapper(MalformedRowPolicy.SKIP).repository(OrderRepository.class);

    assertThat(repository.findByCustomerId("c1")).extracting(Order::placedAt).containsExactly(FIRST);
    assertThat(heard).extracting(MalformedRowException::rowKey, MalformedRowException::property).containsExactly(
        tuple(invertedTicks(THIRD), "ShippedAt"), tuple(invertedTicks(SECOND), "Quantity"), tuple("not-ticks", null));
  }

  @Test
  void dynamicReturnsThemAsDynamicEntitiesInAPartitionRead() {
    TableMapper known = mapper(mapperBuilder().entities(Order.class).malformedRows(MalformedRowPolicy.DYNAMIC));
    List<Object> typed = known.partition("Orders", "c1").all();

    assertThat(typed).hasSize(4);
    assertThat(typed.get(0)).isInstanceOf(DynamicEntity.class);
    assertThat(typed.get(1)).isInstanceOf(DynamicEntity.class);
    assertThat(typed.get(2)).isInstanceOfSatisfying(Order.class,
        order -> assertThat(order.placedAt()).isEqualTo(FIRST));
    assertThat(typed.get(3)).isInstanceOfSatisfying(DynamicEntity.class,
        row -> assertThat(row.rowKey()).isEqualTo("not-ticks"));
  }
}
