package io.tablemapper.runtime;

import io.tablemapper.spi.QueryResult;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import java.util.function.Consumer;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.tck.support.RawRows;

/**
 * A process that dies: a backend around a real store that lets a given number of writes (single writes and batches)
 * through and then refuses every request, as if the process that sends them were gone. The store keeps exactly what
 * the writes before the death made; a fresh mapper over the store itself then plays the next process. Records what
 * each write was ({@link #log}) and whether a transaction recorded pending work.
 */
final class DyingBackend implements TableBackend {
  /** What a dead process's requests do. */
  static final class Died extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Died() {
      super("the process died");
    }
  }

  private final TableBackend store;
  private int writesLeft;
  /** One line per write that went through: {@code write <table>} or {@code batch <table> [pending]}. */
  final List<String> log = new ArrayList<>();
  /** Whether a transaction that recorded pending work went through. */
  boolean recorded;

  private final boolean afterRecord;

  /** Dies after {@code writes} writes (never, with {@link Integer#MAX_VALUE}). */
  DyingBackend(TableBackend store, int writes) {
    this(store, writes, false);
  }

  private DyingBackend(TableBackend store, int writes, boolean afterRecord) {
    this.store = store;
    this.writesLeft = writes;
    this.afterRecord = afterRecord;
  }

  /** A process that dies right after the transaction that records pending work. */
  static DyingBackend afterRecording(TableBackend store) {
    return new DyingBackend(store, Integer.MAX_VALUE, true);
  }

  /**
   * Runs {@code write} in a process that dies right after the transaction that records pending work: what is left
   * in the store is the entity as written and its work, recorded and not done.
   */
  static void writeThenDie(TableBackend store, Consumer<TableMapper> write) {
    try (TableMapper dying = ManualCompletion.builder(afterRecording(store)).build()) {
      write.accept(dying);
    } catch (RuntimeException died) {
      // the process died after the transaction: what matters is what the store holds
    }
  }

  /** The RowKeys of the pending work records (not cancelled markers) in a partition of {@code table}. */
  static List<String> pendingRecords(TableBackend store, String table, String partitionKey) {
    return RawRows.partition(store, table, partitionKey).stream()
        .filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX))
        .filter(row -> PendingRows.state(row) == PendingRows.State.PENDING)
        .map(TableRow::rowKey)
        .toList();
  }

  /** A process that never dies: the store, which the mapper built over it does not close. */
  static DyingBackend unclosed(TableBackend store) {
    return new DyingBackend(store, Integer.MAX_VALUE);
  }

  /** Every request received, reads included. */
  final AtomicInteger requests = new AtomicInteger();

  private synchronized void alive() {
    requests.incrementAndGet();
    if (writesLeft < 0) {
      throw new Died();
    }
  }

  private synchronized void beforeWrite() {
    requests.incrementAndGet();
    if (writesLeft <= 0) {
      writesLeft = -1;
      throw new Died();
    }
    writesLeft--;
  }

  synchronized boolean dead() {
    return writesLeft < 0;
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    alive();
    return store.createTableIfNotExists(table);
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    alive();
    return store.deleteTableIfExists(table);
  }

  @Override
  public List<String> listTables(String prefix) {
    alive();
    return store.listTables(prefix);
  }

  @Override
  public boolean tableExists(String table) {
    alive();
    return store.tableExists(table);
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    alive();
    return store.get(table, partitionKey, rowKey);
  }

  /** The profile of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreProfile profile() {
    return store.profile();
  }

  /** The description of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreDescription description() {
    return store.description();
  }

  @Override
  public QueryResult query(TableQuery query) {
    alive();
    return store.query(query);
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    beforeWrite();
    WriteResult result = store.write(table, operation);
    synchronized (this) {
      log.add("write " + table + " " + operation.row().rowKey());
    }
    return result;
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    beforeWrite();
    List<WriteResult> results = store.batch(table, operations);
    boolean pending = operations.stream()
        .anyMatch(operation -> operation.row().rowKey().startsWith(PendingRows.WORK_ROW_PREFIX));
    synchronized (this) {
      recorded |= pending;
      log.add("batch " + table + (pending ? " pending" : ""));
      if (pending && afterRecord) {
        writesLeft = 0;
      }
    }
    return results;
  }

  /** Does not close the store, which outlives the dead process. */
  @Override
  public void close() {}
}
