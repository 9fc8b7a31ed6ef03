package io.tablemapper.benchmarks;

import com.azure.data.tables.models.TableEntity;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.runtime.RuntimeMappings;
import io.tablemapper.spi.TableRow;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.BeanTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One {@link Order} (ten properties, composed keys) to the store's property bag ({@code toRow_*}) and back
 * ({@code fromRow_*}): the generated mapping against the hand-written baseline and the peers.
 *
 * <p>{@code *_byteBuddy} maps the same class through the path of classes compiled without the processor: the
 * run-time mapping whose accessors Byte Buddy generates at first use.
 *
 * <p>{@code *Invoice_*} does the same for an {@link Invoice}: defaults for older rows, JSON values and the keys of its
 * index copies ({@code indexKeysInvoice_*}: every copy's PartitionKey and RowKey, as a write computes them), which the
 * Byte Buddy path spells out as the generated code does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MappingBenchmark {
  private final MappingContext context = Benchmarks.mappingContext();
  private final BeanTableSchema<DynamoOrder> dynamoSchema = TableSchema.fromBean(DynamoOrder.class);
  private final EntityMapping<Order> byteBuddy = RuntimeMappings.introspect(Order.class);
  private final ObjectMapper jackson = new ObjectMapper().registerModule(new JavaTimeModule());
  private final EntityMapping<Invoice> byteBuddyInvoice = RuntimeMappings.introspect(Invoice.class);

  private Order order;
  private TableRow row;
  private DynamoOrder dynamoOrder;
  private Map<String, AttributeValue> dynamoItem;
  private Map<?, ?> jacksonMap;
  private TableEntity tableEntity;
  private Invoice invoice;
  private TableRow invoiceRow;

  @Setup
  public void setUp() {
    order = Order.sample("emea", 4_711, 42);
    row = Order__Mapping.INSTANCE.toRow(order, context).withSystemProperties("W/\"1\"", null);
    dynamoOrder = DynamoOrder.of(order);
    dynamoItem = dynamoSchema.itemToMap(dynamoOrder, true);
    jacksonMap = jackson.convertValue(order, Map.class);
    tableEntity = toRow_azureTableEntity();
    invoice = Invoice.sample();
    invoiceRow = Invoice__Mapping.INSTANCE.toRow(invoice, context).withSystemProperties("W/\"1\"", null);
  }

  @Benchmark
  public TableRow toRow_handWritten() {
    return HandWrittenOrders.toRow(order);
  }

  @Benchmark
  public TableRow toRow_generated() {
    return Order__Mapping.INSTANCE.toRow(order, context);
  }

  @Benchmark
  public TableRow toRow_byteBuddy() {
    return byteBuddy.toRow(order, context);
  }

  @Benchmark
  public Map<String, AttributeValue> toRow_dynamoBeanTableSchema() {
    return dynamoSchema.itemToMap(dynamoOrder, true);
  }

  @Benchmark
  public Map<?, ?> toRow_jacksonConvertValue() {
    return jackson.convertValue(order, Map.class);
  }

  /** Hand-filling azure-data-tables' {@code TableEntity}, keys composed by hand. */
  @Benchmark
  public TableEntity toRow_azureTableEntity() {
    return new TableEntity(HandWrittenOrders.partitionKey(order.getRegion()),
            HandWrittenOrders.rowKey(order.getCustomerId(), order.getOrderId()))
        .addProperty("EntityType", "Order")
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

  @Benchmark
  public Order fromRow_handWritten() {
    return HandWrittenOrders.fromRow(row);
  }

  @Benchmark
  public Order fromRow_generated() {
    return Order__Mapping.INSTANCE.fromRow(row, context);
  }

  @Benchmark
  public Order fromRow_byteBuddy() {
    return byteBuddy.fromRow(row, context);
  }

  @Benchmark
  public DynamoOrder fromRow_dynamoBeanTableSchema() {
    return dynamoSchema.mapToItem(dynamoItem);
  }

  @Benchmark
  public Order fromRow_jacksonConvertValue() {
    return jackson.convertValue(jacksonMap, Order.class);
  }

  /** Reading azure-data-tables' {@code TableEntity} by hand into an {@link Order}. */
  @Benchmark
  public Order fromRow_azureTableEntity() {
    TableEntity entity = tableEntity;
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
    return read;
  }

  @Benchmark
  public TableRow toRowInvoice_generated() {
    return Invoice__Mapping.INSTANCE.toRow(invoice, context);
  }

  @Benchmark
  public TableRow toRowInvoice_byteBuddy() {
    return byteBuddyInvoice.toRow(invoice, context);
  }

  @Benchmark
  public Invoice fromRowInvoice_generated() {
    return Invoice__Mapping.INSTANCE.fromRow(invoiceRow, context);
  }

  @Benchmark
  public Invoice fromRowInvoice_byteBuddy() {
    return byteBuddyInvoice.fromRow(invoiceRow, context);
  }

  @Benchmark
  public void indexKeysInvoice_generated(Blackhole keys) {
    indexKeys(Invoice__Mapping.INSTANCE, keys);
  }

  @Benchmark
  public void indexKeysInvoice_byteBuddy(Blackhole keys) {
    indexKeys(byteBuddyInvoice, keys);
  }

  private void indexKeys(EntityMapping<Invoice> mapping, Blackhole keys) {
    for (IndexMapping<Invoice> index : mapping.allIndexes()) {
      keys.consume(index.partitionKey(invoice));
      keys.consume(index.rowKey(invoice));
    }
  }
}
