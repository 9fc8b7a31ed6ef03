package io.tablemapper.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.TableEntity;
import io.tablemapper.interop.dotnet.Order;
import io.tablemapper.interop.dotnet.OrderRepository;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Keys and entity types across the two clients: .NET's inverted-ticks RowKeys sort newest first for tablemapper too
 * and decode to the same instants; a discriminator of another name is shared; rows without one, as most .NET services
 * write them, are adopted by point reads and writes when their keys fit the class, and range reads skip them.
 */
class KeysAndDiscriminatorsTest extends SharedTables {
  private static final Instant FIRST = Instant.parse("2024-01-01T00:00:00Z");
  private static final Instant SECOND = Instant.parse("2024-06-30T23:59:59.9999999Z");
  private static final Instant THIRD = Instant.parse("2025-02-03T04:05:06.7Z");

  private static TableEntity row(String type, String typeProperty, Instant placed, int quantity) {
    TableEntity entity = new TableEntity("c1", invertedTicks(placed))
        .addProperty("AmountCents", 100L * quantity)
        .addProperty("Quantity", quantity)
        .addProperty("OrderId", UUID.nameUUIDFromBytes(new byte[] {(byte) quantity}));
    return type == null ? entity : entity.addProperty(typeProperty, type);
  }

  @Test
  void invertedTicksRowKeysTheSdkWritesReadNewestFirstAsTheirInstants() {
    orders.createEntity(row("Order", "EntityType", FIRST, 1));
    orders.createEntity(row("Order", "EntityType", SECOND, 2));
    orders.createEntity(row("Order", "EntityType", THIRD, 3));

    assertThat(mapper(mapperBuilder()).repository(OrderRepository.class).findByCustomerId("c1"))
        .extracting(Order::placedAt).containsExactly(THIRD, SECOND, FIRST);
  }

  @Test
  void theRowKeyTablemapperWritesIsTheOneDotNetComputes() {
    mapper(mapperBuilder()).repository(OrderRepository.class)
        .insert(new Order("c1", SECOND, 1L, 1, null, null, 0, false, null, null, null));

    assertThat(orders.listEntities()).singleElement().extracting(TableEntity::getRowKey)
        .isEqualTo(invertedTicks(SECOND)).isEqualTo("2516825088000000000");
  }

  @Test
  void aDiscriminatorOfAnotherNameIsReadAndWrittenUnderThatName() {
    orders.createEntity(row("Order", "Kind", FIRST, 1));
    OrderRepository repository =
        mapper(mapperBuilder().discriminator("Kind")).repository(OrderRepository.class);

    assertThat(repository.findByCustomerId("c1")).extracting(Order::quantity).containsExactly(1);
    repository.insert(new Order("c1", SECOND, 1L, 2, null, null, 0, false, null, null, null));
    TableEntity written = orders.getEntity("c1", invertedTicks(SECOND));
    assertThat(written.getProperty("Kind")).isEqualTo("Order");
    assertThat(written.getProperties()).doesNotContainKey("EntityType");
  }

  @Test
  void aRowWithoutDiscriminatorIsAdoptedByAPointReadAndAWriteGivesItItsType() {
    orders.createEntity(row(null, null, FIRST, 4));
    OrderRepository repository = mapper(mapperBuilder()).repository(OrderRepository.class);

    Order adopted = repository.findByCustomerIdAndPlacedAt("c1", FIRST).orElseThrow();
    assertThat(adopted.quantity()).isEqualTo(4);
    assertThat(repository.findByCustomerId("c1")).as("range reads select by the discriminator").isEmpty();

    repository.update(adopted.withNote("typed now"));

    TableEntity stored = orders.getEntity("c1", invertedTicks(FIRST));
    assertThat(stored.getProperty("EntityType")).isEqualTo("Order");
    assertThat(stored.getProperty("Note")).isEqualTo("typed now");
    assertThat(repository.findByCustomerId("c1")).extracting(Order::quantity).containsExactly(4);
  }

  @Test
  void theSdkSeesTheInstantOfARowKeyAndItsColumnAlike() {
    mapper(mapperBuilder()).repository(OrderRepository.class)
        .insert(new Order("c1", THIRD, 1L, 1, null, null, 0, false, null, null, null));

    TableEntity stored = orders.getEntity("c1", invertedTicks(THIRD));
    assertThat(stored.getProperty("PlacedAt")).isEqualTo(THIRD.atOffset(ZoneOffset.UTC));
  }
}
