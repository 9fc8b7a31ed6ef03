package io.tablemapper.tck;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.support.ForwardingBackend;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * One process's view of a shared store, with the faults a network and a process bring, drawn from a seeded random
 * source: a pause before a request is sent and after its answer came (which reorders what concurrent writers see
 * and apply), a request refused before it is sent (an unreachable store), a write applied whose answer is lost (a
 * timeout after the store acted), and the process's death, after which every request of this view fails. Async
 * calls go through the blocking ones ({@link Async#THROUGH_BLOCKING_CALLS}), so both paths meet the same faults.
 * Closing it leaves the shared store open: the history closes that once, at its end.
 */
final class FaultyStore extends ForwardingBackend {
  /**
   * What a view does to its requests, each a probability per request: a pause of up to {@code maxPauseMillis} before
   * it is sent and after its answer; after the answer of a read, a long pause of {@code longPauseMillis} to twice that
   * (long enough for another writer's whole write and its index work to pass the reader); a refusal; a lost answer.
   * After request {@code dieAfter} every request fails.
   */
  record Faults(double pause, int maxPauseMillis, double longPause, int longPauseMillis, double refuse,
      double ambiguous, long dieAfter) {
    @Override
    public String toString() {
      return "pause " + pause + " up to " + maxPauseMillis + " ms, long pause " + longPause + " of "
          + longPauseMillis + " ms, refuse " + refuse + ", ambiguous " + ambiguous
          + (dieAfter == Long.MAX_VALUE ? "" : ", dies after request " + dieAfter);
    }
  }

  /** The exception of a fault: a {@code StoreUnavailableException}, as a backend throws for the same cause. */
  static final class Injected extends StoreUnavailableException {
    private static final long serialVersionUID = 1L;

    Injected(String message) {
      super(message);
    }
  }

  private final String name;
  private final Faults faults;
  private final SplittableRandom random;
  private final History history;
  private final AtomicLong requests = new AtomicLong();
  private volatile boolean dead;

  FaultyStore(TableBackend store, String name, Faults faults, long seed, History history) {
    super(store, Async.THROUGH_BLOCKING_CALLS);
    this.name = name;
    this.faults = faults;
    this.random = new SplittableRandom(seed);
    this.history = history;
  }

  boolean dead() {
    return dead;
  }

  private synchronized double draw() {
    return random.nextDouble();
  }

  private synchronized int pauseMillis(int most) {
    return 1 + random.nextInt(Math.max(1, most));
  }

  private void pause() {
    if (faults.pause() > 0 && draw() < faults.pause()) {
      sleep(pauseMillis(faults.maxPauseMillis()));
    }
  }

  private void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Injected(name + ": interrupted while paused");
    }
  }

  /** Counts the request, and fails it if this process is dead or the request is refused. */
  private void send(String what) {
    long n = requests.incrementAndGet();
    if (!dead && n > faults.dieAfter()) {
      dead = true;
      history.fault(name + " died before request " + n + " (" + what + ")");
    }
    if (dead) {
      throw new Injected(name + " is dead: " + what + " not sent");
    }
    if (faults.refuse() > 0 && draw() < faults.refuse()) {
      history.fault(name + " refused " + what);
      throw new Injected(name + ": store unreachable, " + what + " not sent");
    }
    pause();
  }

  private <R> R read(String what, Supplier<R> call) {
    send(what);
    R result = call.get();
    pause();
    if (faults.longPause() > 0 && draw() < faults.longPause()) {
      // what the reader then writes rests on what it read, which a writer meanwhile changes
      sleep(faults.longPauseMillis() + pauseMillis(faults.longPauseMillis()));
    }
    return result;
  }

  private <R> R written(String what, Supplier<R> call) {
    send(what);
    R result = call.get();
    if (faults.ambiguous() > 0 && draw() < faults.ambiguous()) {
      history.fault(name + " lost the answer of " + what);
      throw new Injected(name + ": timed out waiting for the answer of " + what + " (it was applied)");
    }
    pause();
    return result;
  }

  private void alive(String what) {
    send(what);
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    return read("get " + table + " " + partitionKey + "/" + rowKey,
        () -> delegate.get(table, partitionKey, rowKey));
  }

  @Override
  public QueryResult query(TableQuery query) {
    return read("query " + query.table(), () -> delegate.query(query));
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    return written("write " + table + " " + operation.row().partitionKey() + "/" + operation.row().rowKey(),
        () -> delegate.write(table, operation));
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    return written("batch of " + operations.size() + " " + table + " " + operations.get(0).row().partitionKey(),
        () -> delegate.batch(table, operations));
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    alive("create " + table);
    return delegate.createTableIfNotExists(table);
  }

  @Override
  public boolean tableExists(String table) {
    alive("exists " + table);
    return delegate.tableExists(table);
  }

  @Override
  public List<String> listTables(String prefix) {
    alive("list tables");
    return delegate.listTables(prefix);
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    alive("drop " + table);
    return delegate.deleteTableIfExists(table);
  }

  /** Leaves the shared store open. */
  @Override
  public void close() {}
}
