package io.tablemapper.backend.tck;

import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.RequestSize;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The oracle of the model-based test: one table as a plain {@link TreeMap}, with the store's documented semantics
 * written out as simply as possible. It predicts the outcome of a write or batch, records what the backend
 * assigned (ETag, Timestamp), and answers reads and queries as the backend must.
 */
final class ModelStore {
  private final TreeMap<Key, TableRow> rows = new TreeMap<>();

  /** A row's keys, ordered by PartitionKey then RowKey as UTF-16 code units. */
  record Key(String partitionKey, String rowKey) implements Comparable<Key> {
    static Key of(TableRow row) {
      return new Key(row.partitionKey(), row.rowKey());
    }

    @Override
    public int compareTo(Key other) {
      int order = partitionKey.compareTo(other.partitionKey);
      return order != 0 ? order : rowKey.compareTo(other.rowKey);
    }
  }

  /**
   * A failure the store must report: a batch rule ({@code reason}, with the operation at fault at {@code index} or
   * -1), or a rejected operation at {@code index} whose cause is of class {@code cause} or a subclass; for a single
   * write, {@code reason} is null and the write's own exception is of class {@code cause} or a subclass.
   */
  record Failure(Reason reason, int index, Class<? extends TableMapperException> cause) {
    @Override
    public String toString() {
      return (reason == null ? "" : reason + " at " + index + " ") + (cause == null ? "" : cause.getSimpleName());
    }
  }

  Optional<TableRow> get(String partitionKey, String rowKey) {
    return Optional.ofNullable(rows.get(new Key(partitionKey, rowKey)));
  }

  /** Every row, in key order. */
  List<TableRow> all() {
    return new ArrayList<>(rows.values());
  }

  /** Every row the query matches, projected, in key order, ignoring limit and continuation. */
  List<TableRow> query(TableQuery query) {
    List<TableRow> matches = new ArrayList<>();
    for (TableRow row : rows.values()) {
      if (within(row.partitionKey(), query.partitionFrom(), query.partitionTo())
          && within(row.rowKey(), query.rowFrom(), query.rowTo())
          && (query.filter() == null || query.filter().test(row))) {
        matches.add(project(row, query.select()));
      }
    }
    return matches;
  }

  /** What a single write must fail with, or null if it must succeed. */
  Failure expectWrite(WriteOperation operation) {
    Class<? extends TableMapperException> invalid = invalidity(operation);
    if (invalid != null) {
      return new Failure(null, -1, invalid);
    }
    Class<? extends TableMapperException> rejected = rejection(operation);
    return rejected == null ? null : new Failure(null, -1, rejected);
  }

  /**
   * What a batch must fail with, or null if it must succeed. The batch rules come first, in
   * {@link io.tablemapper.spi.BatchRules}' order, every row's validity included; only then is any operation
   * evaluated against the stored state, so an invalid row fails the batch even after an operation the stored state
   * rejects.
   */
  Failure expectBatch(List<WriteOperation> operations) {
    if (operations.isEmpty()) {
      return new Failure(Reason.EMPTY, -1, null);
    }
    if (operations.size() > StoreLimits.MAX_BATCH_OPERATIONS) {
      return new Failure(Reason.TOO_MANY_OPERATIONS, -1, null);
    }
    String partitionKey = operations.get(0).row().partitionKey();
    Set<String> rowKeys = new HashSet<>();
    long size = 0;
    for (int i = 0; i < operations.size(); i++) {
      TableRow row = operations.get(i).row();
      if (!row.partitionKey().equals(partitionKey)) {
        return new Failure(Reason.WRONG_PARTITION, i, null);
      }
      if (!rowKeys.add(row.rowKey())) {
        return new Failure(Reason.DUPLICATE_ENTITY, i, null);
      }
      size += StoreLimits.entitySize(row);
    }
    if (size > StoreLimits.MAX_BATCH_SIZE || RequestSize.batch("model", operations) > StoreLimits.MAX_BATCH_SIZE) {
      return new Failure(Reason.TOO_LARGE, -1, null);
    }
    for (int i = 0; i < operations.size(); i++) {
      Class<? extends TableMapperException> invalid = invalidity(operations.get(i));
      if (invalid != null) {
        return new Failure(Reason.REJECTED, i, invalid);
      }
    }
    for (int i = 0; i < operations.size(); i++) {
      Class<? extends TableMapperException> rejected = rejection(operations.get(i));
      if (rejected != null) {
        return new Failure(Reason.REJECTED, i, rejected);
      }
    }
    return null;
  }

  /** Records a write that succeeded with this result. */
  void apply(WriteOperation operation, WriteResult result) {
    Key key = Key.of(operation.row());
    TableRow stored = rows.get(key);
    switch (operation.kind()) {
      case DELETE:
        rows.remove(key);
        return;
      case MERGE:
      case UPSERT_MERGE:
        if (stored != null) {
          TableRow.Builder merged = TableRow.builder(key.partitionKey(), key.rowKey());
          stored.properties().forEach(merged::put);
          operation.row().properties().forEach(merged::put);
          rows.put(key, merged.etag(result.etag()).timestamp(result.timestamp()).build());
          return;
        }
        break;
      default:
        break;
    }
    TableRow.Builder written = TableRow.builder(key.partitionKey(), key.rowKey());
    operation.row().properties().forEach(written::put);
    rows.put(key, written.etag(result.etag()).timestamp(result.timestamp()).build());
  }

  /**
   * The exception a write's own row earns under the store's rules, or null if the row is valid. The rules of a row
   * are the SPI's own ({@link BatchRules#checkOperation}), which every backend calls too; what the model predicts
   * independently is when they apply and what the stored state does.
   */
  private static Class<? extends TableMapperException> invalidity(WriteOperation operation) {
    try {
      BatchRules.checkOperation("model", operation);
      return null;
    } catch (TableMapperException e) {
      return e.getClass();
    }
  }

  /** The exception the stored state earns a valid write, or null if it succeeds. */
  private Class<? extends TableMapperException> rejection(WriteOperation operation) {
    TableRow stored = rows.get(Key.of(operation.row()));
    switch (operation.kind()) {
      case INSERT:
        return stored == null ? null : EntityExistsException.class;
      case REPLACE:
      case MERGE:
      case DELETE:
        if (stored == null) {
          return EntityNotFoundException.class;
        }
        boolean anyVersion = operation.ifMatch() == null || operation.ifMatch().equals("*");
        return anyVersion || operation.ifMatch().equals(stored.etag()) ? null : ConcurrencyConflictException.class;
      default:
        return null;
    }
  }

  private static boolean within(String key, KeyBound from, KeyBound to) {
    if (from != null) {
      int order = key.compareTo(from.key());
      if (order < 0 || (order == 0 && !from.inclusive())) {
        return false;
      }
    }
    if (to != null) {
      int order = key.compareTo(to.key());
      if (order > 0 || (order == 0 && !to.inclusive())) {
        return false;
      }
    }
    return true;
  }

  private static TableRow project(TableRow row, List<String> select) {
    if (select == null) {
      return row;
    }
    TableRow.Builder projected = TableRow.builder(row.partitionKey(), row.rowKey());
    for (Map.Entry<String, Object> property : row.properties().entrySet()) {
      if (select.contains(property.getKey())) {
        projected.put(property.getKey(), property.getValue());
      }
    }
    return projected.etag(row.etag()).timestamp(row.timestamp()).build();
  }
}
