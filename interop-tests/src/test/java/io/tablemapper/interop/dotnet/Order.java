package io.tablemapper.interop.dotnet;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Naming;
import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.time.Instant;
import java.util.UUID;

/**
 * An order as a .NET service stores it: PascalCase properties, the customer as PartitionKey and the inverted .NET
 * ticks of the time it was placed as RowKey (newest first), one property of every EDM type.
 */
@Naming(NamingStrategy.PASCAL_CASE)
@Entity(table = "Orders", type = "Order")
@PartitionKey("{customerId}")
@RowKey("{placedAt:ticksdesc}")
public record Order(
    String customerId,
    Instant placedAt,
    long amountCents,
    int quantity,
    UUID orderId,
    byte[] payload,
    double price,
    boolean shipped,
    Instant shippedAt,
    String note,
    @ETag String etag) {

  public Order withNote(String newNote) {
    return new Order(customerId, placedAt, amountCents, quantity, orderId, payload, price, shipped, shippedAt,
        newNote, etag);
  }
}
