package io.tablemapper.runtime.index;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * What one index of one entity class should hold and does: for an entity, whether its copy (claim, key-list entry)
 * is there, in step, missing, or under a value another entity holds ({@link #entity}); for a row of the index,
 * which of its entities no longer imply it ({@link #orphans}). Reads only, by point reads (and a list's range read
 * of its parts), through a blocking {@link WriteChannel}. The rules are the write path's: a copy is {@link
 * IndexCopies}' copy of the entity as stored; a remote copy is in step when it holds that copy but for the ids of
 * claims in flight; an entity implies a list entry under its current value.
 *
 * @param <T> the entity class
 */
final class IndexChecks<T> {
  /** What one entity's check found. */
  enum Kind {
    /** The entity implies no row of the index (a null index value). */
    NONE,
    /** Its row is there and in step. */
    OK,
    /** Its row (or list entry) is missing. */
    MISSING,
    /** Its copy is there with other values. */
    STALE,
    /** Another entity that still holds the value has the row: a unique value held twice. */
    CONFLICT,
    /** A row of the index for another entity that no longer implies it is in the way: an orphan. */
    BLOCKED
  }

  /**
   * One entity's finding.
   *
   * @param value the index value as its keys render it (for conflicts)
   * @param holder the other entity ({@code table/PartitionKey/RowKey}) of a conflict, or null
   * @param blocking the orphan in the way ({@link Kind#BLOCKED}), or null
   * @param blockingTable the table of {@code blocking}
   */
  record Finding(Kind kind, String value, String holder, TableRow blocking, String blockingTable) {
    static Finding of(Kind kind) {
      return new Finding(kind, null, null, null, null);
    }
  }

  private final EntityMapping<T> mapping;
  private final IndexMapping<T> index;
  private final Discriminator discriminator;
  private final MappingContext context;
  private final WriteChannel channel;
  /** A wide entity's whole row from its head (null when deleted meanwhile), or null for entities of one row. */
  private final UnaryOperator<TableRow> whole;

  /**
   * @param whole a wide entity's whole row from its head row (null when it was deleted meanwhile), whose values the
   *     entity's index values are read from; null for a class whose entities are rows of their own
   */
  IndexChecks(EntityMapping<T> mapping, IndexMapping<T> index, Discriminator discriminator, MappingContext context,
      WriteChannel channel, UnaryOperator<TableRow> whole) {
    this.mapping = mapping;
    this.index = index;
    this.discriminator = discriminator;
    this.context = context;
    this.channel = channel;
    this.whole = whole;
  }

  IndexMapping<T> index() {
    return index;
  }

  /** Whether a row of the entity table is an entity of the class. */
  boolean isEntity(TableRow row) {
    return mapping.typeName().equals(discriminator.typeFor(row, mapping));
  }

  /** Whether a row is one of the index's (a copy, claim, or list row). */
  boolean isIndexRow(TableRow row) {
    return index.copyType().equals(discriminator.typeOf(row));
  }

  /** The entity's keys as {@code table/PartitionKey/RowKey}, for reports. */
  static String describe(String table, String partitionKey, String rowKey) {
    return table + "/" + partitionKey + "/" + rowKey;
  }

  /**
   * Where the entity as stored has its row of the index: its table, PartitionKey and RowKey; null when it has none
   * (a null value, or keys that do not compose).
   */
  Address implied(TableRow stored) {
    // a wide entity's parts are read outside the catch below: a read that failed (the store unreachable, parts that
    // never matched their head) says nothing of what the entity implies, and taken for "none" it made a repair delete
    // the entity's copies and list entries as orphans
    TableRow row = whole == null ? stored : whole.apply(stored);
    if (row == null) {
      return null; // a wide entity deleted meanwhile
    }
    T entity;
    try {
      entity = mapping.fromRow(mapping.withoutEncrypted(row), context); // no index key is encrypted
    } catch (TableMapperException unreadable) {
      return null;
    }
    if (index.remote()) {
      return IndexCopies.remoteAddress(index, entity);
    }
    try {
      String rowKey = index.rowKey(entity);
      return rowKey == null ? null : new Address(mapping.table(), stored.partitionKey(), rowKey);
    } catch (TableMapperException invalid) {
      return null;
    }
  }

  /** Checks one entity, as stored, against the index. */
  Finding entity(TableRow stored) {
    Address address = implied(stored);
    if (address == null) {
      return Finding.of(Kind.NONE);
    }
    if (index.keyList()) {
      IndexLists.Stored list = Futures.join(IndexLists.load(address,
          at -> channel.get(at.table(), at.partitionKey(), at.rowKey()), channel::rows));
      boolean listed = list.head() != null && IndexLists.isHead(discriminator, index, list.head())
          && IndexLists.entries(list.head(), list.parts())
              .contains(IndexLists.entry(stored.partitionKey(), stored.rowKey()));
      return Finding.of(listed ? Kind.OK : Kind.MISSING);
    }
    TableRow there = read(address);
    if (there == null) {
      return Finding.of(Kind.MISSING);
    }
    boolean ours = index.remote()
        ? IndexCopies.isRemoteCopyOf(discriminator, there, index, stored.partitionKey(), stored.rowKey())
        : IndexCopies.isCopyOf(discriminator, there, index, stored.rowKey());
    if (ours) {
      return Finding.of(PropertyValues.equal(withoutIds(there).properties(), expected(stored, address).properties())
          ? Kind.OK : Kind.STALE);
    }
    Address holder = holderOf(there, address);
    if (holder != null && isIndexRow(there)) {
      TableRow other = read(holder);
      if (other == null || !isEntity(other) || !address.equals(implied(other))) {
        return new Finding(Kind.BLOCKED, address.rowKey(), null, there, address.table());
      }
    }
    String value = index.remote() ? address.partitionKey() + "/" + address.rowKey() : address.rowKey();
    String other = holder == null ? describe(address.table(), there.partitionKey(), there.rowKey())
        : describe(holder.table(), holder.partitionKey(), holder.rowKey());
    return new Finding(Kind.CONFLICT, value, other, null, null);
  }

  /**
   * The entries of a row of the index found in a scan whose entities do not imply it: for a copy or claim, its
   * entity (or an empty list if it still implies it, or if a claim's write may still be in flight); for a list row,
   * each listed entity that does not imply the list.
   */
  List<String> orphans(TableRow row) {
    List<String> orphans = new ArrayList<>();
    if (index.keyList()) {
      String head = row.get(IndexLists.PART) instanceof Integer
          ? row.rowKey().substring(0, row.rowKey().length() - 1 - IndexRules.LIST_PART_DIGITS) : row.rowKey();
      Address list = new Address(index.remote() ? index.table() : mapping.table(), row.partitionKey(), head);
      for (String entry : IndexLists.entries(row)) {
        TableRow entity = read(new Address(mapping.table(), IndexLists.partitionKeyOf(entry),
            IndexLists.rowKeyOf(entry)));
        if (entity == null || !isEntity(entity) || !list.equals(implied(entity))) {
          orphans.add(entry);
        }
      }
      return orphans;
    }
    if (registered(row)) {
      return orphans; // a claim whose write's pending work is still registered: that work settles it
    }
    Address at = new Address(index.remote() ? index.table() : mapping.table(), row.partitionKey(), row.rowKey());
    Address holder = holderOf(row, at);
    TableRow entity = holder == null ? null : read(holder);
    if (entity == null || !isEntity(entity) || !at.equals(implied(entity))) {
      orphans.add(holder == null ? row.rowKey() : IndexLists.entry(holder.partitionKey(), holder.rowKey()));
    }
    return orphans;
  }

  /** The copy the entity as stored implies at {@code address}. */
  private TableRow expected(TableRow stored, Address address) {
    return index.remote()
        ? IndexCopies.remoteCopy(discriminator, index, stored, mapping.table(), address.partitionKey(),
            address.rowKey())
        : IndexCopies.copy(discriminator, index, stored, address.rowKey());
  }

  /** The entity a copy (or claim) names: in the entity's partition, or by its primary keys for a remote one. */
  private Address holderOf(TableRow copy, Address at) {
    String rowKey = IndexCopies.primaryRowKey(copy);
    if (rowKey == null) {
      return null;
    }
    if (!index.remote()) {
      return new Address(mapping.table(), at.partitionKey(), rowKey);
    }
    String partitionKey = IndexCopies.primaryPartitionKey(copy);
    Object table = copy.get(EntityMapping.PRIMARY_TABLE_PROPERTY);
    return partitionKey == null ? null
        : new Address(table instanceof String name ? name : mapping.table(), partitionKey, rowKey);
  }

  /**
   * Whether one of the writes that claimed a copy still has its entry in the registry of pending work: the write
   * may still be recorded, or its work is still to be done (a claim keeps the ids of finished writes too).
   */
  boolean registered(TableRow copy) {
    Object ids = copy.get(EntityMapping.WORK_IDS_PROPERTY);
    if (!(ids instanceof String text) || text.isEmpty()) {
      return false;
    }
    for (String id : text.split(" ")) {
      if (read(new Address(PendingRows.REGISTRY_TABLE, PendingRows.registryPartition(id), id)) != null) {
        return true;
      }
    }
    return false;
  }

  private static TableRow withoutIds(TableRow copy) {
    return copy.has(EntityMapping.WORK_IDS_PROPERTY)
        ? copy.toBuilder().remove(EntityMapping.WORK_IDS_PROPERTY).build() : copy;
  }

  TableRow read(Address address) {
    return Futures.join(channel.get(address.table(), address.partitionKey(), address.rowKey()));
  }

  @Override
  public String toString() {
    return Objects.toString(index);
  }
}
