package io.tablemapper.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationListener;
import io.tablemapper.api.OperationType;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records every operation of a {@link io.tablemapper.api.TableMapper} in a Micrometer {@link MeterRegistry}:
 *
 * <pre>{@code
 * TableMapper mapper = TableMapper.builder()
 *     .backend(backend)
 *     .operationListener(new TableMapperMetrics(registry))
 *     .build();
 * }</pre>
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>name</th><th>type</th><th>tags</th><th>what</th></tr>
 *   <tr><td>{@value #OPERATIONS}</td><td>timer</td><td>all</td><td>each operation and its duration</td></tr>
 *   <tr><td>{@value #REQUESTS}</td><td>counter</td><td>all</td><td>requests sent to the store</td></tr>
 *   <tr><td>{@value #ROWS_READ}</td><td>counter</td><td>all</td><td>rows the store returned</td></tr>
 *   <tr><td>{@value #ROWS_WRITTEN}</td><td>counter</td><td>all</td><td>rows the store applied</td></tr>
 *   <tr><td>{@value #RETRIES}</td><td>counter</td><td>all</td><td>the backend's retries of requests (after
 *       transient and throttling answers)</td></tr>
 *   <tr><td>{@value #THROTTLED}</td><td>counter</td><td>all</td><td>answers that refused a request as too busy
 *       (HTTP 429, 503 {@code ServerBusy})</td></tr>
 *   <tr><td>{@value #THROTTLED_PARTITIONS}</td><td>counter</td><td>{@code table}, {@code partition}, the common
 *       tags</td><td>the same answers by the partition the operation addressed: the hot partitions</td></tr>
 * </table>
 *
 * <p>Every meter but {@value #THROTTLED_PARTITIONS} carries the same tags, so that any of them can be summed over the
 * others: {@code table};
 * {@code entity} (the entity class's simple name, or {@code none}); {@code operation} ({@code query},
 * {@code insert}, {@code batch}, ... as {@link OperationType}, lower case); {@code method} (the repository method
 * of a query, such as {@code EmployeeRepository.findByEmail}, or {@code none}); {@code kind} (a query's
 * {@link io.tablemapper.api.QueryKind}, lower case: {@code point}, {@code range}, {@code partition_scan},
 * {@code table_scan}; or {@code none}); {@code outcome} ({@code success} or {@code failure}); {@code exception}
 * (the simple name of the exception a failed operation threw, or {@code none}); and the common tags given to the
 * constructor. Their values are bounded: tables, classes and repository methods are the application's own.
 *
 * <p>{@value #THROTTLED_PARTITIONS} is tagged by {@code table} and {@code partition}: the PartitionKey of the
 * throttled operation ({@link OperationEvent#partitionKey()}), or {@code several} for one that addressed several.
 * PartitionKeys are the application's data, so their number is not bounded: a partition gets a meter of its own only
 * when it is throttled, and only the first {@value #DEFAULT_PARTITION_LIMIT} partitions throttled (or as many as
 * {@link #TableMapperMetrics(MeterRegistry, Iterable, int)} allows; 0 for none) do, later ones counting under
 * {@code partition=other}. A hot partition is throttled again and again, so it is among the first.
 *
 * <p>Thread-safe; one instance may serve several mappers (give each its own common tags to tell them apart).
 */
public final class TableMapperMetrics implements OperationListener {
  /** The timer of every operation: {@value}. */
  public static final String OPERATIONS = "tablemapper.operations";
  /** The counter of requests sent to the store: {@value}. */
  public static final String REQUESTS = "tablemapper.requests";
  /** The counter of rows the store returned: {@value}. */
  public static final String ROWS_READ = "tablemapper.rows.read";
  /** The counter of rows the store applied: {@value}. */
  public static final String ROWS_WRITTEN = "tablemapper.rows.written";

  /** The counter of the backend's retries of requests: {@value}. */
  public static final String RETRIES = "tablemapper.retries";
  /** The counter of answers that refused a request as too busy: {@value}. */
  public static final String THROTTLED = "tablemapper.throttled";
  /** The counter of answers that refused a request as too busy, by table and partition: {@value}. */
  public static final String THROTTLED_PARTITIONS = "tablemapper.throttled.partitions";
  /** How many throttled partitions get a meter of their own by default: {@value}. */
  public static final int DEFAULT_PARTITION_LIMIT = 100;

  private static final String NONE = "none";
  private static final String OTHER = "other";

  private final MeterRegistry registry;
  private final Tags commonTags;
  private final int partitionLimit;
  private final Map<Key, Meters> meters = new ConcurrentHashMap<>();
  private final Map<Partition, Counter> partitions = new ConcurrentHashMap<>();

  /** Records into {@code registry}, with no common tags. */
  public TableMapperMetrics(MeterRegistry registry) {
    this(registry, Tags.empty());
  }

  /**
   * Records into {@code registry}, adding {@code commonTags} to every meter (for example {@code mapper=orders} where
   * an application has several mappers).
   */
  public TableMapperMetrics(MeterRegistry registry, Iterable<Tag> commonTags) {
    this(registry, commonTags, DEFAULT_PARTITION_LIMIT);
  }

  /**
   * Records into {@code registry} with {@code commonTags}, giving at most {@code partitionLimit} throttled
   * partitions a meter of their own in {@value #THROTTLED_PARTITIONS} (0: none; all count under
   * {@code partition=other}).
   *
   * @throws IllegalArgumentException if {@code partitionLimit} is negative
   */
  public TableMapperMetrics(MeterRegistry registry, Iterable<Tag> commonTags, int partitionLimit) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.commonTags = Tags.of(Objects.requireNonNull(commonTags, "commonTags"));
    if (partitionLimit < 0) {
      throw new IllegalArgumentException(
          "partitionLimit is " + partitionLimit + "; give 0 (no partition tags) or more, such as 100");
    }
    this.partitionLimit = partitionLimit;
  }

  @Override
  public void onOperation(OperationEvent event) {
    Meters of = meters.computeIfAbsent(Key.of(event), this::register);
    of.operations.record(event.duration());
    of.requests.increment(event.requests());
    of.rowsRead.increment(event.rowsRead());
    of.rowsWritten.increment(event.rowsWritten());
    of.retries.increment(event.retries());
    if (event.throttled() > 0) {
      of.throttled.increment(event.throttled());
      partition(event).increment(event.throttled());
    }
  }

  /** The counter of throttled answers of the event's partition, or of {@code other} past the limit. */
  private Counter partition(OperationEvent event) {
    String table = event.table() == null ? NONE : event.table();
    Partition key = new Partition(table, event.partitionKey() == null ? "several" : event.partitionKey());
    Counter counter = partitions.get(key);
    if (counter != null) {
      return counter;
    }
    synchronized (partitions) {
      Partition counted = partitions.size() < partitionLimit ? key : new Partition(table, OTHER);
      return partitions.computeIfAbsent(counted, this::register);
    }
  }

  private Counter register(Partition partition) {
    return Counter.builder(THROTTLED_PARTITIONS)
        .description("answers that refused tablemapper's requests as too busy, by the partition addressed")
        .tags(commonTags.and(Tag.of("table", partition.table), Tag.of("partition", partition.partitionKey)))
        .register(registry);
  }

  private record Partition(String table, String partitionKey) {}

  private Meters register(Key key) {
    Tags tags = commonTags.and(
        Tag.of("table", key.table),
        Tag.of("entity", key.entity),
        Tag.of("operation", key.operation),
        Tag.of("method", key.method),
        Tag.of("kind", key.kind),
        Tag.of("outcome", key.exception.equals(NONE) ? "success" : "failure"),
        Tag.of("exception", key.exception));
    return new Meters(
        Timer.builder(OPERATIONS).description("tablemapper operations: each one and its duration")
            .tags(tags).register(registry),
        Counter.builder(REQUESTS).description("requests tablemapper operations sent to the store")
            .tags(tags).register(registry),
        Counter.builder(ROWS_READ).description("rows the store returned to tablemapper operations")
            .tags(tags).register(registry),
        Counter.builder(ROWS_WRITTEN).description("rows the store applied for tablemapper operations")
            .tags(tags).register(registry),
        Counter.builder(RETRIES).description("the backend's retries of tablemapper's requests")
            .tags(tags).register(registry),
        Counter.builder(THROTTLED).description("answers that refused tablemapper's requests as too busy")
            .tags(tags).register(registry));
  }

  /** The tag values of an event: the meters it is recorded in. */
  private record Key(String table, String entity, String operation, String method, String kind, String exception) {
    static Key of(OperationEvent event) {
      return new Key(
          orNone(event.table()),
          orNone(event.entity()),
          lower(event.type()),
          orNone(event.method()),
          event.kind() == null ? NONE : lower(event.kind()),
          event.failure() == null ? NONE : event.failure().getClass().getSimpleName());
    }

    private static String orNone(String value) {
      return value == null ? NONE : value;
    }

    private static String lower(Enum<?> value) {
      return value.name().toLowerCase(Locale.ROOT);
    }
  }

  private record Meters(Timer operations, Counter requests, Counter rowsRead, Counter rowsWritten, Counter retries,
      Counter throttled) {}

  @Override
  public String toString() {
    return "TableMapperMetrics[" + registry.getClass().getSimpleName() + (commonTags.stream().findAny().isPresent()
        ? ", " + commonTags : "") + "]";
  }
}
