package io.tablemapper.benchmarks;

import io.tablemapper.annotations.DefaultValue;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.IndexForm;
import io.tablemapper.annotations.Json;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * An entity of version 2 whose reading and writing the Byte Buddy path spells out beyond plain properties: a
 * {@code @DefaultValue} of five kinds (for rows of version 1), two {@code @Json} values, and two indexes whose keys
 * are composed per write (a partial copy in another table, the keys alone of a sparse unique number).
 *
 * @param region the PartitionKey
 * @param invoiceId in the RowKey, zero-padded
 * @param customer the partition of its copy in {@code InvoicesByCustomer}
 * @param number its unique number in the region; null: no copy
 * @param total the amount
 * @param currency defaults to EUR in older rows
 * @param termDays defaults to 30
 * @param status defaults to PLACED
 * @param discount defaults to 0.00
 * @param disputed defaults to false
 * @param lines the lines, as JSON
 * @param counts a count per item, as JSON
 */
@SuppressWarnings("tablemapper:KeyWidth")
@Entity(table = "Invoices", version = 2)
@PartitionKey("{region}")
@RowKey("inv_{invoiceId:010}")
@Index(name = "byCustomer", table = "InvoicesByCustomer", partitionKey = "{customer}",
    rowKey = "{region}_{invoiceId:010}", unique = false, properties = {"total"})
@Index(name = "byNumber", rowKey = "no_{number}", form = IndexForm.KEYS)
public record Invoice(
    String region,
    long invoiceId,
    String customer,
    Integer number,
    BigDecimal total,
    @DefaultValue("EUR") String currency,
    @DefaultValue("30") int termDays,
    @DefaultValue("PLACED") OrderStatus status,
    @DefaultValue("0.00") BigDecimal discount,
    @DefaultValue("false") Boolean disputed,
    @Json List<String> lines,
    @Json Map<String, Integer> counts) {

  /** An invoice with every property set. */
  static Invoice sample() {
    return new Invoice("emea", 4_711L, "contoso", 1_042, new BigDecimal("1234.50"), "CHF", 14, OrderStatus.SHIPPED,
        new BigDecimal("5.00"), Boolean.FALSE, List.of("two chairs", "one table"), Map.of("chair", 2, "table", 1));
  }
}
