package io.tablemapper.runtime.write;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.runtime.write.PlannedOp.Role;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * The key lists in an entity's own partition ({@link EntityMapping#localLists()}): what one attempt of an entity
 * group transaction adds to keep them — for each list its writes change, the list read afresh (its head, and its
 * parts in one range read when it has any) and the operations that take the entities leaving it out and put those
 * joining it in ({@link IndexLists#change}), each conditional on the ETag of the row it changes. {@link EgtWriter}
 * sends them with the entities' own operations ({@link Role#LIST}) and, when one fails because another writer changed
 * the list meanwhile, reads and tries the whole transaction again; so the lists are strongly consistent with their
 * entities, and a crash leaves both changed or neither.
 */
public final class LocalLists {
  private final Discriminator discriminator;
  private final MappingContext context;

  LocalLists(Discriminator discriminator, MappingContext context) {
    this.discriminator = discriminator;
    this.context = context;
  }

  /**
   * The operations on the key lists in the partition ({@link EntityMapping#localLists()}) that the attempt's writes
   * change, read afresh: for each list, the entities that leave it (their stored value was its) and those that join
   * it (their written value is), applied together to the list as read ({@link IndexLists#change}), each operation
   * conditional on the ETag of the row it changes. A write whose plan is empty (dropped) changes no list.
   *
   * @return the operations, once the lists are read through {@code channel}; failed with a
   *     {@link TableMapperException} if a row of another kind sits under a list's keys, or with an {@link
   *     io.tablemapper.api.IndexFullException} if a list is full, or a part of another value's list sits there
   */
  CompletableFuture<List<PlannedOp>> plan(WriteChannel channel, String table, List<? extends WriteIntent<?>> writes,
      List<Snapshot> snapshots, List<PlannedOp> planned, Mode mode) {
    Map<String, ListChange> changes = new LinkedHashMap<>();
    for (int i = 0; i < writes.size(); i++) {
      WriteIntent<?> intent = writes.get(i);
      if (intent.mapping().localLists().isEmpty() || planned.stream().noneMatch(op -> op.owner() == intent)) {
        continue;
      }
      try {
        changes(table, intent, snapshots.get(i), changes);
      } catch (TableMapperException e) {
        throw WriteFailures.rejected(mode, intent, table, e);
      }
    }
    List<PlannedOp> ops = new ArrayList<>();
    if (changes.isEmpty()) {
      return CompletableFuture.completedFuture(ops);
    }
    return plan(channel, table, new ArrayList<>(changes.values()), 0, ops, mode);
  }

  /** Reads the lists from {@code next} on, one after another, adding the operations of each to {@code ops}. */
  private CompletableFuture<List<PlannedOp>> plan(WriteChannel channel, String table, List<ListChange> changes,
      int next, List<PlannedOp> ops, Mode mode) {
    if (next == changes.size()) {
      return CompletableFuture.completedFuture(ops);
    }
    ListChange change = changes.get(next);
    return IndexLists.load(change.address, address -> channel.get(table, address.partitionKey(), address.rowKey()),
        channel::rows).thenCompose(list -> {
          try {
            if (list.head() != null && !IndexLists.isHead(discriminator, change.index, list.head())) {
              if (change.joining.isEmpty()) {
                return plan(channel, table, changes, next + 1, ops, mode);
              }
              throw IndexLists.foreign(discriminator, change.index, change.address, list.head());
            }
            for (WriteOperation operation : IndexLists.change(discriminator, change.index, list, change.leaving,
                change.joining)) {
              ops.add(new PlannedOp(operation, change.owner, change.index, Role.LIST));
            }
          } catch (TableMapperException e) {
            throw WriteFailures.rejected(mode, change.owner, table, e);
          }
          return plan(channel, table, changes, next + 1, ops, mode);
        });
  }

  /** Adds what one write changes in the lists of its partition: where its entity leaves, and where it joins. */
  private <T> void changes(String table, WriteIntent<?> write, Snapshot snapshot, Map<String, ListChange> changes) {
    @SuppressWarnings("unchecked")
    WriteIntent<T> intent = (WriteIntent<T>) write;
    EntityMapping<T> mapping = intent.mapping();
    TableRow stored = snapshot.storedKnown() ? snapshot.stored() : null;
    T before = stored == null || !mapping.typeName().equals(discriminator.typeFor(stored, mapping))
        ? null : mapping.fromRow(mapping.withoutEncrypted(stored), context); // no index key is encrypted
    T after = null;
    if (intent.kind() != WriteKind.DELETE) {
      if (intent.kind().merges() && before != null) {
        TableRow merged = stored.toBuilder().putAll(intent.row().properties()).build();
        after = mapping.fromRow(mapping.withoutEncrypted(merged), context);
      } else {
        after = intent.entity();
      }
    }
    String entry = IndexLists.entry(intent.partitionKey(), intent.rowKey());
    for (IndexMapping<T> index : mapping.localLists()) {
      String from = before == null ? null : index.rowKey(before);
      String to = after == null ? null : index.rowKey(after);
      if (Objects.equals(from, to)) {
        if (intent.rebuilds() && to != null) { // an index build: the entity may be missing from its list
          change(changes, table, intent, index, to).joining.add(entry);
        }
        continue;
      }
      if (from != null) {
        change(changes, table, intent, index, from).leaving.add(entry);
      }
      if (to != null) {
        change(changes, table, intent, index, to).joining.add(entry);
      }
    }
  }

  private static ListChange change(Map<String, ListChange> changes, String table, WriteIntent<?> intent,
      IndexMapping<?> index, String rowKey) {
    return changes.computeIfAbsent(rowKey, key -> new ListChange(index,
        new PendingStep.Address(table, intent.partitionKey(), key), intent));
  }

  /** The RowKey of the list a failed list operation addressed: its head's, for a part. */
  static String listRowKey(PlannedOp failed) {
    String rowKey = failed.rowKey();
    return failed.operation().row().get(IndexLists.PART) instanceof Integer
        ? rowKey.substring(0, rowKey.length() - 1 - IndexRules.LIST_PART_DIGITS) : rowKey;
  }

  /** What the writes of one transaction change in one list: the first write that changes it answers for it. */
  private static final class ListChange {
    final IndexMapping<?> index;
    final PendingStep.Address address;
    final WriteIntent<?> owner;
    final Set<String> leaving = new TreeSet<>();
    final Set<String> joining = new TreeSet<>();

    ListChange(IndexMapping<?> index, PendingStep.Address address, WriteIntent<?> owner) {
      this.index = index;
      this.address = address;
      this.owner = owner;
    }
  }
}
