package io.tablemapper.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.TableEntity;
import io.tablemapper.interop.dotnet.Order;
import io.tablemapper.interop.dotnet.OrderRepository;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every EDM type and the .NET naming convention across the two clients: a row the SDK writes reads as the entity,
 * and an entity tablemapper writes reads in the SDK with the types and names a .NET service expects.
 */
class TypesAndNamesTest extends SharedTables {
  private static final Instant PLACED = Instant.parse("2024-01-31T12:00:00.1234567Z");
  private static final UUID ORDER_ID = UUID.fromString("6f1e3b0c-7d4a-4c2e-9a51-0b8f2d6c9e13");
  private static final byte[] PAYLOAD = "héllo ✓".getBytes(StandardCharsets.UTF_8);

  private TableEntity sdkOrder(Object amountCents) {
    return new TableEntity("c1", invertedTicks(PLACED))
        .addProperty("EntityType", "Order")
        .addProperty("PlacedAt", PLACED.atOffset(ZoneOffset.UTC))
        .addProperty("AmountCents", amountCents)
        .addProperty("Quantity", 3)
        .addProperty("OrderId", ORDER_ID)
        .addProperty("Payload", PAYLOAD)
        .addProperty("Price", 9.5)
        .addProperty("Shipped", true)
        .addProperty("ShippedAt", OffsetDateTime.parse("2024-02-01T08:30:00.9876543Z"))
        .addProperty("Note", "handle with care — 壊れ物");
  }

  @Test
  void aRowTheSdkWritesReadsAsTheEntityWithEveryTypeAndTheFullTickPrecision() {
    orders.createEntity(sdkOrder(5_000_000_000L));
    OrderRepository repository = mapper(mapperBuilder()).repository(OrderRepository.class);

    Order order = repository.findByCustomerIdAndPlacedAt("c1", PLACED).orElseThrow();

    assertThat(order.customerId()).isEqualTo("c1");
    assertThat(order.placedAt()).isEqualTo(PLACED);
    assertThat(order.amountCents()).isEqualTo(5_000_000_000L);
    assertThat(order.quantity()).isEqualTo(3);
    assertThat(order.orderId()).isEqualTo(ORDER_ID);
    assertThat(order.payload()).isEqualTo(PAYLOAD);
    assertThat(order.price()).isEqualTo(9.5);
    assertThat(order.shipped()).isTrue();
    assertThat(order.shippedAt()).isEqualTo(Instant.parse("2024-02-01T08:30:00.9876543Z"));
    assertThat(order.note()).isEqualTo("handle with care — 壊れ物");
    assertThat(order.etag()).isEqualTo(orders.getEntity("c1", invertedTicks(PLACED)).getETag());
  }

  @Test
  void anInt32TheSdkWritesWhereTheClassHasALongReadsWidenedAndMatchesAnEqualityOnTheLong() {
    orders.createEntity(sdkOrder(1234));
    OrderRepository repository = mapper(mapperBuilder()).repository(OrderRepository.class);

    assertThat(repository.findByCustomerId("c1")).singleElement().extracting(Order::amountCents).isEqualTo(1234L);
    assertThat(repository.findByCustomerIdAndAmountCents("c1", 1234L)).hasSize(1);
    assertThat(repository.findByCustomerIdAndAmountCents("c1", 1235L)).isEmpty();
  }

  @Test
  void anEntityTablemapperWritesReadsInTheSdkWithDotNetNamesAndExactTypes() {
    OrderRepository repository = mapper(mapperBuilder()).repository(OrderRepository.class);
    Instant placed = Instant.parse("2024-03-01T10:00:00.123456789Z"); // finer than a tick: truncated outside keys
    Instant placedTick = Instant.parse("2024-03-01T10:00:00.1234567Z");
    repository.insert(new Order("c2", placedTick, 5L, 2, ORDER_ID, PAYLOAD, 1.0, false, placed, "n", null));

    TableEntity read = orders.getEntity("c2", invertedTicks(placedTick));

    assertThat(read.getProperties()).containsKeys("EntityType", "PlacedAt", "AmountCents", "Quantity", "OrderId",
        "Payload", "Price", "Shipped", "ShippedAt", "Note");
    assertThat(read.getProperty("EntityType")).isEqualTo("Order");
    assertThat(read.getProperty("AmountCents")).as("a long is Int64 even when small").isEqualTo(5L);
    assertThat(read.getProperty("Quantity")).isEqualTo(2);
    assertThat(read.getProperty("OrderId")).isEqualTo(ORDER_ID);
    assertThat(read.getProperty("Payload")).isEqualTo(PAYLOAD);
    assertThat(read.getProperty("Price")).as("an integral double stays a Double").isEqualTo(1.0);
    assertThat(read.getProperty("Shipped")).isEqualTo(false);
    assertThat(read.getProperty("ShippedAt")).isInstanceOf(OffsetDateTime.class);
    assertThat(((OffsetDateTime) read.getProperty("ShippedAt")).toInstant()).isEqualTo(placedTick);
    assertThat(((OffsetDateTime) read.getProperty("PlacedAt")).toInstant()).isEqualTo(placedTick);
  }
}
