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
 * </table>
 *
 * <p>Every meter carries the same tags, so that any of them can be summed over the others: {@code table};
 * {@code entity} (the entity class's simple name, or {@code none}); {@code operation} ({@code query},
 * {@code insert}, {@code batch}, ... as {@link OperationType}, lower case); {@code method} (the repository method
 * of a query, such as {@code EmployeeRepository.findByEmail}, or {@code none}); {@code kind} (a query's
 * {@link io.tablemapper.api.QueryKind}, lower case: {@code point}, {@code range}, {@code partition_scan},
 * {@code table_scan}; or {@code none}); {@code outcome} ({@code success} or {@code failure}); {@code exception}
 * (the simple name of the exception a failed operation threw, or {@code none}); and the common tags given to the
 * constructor. Their values are bounded: tables, classes and repository methods are the application's own.
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

  private static final String NONE = "none";

  private final MeterRegistry registry;
  private final Tags commonTags;
  private final Map<Key, Meters> meters = new ConcurrentHashMap<>();

  /** Records into {@code registry}, with no common tags. */
  public TableMapperMetrics(MeterRegistry registry) {
    this(registry, Tags.empty());
  }

  /**
   * Records into {@code registry}, adding {@code commonTags} to every meter (for example {@code mapper=orders} where
   * an application has several mappers).
   */
  public TableMapperMetrics(MeterRegistry registry, Iterable<Tag> commonTags) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.commonTags = Tags.of(Objects.requireNonNull(commonTags, "commonTags"));
  }

  @Override
  public void onOperation(OperationEvent event) {
    Meters of = meters.computeIfAbsent(Key.of(event), this::register);
    of.operations.record(event.duration());
    of.requests.increment(event.requests());
    of.rowsRead.increment(event.rowsRead());
    of.rowsWritten.increment(event.rowsWritten());
  }

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

  private record Meters(Timer operations, Counter requests, Counter rowsRead, Counter rowsWritten) {}

  @Override
  public String toString() {
    return "TableMapperMetrics[" + registry.getClass().getSimpleName() + (commonTags.stream().findAny().isPresent()
        ? ", " + commonTags : "") + "]";
  }
}
