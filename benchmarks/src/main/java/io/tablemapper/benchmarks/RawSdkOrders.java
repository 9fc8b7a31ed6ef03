package io.tablemapper.benchmarks;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablemapper.internal.mapping.EntityMapping;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The Azure baseline: {@link Order}s stored and read through the Azure SDK's {@link TableClient} by hand — the same
 * rows as the mapper's (the entity and its two index copies, in one transaction), keys composed and entities
 * converted by hand, no framework in between.
 */
final class RawSdkOrders {
  private final TableClient table;

  RawSdkOrders(String connectionString, String tableName) {
    this.table = new TableServiceClientBuilder().connectionString(connectionString).buildClient()
        .createTableIfNotExists(tableName);
  }

  /** The entity's row and its two index copies, in one entity group transaction. */
  void insertWithCopies(Order order) {
    String pk = HandWrittenOrders.partitionKey(order.getRegion());
    String rk = HandWrittenOrders.rowKey(order.getCustomerId(), order.getOrderId());
    List<TableTransactionAction> actions = new ArrayList<>(3);
    actions.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity(pk, rk, "Order", order)));
    actions.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity(pk,
        HandWrittenOrders.statusIndexRowKey(order.getStatus(), order.getCustomerId(), order.getOrderId()),
        "Order#status", order).addProperty(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, rk)));
    actions.add(new TableTransactionAction(TableTransactionActionType.CREATE, entity(pk,
        HandWrittenOrders.placedIndexRowKey(order.getPlacedAt(), order.getCustomerId(), order.getOrderId()),
        "Order#placed", order).addProperty(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, rk)));
    table.submitTransaction(actions);
  }

  Order get(String region, long customerId, int orderId) {
    return order(table.getEntity(HandWrittenOrders.partitionKey(region),
        HandWrittenOrders.rowKey(customerId, orderId)));
  }

  /** A customer's orders {@code from} … {@code to}, in RowKey order. */
  List<Order> range(String region, long customerId, int from, int to) {
    String filter = "PartitionKey eq '" + HandWrittenOrders.partitionKey(region) + "' and RowKey ge '"
        + HandWrittenOrders.rowKey(customerId, from) + "' and RowKey le '" + HandWrittenOrders.rowKey(customerId, to)
        + "' and EntityType eq 'Order'";
    List<Order> found = new ArrayList<>(to - from + 1);
    for (TableEntity entity : table.listEntities(new ListEntitiesOptions().setFilter(filter), null, null)) {
      found.add(order(entity));
    }
    return found;
  }

  private static TableEntity entity(String pk, String rk, String type, Order order) {
    return new TableEntity(pk, rk)
        .addProperty("EntityType", type)
        .addProperty("region", order.getRegion())
        .addProperty("customerId", order.getCustomerId())
        .addProperty("orderId", order.getOrderId())
        .addProperty("placedAt", OffsetDateTime.ofInstant(order.getPlacedAt(), ZoneOffset.UTC))
        .addProperty("status", order.getStatus().name())
        .addProperty("amount", order.getAmount())
        .addProperty("currency", order.getCurrency())
        .addProperty("quantity", order.getQuantity())
        .addProperty("express", order.isExpress())
        .addProperty("note", order.getNote());
  }

  private static Order order(TableEntity entity) {
    Order read = new Order();
    read.setRegion((String) entity.getProperty("region"));
    read.setCustomerId((Long) entity.getProperty("customerId"));
    read.setOrderId((Integer) entity.getProperty("orderId"));
    read.setPlacedAt(((OffsetDateTime) entity.getProperty("placedAt")).toInstant());
    read.setStatus(OrderStatus.valueOf((String) entity.getProperty("status")));
    read.setAmount((Double) entity.getProperty("amount"));
    read.setCurrency((String) entity.getProperty("currency"));
    read.setQuantity((Integer) entity.getProperty("quantity"));
    read.setExpress((Boolean) entity.getProperty("express"));
    read.setNote((String) entity.getProperty("note"));
    read.setEtag(entity.getETag());
    return read;
  }
}
