package io.tablemapper.runtime;

import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.support.ForwardingBackend;
import java.util.List;
import java.util.Optional;

/**
 * A test's process that may die: a backend around the test's store whose every request, once {@link #dead} is set,
 * throws {@link DyingBackend.Died}, as if the process that sends it were gone, and whose close leaves the store (the
 * test's) open. A subclass acts on the requests it looks at, calling {@link #alive()} first.
 */
abstract class MortalBackend extends ForwardingBackend {
  /** Whether the process is dead: every request it makes from now on fails. */
  volatile boolean dead;
  /** Whether the action after a read ({@link #actAfterRead}) has run. */
  volatile boolean acted;
  private String readTable;
  private String readRow;
  private int readsBefore;
  private Runnable afterRead;

  MortalBackend(TableBackend store) {
    super(store);
  }

  /** Throws {@link DyingBackend.Died} once the process is dead (a subclass may fail otherwise). */
  void alive() {
    if (dead) {
      throw new DyingBackend.Died();
    }
  }

  /**
   * Runs {@code action} once, right after the read of the row {@code rowKey} of {@code table} that follows
   * {@code reads} earlier reads of it (a round that read the entity, then stalls while the action runs).
   */
  final void actAfterRead(String table, String rowKey, int reads, Runnable action) {
    this.readTable = table;
    this.readRow = rowKey;
    this.readsBefore = reads;
    this.afterRead = action;
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    alive();
    Optional<TableRow> answer = delegate.get(table, partitionKey, rowKey);
    if (afterRead != null && !acted && table.equals(readTable) && rowKey.equals(readRow) && readsBefore-- == 0) {
      acted = true;
      afterRead.run();
    }
    return answer;
  }

  @Override
  public QueryResult query(TableQuery query) {
    alive();
    return delegate.query(query);
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    alive();
    return delegate.write(table, operation);
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    alive();
    return delegate.batch(table, operations);
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    alive();
    return delegate.createTableIfNotExists(table);
  }

  @Override
  public boolean tableExists(String table) {
    alive();
    return delegate.tableExists(table);
  }

  @Override
  public void close() {
    // the store is the test's
  }
}
