package io.tablemapper.backend.memory;

import io.tablemapper.api.MapperScope;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.RequestTally;
import io.tablemapper.spi.RetryBudget;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * A {@link TableBackend} that serves another as Azure Table Storage's scalability targets allow: each partition
 * (a table's PartitionKey) at most {@link Builder#partitionRate} entities per second (2,000 by default, the
 * service's target for one partition), the whole account at most {@link Builder#accountRate} (20,000, the target of
 * a storage account's Table service). A request beyond either is refused as the service refuses it (503
 * {@code ServerBusy}) and retried as the Azure backend's client retries it, by a {@link RetryBudget} with jittered
 * back-off; once the budget is spent it fails with {@link StoreBusyException} naming the table and the partition.
 * Each request reports its retries and refusals to the caller's {@link RequestTally}, as the Azure backend does, so
 * an {@code OperationEvent} counts them.
 *
 * <pre>{@code
 * TableBackend store = ScalabilitySimulator.over(new InMemoryBackend()).build();
 * }</pre>
 *
 * <p>Each rate is a token bucket holding at most {@link Builder#burst} worth of its rate (100 ms by default), so a
 * quiet partition may take a short burst. What a request costs: a point read or a write 1 entity, a batch one per
 * operation, a query page one per row returned (at least 1, charged to its partition when it reads one, else to
 * the account only); creating, listing, checking and deleting tables cost nothing. A request is admitted when both
 * buckets it draws on hold its cost (or are full, for a batch larger than a bucket); a query's rows past the first
 * are charged after it ran, which may leave a bucket owing. Time comes from a {@link Ticker} that tests replace
 * ({@link Ticker#manual()}), so they count requests rather than measure time.
 *
 * <p>A simulation of the targets, not of the service's partition servers: partitions are never split or merged
 * and the rates never change. Keeps a bucket per partition ever used. Thread-safe.
 */
public final class ScalabilitySimulator implements TableBackend {
  /** The service's target for one partition: 2,000 entities per second. */
  public static final int PARTITION_RATE = 2_000;
  /** The service's target for one account: 20,000 entities per second. */
  public static final int ACCOUNT_RATE = 20_000;

  private final TableBackend backend;
  private final int partitionRate;
  private final int accountRate;
  private final long burstNanos;
  private final RetryBudget retries;
  private final Ticker ticker;
  private final DoubleSupplier random;
  private final Bucket account;
  private final Map<String, Bucket> partitions = new HashMap<>();
  private final AtomicLong refusals = new AtomicLong();
  private final AtomicLong retried = new AtomicLong();

  private ScalabilitySimulator(Builder builder) {
    this.backend = builder.backend;
    this.partitionRate = builder.partitionRate;
    this.accountRate = builder.accountRate;
    this.burstNanos = builder.burst.toNanos();
    this.retries = builder.retries;
    this.ticker = builder.ticker;
    this.random = builder.random;
    this.account = new Bucket(accountRate, burstNanos, ticker.nanoTime());
  }

  /** Starts a simulator over {@code backend}, with the service's targets and {@link RetryBudget#DEFAULT}. */
  public static Builder over(TableBackend backend) {
    return new Builder(Objects.requireNonNull(backend, "backend"));
  }

  /** The requests refused as too busy so far (each attempt counted, retried or not). */
  public long refusals() {
    return refusals.get();
  }

  /** The retries made so far, after refusals. */
  public long retries() {
    return retried.get();
  }

  /** The backend this one serves. */
  public TableBackend simulated() {
    return backend;
  }

  // ------------------------------------------------------------------ requests, charged

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    return admitted(table, partitionKey, 1, "read", () -> backend.get(table, partitionKey, rowKey));
  }

  @Override
  public QueryResult query(TableQuery query) {
    String partition = query.singlePartition();
    QueryResult result = admitted(query.table(), partition, 1, "query", () -> backend.query(query));
    if (result.rows().size() > 1) {
      owe(query.table(), partition, result.rows().size() - 1);
    }
    return result;
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    return admitted(table, operation.row().partitionKey(), 1, "write", () -> backend.write(table, operation));
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    String partition = operations.isEmpty() ? null : operations.get(0).row().partitionKey();
    return admitted(table, partition, Math.max(1, operations.size()), "batch", () -> backend.batch(table, operations));
  }

  // The async path runs the blocking calls on the executor, reporting to the sink of the thread that called.

  @Override
  public CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    return onExecutor(tallied(() -> get(table, partitionKey, rowKey)), executor);
  }

  @Override
  public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    return onExecutor(tallied(() -> query(query)), executor);
  }

  @Override
  public CompletableFuture<WriteResult> writeAsync(String table, WriteOperation operation, Executor executor) {
    return onExecutor(tallied(() -> write(table, operation)), executor);
  }

  @Override
  public CompletableFuture<List<WriteResult>> batchAsync(
      String table, List<WriteOperation> operations, Executor executor) {
    return onExecutor(tallied(() -> batch(table, operations)), executor);
  }

  private static <R> Supplier<R> tallied(Supplier<R> call) {
    RequestTally.Sink sink = RequestTally.current();
    return () -> RequestTally.within(sink, call);
  }

  /**
   * Sends {@code call} once both buckets admit {@code cost}, retrying refusals by the budget; reports its retries
   * and refusals to the caller's tally, and fails with {@link StoreBusyException} once the budget is spent.
   */
  private <R> R admitted(String table, String partitionKey, int cost, String what, Supplier<R> call) {
    RequestTally.Sink tally = RequestTally.current();
    int allowed = retries.retries();
    for (int attempt = 0; ; attempt++) {
      String refused = admit(table, partitionKey, cost);
      if (refused == null) {
        tally.attempted(attempt, attempt);
        return call.get();
      }
      refusals.incrementAndGet();
      if (attempt >= allowed) {
        tally.attempted(attempt, attempt + 1);
        throw busy(table, partitionKey, what, refused, attempt + 1);
      }
      retried.incrementAndGet();
      if (!ticker.sleep(retries.delay(attempt + 1, random).toNanos())) {
        tally.attempted(attempt, attempt + 1);
        Thread.currentThread().interrupt();
        throw new StoreBusyException("interrupted while waiting to retry a " + what + " of table '" + table
            + "' that the store refused as busy; nothing was sent", table, partitionKey, null);
      }
    }
  }

  /** Null if both buckets admit the cost (and take it), else which of them refused. */
  private synchronized String admit(String table, String partitionKey, int cost) {
    long now = ticker.nanoTime();
    Bucket partition = partitionKey == null ? null : partition(table, partitionKey, now);
    if (partition != null && !partition.holds(cost, now)) {
      return "partition";
    }
    if (!account.holds(cost, now)) {
      return "account";
    }
    account.take(cost);
    if (partition != null) {
      partition.take(cost);
    }
    return null;
  }

  /** Charges rows read past a request's first, after it ran. */
  private synchronized void owe(String table, String partitionKey, int cost) {
    long now = ticker.nanoTime();
    account.holds(cost, now);
    account.take(cost);
    if (partitionKey != null) {
      Bucket partition = partition(table, partitionKey, now);
      partition.holds(cost, now);
      partition.take(cost);
    }
  }

  private Bucket partition(String table, String partitionKey, long now) {
    return partitions.computeIfAbsent(table.toLowerCase(Locale.ROOT) + '\u0000' + partitionKey,
        key -> new Bucket(partitionRate, burstNanos, now));
  }

  private StoreBusyException busy(String table, String partitionKey, String what, String refused, int attempts) {
    String target = refused.equals("partition")
        ? "partition '" + partitionKey + "' of table '" + table + "' is over its target of " + partitionRate
            + " entities per second; spread the load over more partitions (a PartitionKey that is not a constant,"
            + " a time or a counter), or slow its writers down"
        : "the account is over its target of " + accountRate + " entities per second (the request addressed "
            + (partitionKey == null ? "several partitions" : "partition '" + partitionKey + "'") + " of table '"
            + table + "'); slow the writers down or spread them over more storage accounts";
    return new StoreBusyException("cannot " + what + " table '" + table + "': the store answered 503 ServerBusy to"
        + " each of " + attempts + (attempts == 1 ? " attempt" : " attempts") + " (" + retries.describe() + "): "
        + target + "; or give the backend a larger retry budget", table, partitionKey, null);
  }

  // ------------------------------------------------------------------ the rest, as the simulated backend does it

  @Override
  public boolean createTableIfNotExists(String table) {
    return backend.createTableIfNotExists(table);
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    return backend.deleteTableIfExists(table);
  }

  @Override
  public boolean tableExists(String table) {
    return backend.tableExists(table);
  }

  @Override
  public List<String> listTables(String prefix) {
    return backend.listTables(prefix);
  }

  @Override
  public StoreProfile profile() {
    return backend.profile();
  }

  /** The description of the store it simulates the targets over. */
  @Override
  public io.tablemapper.spi.StoreDescription description() {
    return backend.description();
  }

  @Override
  public Optional<OutOfRowValues> outOfRowValues() {
    return backend.outOfRowValues();
  }

  @Override
  public Optional<MapperScope> accessScope() {
    return backend.accessScope();
  }

  @Override
  public String name() {
    return backend.name() + " at Azure's scalability targets";
  }

  @Override
  public void close() {
    backend.close();
  }

  private static <R> CompletableFuture<R> onExecutor(Supplier<R> call, Executor executor) {
    return TableBackend.onExecutor(call, executor);
  }

  /** A token bucket: {@code rate} tokens a second, holding at most {@code rate * burst}, at least 1. */
  private static final class Bucket {
    private final double perNano;
    private final double capacity;
    private double tokens;
    private long at;

    Bucket(int rate, long burstNanos, long now) {
      this.perNano = rate / 1e9;
      this.capacity = Math.max(1, rate * (burstNanos / 1e9));
      this.tokens = capacity;
      this.at = now;
    }

    /** Refills to {@code now}; whether it holds {@code cost}, or is full. */
    boolean holds(int cost, long now) {
      if (now > at) {
        tokens = Math.min(capacity, tokens + (now - at) * perNano);
        at = now;
      }
      return tokens >= Math.min(cost, capacity);
    }

    void take(int cost) {
      tokens -= cost;
    }
  }

  /** The time a simulator refills its buckets by, and how it waits before a retry. */
  public interface Ticker {
    /** The real time: {@link System#nanoTime()}, waits parking the thread. */
    Ticker SYSTEM = new Ticker() {
      @Override
      public long nanoTime() {
        return System.nanoTime();
      }

      @Override
      public boolean sleep(long nanos) {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0; left = end - System.nanoTime()) {
          LockSupport.parkNanos(left);
          if (Thread.interrupted()) {
            return false;
          }
        }
        return true;
      }
    };

    /** Now, in nanoseconds from any origin. */
    long nanoTime();

    /** Waits {@code nanos}; false if interrupted (the interrupt then cleared). */
    boolean sleep(long nanos);

    /**
     * A ticker that only moves when told ({@link ManualTicker#advance}) or when a retry waits, which moves it by
     * the wait at once: a test counts admitted and refused requests without waiting.
     */
    static ManualTicker manual() {
      return new ManualTicker();
    }
  }

  /** A {@link Ticker} that moves only when told, or by the waits of retries. Thread-safe. */
  public static final class ManualTicker implements Ticker {
    private final AtomicLong now = new AtomicLong();

    private ManualTicker() {}

    @Override
    public long nanoTime() {
      return now.get();
    }

    @Override
    public boolean sleep(long nanos) {
      now.addAndGet(nanos);
      return true;
    }

    /** Moves the time on by {@code by}. */
    public void advance(Duration by) {
      now.addAndGet(by.toNanos());
    }

    /** The time waited and advanced so far. */
    public Duration elapsed() {
      return Duration.ofNanos(now.get());
    }
  }

  /** The configuration of a {@link ScalabilitySimulator}. */
  public static final class Builder {
    private final TableBackend backend;
    private int partitionRate = PARTITION_RATE;
    private int accountRate = ACCOUNT_RATE;
    private Duration burst = Duration.ofMillis(100);
    private RetryBudget retries = RetryBudget.DEFAULT;
    private Ticker ticker = Ticker.SYSTEM;
    private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();

    private Builder(TableBackend backend) {
      this.backend = backend;
    }

    /** The entities per second one partition serves: {@value ScalabilitySimulator#PARTITION_RATE} by default. */
    public Builder partitionRate(int entitiesPerSecond) {
      this.partitionRate = positive(entitiesPerSecond, "partitionRate");
      return this;
    }

    /** The entities per second the account serves: {@value ScalabilitySimulator#ACCOUNT_RATE} by default. */
    public Builder accountRate(int entitiesPerSecond) {
      this.accountRate = positive(entitiesPerSecond, "accountRate");
      return this;
    }

    /** How much of its rate a quiet bucket saves up: 100 ms by default (at least one entity). */
    public Builder burst(Duration burst) {
      if (burst.isNegative()) {
        throw new IllegalArgumentException("burst is " + burst + "; give zero or more, such as 100 ms");
      }
      this.burst = burst;
      return this;
    }

    /** How refused requests are retried: {@link RetryBudget#DEFAULT} by default, as the Azure backend's. */
    public Builder retries(RetryBudget retries) {
      this.retries = Objects.requireNonNull(retries, "retries");
      return this;
    }

    /** The time the buckets refill by and retries wait by: {@link Ticker#SYSTEM} by default. */
    public Builder ticker(Ticker ticker) {
      this.ticker = Objects.requireNonNull(ticker, "ticker");
      return this;
    }

    /** Where the jitter of the retries' waits comes from: values in [0, 1); random by default. */
    public Builder jitter(DoubleSupplier random) {
      this.random = Objects.requireNonNull(random, "random");
      return this;
    }

    /** The simulator. */
    public ScalabilitySimulator build() {
      return new ScalabilitySimulator(this);
    }

    private static int positive(int rate, String name) {
      if (rate < 1) {
        throw new IllegalArgumentException(name + " is " + rate + " entities per second; give 1 or more");
      }
      return rate;
    }
  }
}
