package io.tablemapper.runtime;

import io.tablemapper.runtime.WriteIntent.Kind;
import io.tablemapper.spi.TableRow;

/**
 * One write of recorded pending work: what an {@link io.tablemapper.api.EventualBatch} asked for beyond its first
 * write, as the work record in the store keeps it ({@link PendingRows}) — enough for any process to apply it again
 * from scratch, with the entity's class.
 *
 * @param position the write's position in the order the application added it
 * @param kind what the application asked for
 * @param entityClass the binary name of the entity's own class
 * @param table the entity's table
 * @param row the entity's row as its mapping writes it (keys and properties, no discriminator), for a delete too
 * @param etag the ETag the application's entity carried, or null: the write is conditional on it
 */
record PendingStep(int position, Kind kind, String entityClass, String table, TableRow row, String etag) {

  /** The entity and its keys, for messages: {@code insert of Employee (PartitionKey 'Sales', ...) in table T}. */
  String describe() {
    String simple = entityClass.substring(Math.max(entityClass.lastIndexOf('.'), entityClass.lastIndexOf('$')) + 1);
    return kind.verb() + " of " + simple + " " + row.describeKeys() + " in table " + table;
  }
}
