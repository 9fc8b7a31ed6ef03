package io.tablemapper.runtime;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.support.ForwardingBackend;
import java.util.List;
import java.util.Optional;

/**
 * A backend around another that simulates a process dying between the steps of a write with {@code @Large} values:
 * the next write or batch fails before it reaches the store, or after the store applied it (its answer lost), or
 * the deletes of values fail; each failure is a {@link StoreUnavailableException}, the only one after which the
 * mapper cannot know what the store did, so it leaves the store as a dead process would.
 */
final class CrashingBackend extends ForwardingBackend {
  private final Values values;
  private volatile boolean crashBeforeWrite;
  private volatile boolean crashAfterWrite;
  private volatile boolean crashOnValueDelete;
  private volatile Runnable beforeValueGet;

  CrashingBackend(TableBackend delegate) {
    super(delegate, Async.THROUGH_BLOCKING_CALLS);
    this.values = delegate.outOfRowValues().map(Values::new).orElse(null);
  }

  /** The next write or batch dies before the store sees it. */
  CrashingBackend crashBeforeNextWrite() {
    crashBeforeWrite = true;
    return this;
  }

  /** The next write or batch is applied, then its answer is lost. */
  CrashingBackend crashAfterNextWrite() {
    crashAfterWrite = true;
    return this;
  }

  /** Every delete of a value dies until {@link #heal()}. */
  CrashingBackend crashOnValueDeletes() {
    crashOnValueDelete = true;
    return this;
  }

  /** Runs {@code action} once, just before the next read of a value reaches the store (another writer's race). */
  CrashingBackend beforeNextValueGet(Runnable action) {
    beforeValueGet = action;
    return this;
  }

  /** No more crashes. */
  void heal() {
    crashBeforeWrite = false;
    crashAfterWrite = false;
    crashOnValueDelete = false;
  }

  private void beforeWrite() {
    if (crashBeforeWrite) {
      crashBeforeWrite = false;
      throw new StoreUnavailableException("simulated crash before the transaction");
    }
  }

  private void afterWrite() {
    if (crashAfterWrite) {
      crashAfterWrite = false;
      throw new StoreUnavailableException("simulated crash after the transaction");
    }
  }

  @Override
  public Optional<OutOfRowValues> outOfRowValues() {
    return Optional.ofNullable(values);
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    beforeWrite();
    WriteResult result = delegate.write(table, operation);
    afterWrite();
    return result;
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    beforeWrite();
    List<WriteResult> results = delegate.batch(table, operations);
    afterWrite();
    return results;
  }

  /** The delegate's values, whose deletes may die. */
  private final class Values implements OutOfRowValues {
    private final OutOfRowValues store;

    Values(OutOfRowValues store) {
      this.store = store;
    }

    @Override
    public void put(String table, String name, byte[] value) {
      store.put(table, name, value);
    }

    @Override
    public Optional<byte[]> get(String table, String name) {
      Runnable action = beforeValueGet;
      if (action != null) {
        beforeValueGet = null;
        action.run();
      }
      return store.get(table, name);
    }

    @Override
    public boolean delete(String table, String name) {
      if (crashOnValueDelete) {
        throw new StoreUnavailableException("simulated crash before deleting a value");
      }
      return store.delete(table, name);
    }

    @Override
    public List<StoredValue> list(String table) {
      return store.list(table);
    }

    @Override
    public long deleteAll(String table) {
      return store.deleteAll(table);
    }
  }
}
