package io.tablemapper.runtime.rows;

import io.tablemapper.spi.TableRow;
import java.util.List;

/**
 * One step of recorded pending work, as the work record in the store keeps it ({@link PendingRows}) — enough for
 * any process to apply it again from scratch, with the entity's class: a write an
 * {@link io.tablemapper.api.EventualBatch} asked for beyond its first, or the reconciliation of one remote index of
 * an entity with the entity's current state.
 *
 * @param position the write's position in the order the application added it (0 for a reconciliation)
 * @param kind what the application asked for; null for a reconciliation
 * @param entityClass the binary name of the entity's own class
 * @param table the entity's table
 * @param row for a write, the entity's row as the store holds it ({@code toStoredRow}: keys and properties, no
 *     discriminator, its {@code @Encrypted} values encrypted and bound to the entity's own table and keys, so that
 *     the record never holds a plaintext of them); for a delete, that row without its encrypted values, which a
 *     delete does not need (so completing it needs no key); for a reconciliation, the entity's keys only
 * @param stored whether {@code row} holds {@code @Encrypted} values as the store does, encrypted: true for a write
 *     this version records with such values; false for a row that holds none (a delete's, a reconciliation's, that of
 *     a class without encrypted properties or with them all null), which is the same either way, and for a write
 *     that an earlier version of tablemapper recorded with its row as {@code toRow} made it, plaintext
 *     ({@link PendingRows} tells them apart by where the step's JSON holds the properties)
 * @param etag the ETag the application's entity carried, or null: the write is conditional on it
 * @param index the remote index a reconciliation brings in step; null for a write
 * @param previous where a reconciliation may find copies of the entity that are no longer its own (its copy before
 *     the write, a value claimed for it, the copy of the value written): deleted if they still point to the entity
 *     and it no longer has them
 * @param written for a reconciliation, where the copy of the value its write wrote is (empty: none, for a delete, a
 *     null value or the clean-up of a retired write), the only copy it writes: a copy of a later state is the later
 *     write's own reconciliation's to write; null when unknown (a merge, whose whole entity is known only once
 *     merged, or a step an earlier version recorded), and then it writes whichever copy the entity implies
 */
public record PendingStep(int position, WriteKind kind, String entityClass, String table, TableRow row, boolean stored,
    String etag, String index, List<Address> previous, List<Address> written) {

  /** Where a row is: table, PartitionKey, RowKey. */
  public record Address(String table, String partitionKey, String rowKey) {}

  /** A write of an eventual batch; {@code stored} when its row holds encrypted values. */
  public PendingStep(int position, WriteKind kind, String entityClass, String table, TableRow row, boolean stored,
      String etag) {
    this(position, kind, entityClass, table, row, stored, etag, null, List.of(), null);
  }

  /** The reconciliation of one remote index of the entity at {@code keys}; {@code written} null when unknown. */
  public static PendingStep reconcile(String entityClass, String table, TableRow keys, String index,
      List<Address> previous, List<Address> written) {
    return new PendingStep(0, null, entityClass, table, TableRow.keys(keys.partitionKey(), keys.rowKey()), false,
        null, index, List.copyOf(previous), written == null ? null : List.copyOf(written));
  }

  /**
   * Whether a reconciliation writes the copy (or list entry) at {@code address}: its own write's, or any if unknown.
   */
  public boolean writes(Address address) {
    return written == null || written.contains(address);
  }

  /** Whether this step reconciles a remote index rather than writing an entity. */
  public boolean reconciles() {
    return index != null;
  }

  /** The entity and its keys, for messages: {@code insert of Employee (PartitionKey 'Sales', ...) in table T}. */
  public String describe() {
    String simple = entityClass.substring(Math.max(entityClass.lastIndexOf('.'), entityClass.lastIndexOf('$')) + 1);
    String what = reconciles() ? "update of index '" + index + "' of" : kind.verb() + " of";
    return what + " " + simple + " " + row.describeKeys() + " in table " + table;
  }
}
