package io.tablemapper.runtime.values;

import io.tablemapper.api.LargeValueNotFoundException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.function.Function;
import java.util.function.Supplier;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.runtime.observe.Operation;

/**
 * The values of {@code @Large} properties, stored out of their rows in the backend's {@link OutOfRowValues}: the
 * one place that knows their store, their fetch on read, the order of their writes and their clean-up.
 *
 * <p>A row holds a reference in place of each large value, in the format of {@link LargeReferences}; every write
 * names its values afresh, so a value is never overwritten. Order, so that no row ever references a missing value:
 *
 * <ol>
 *   <li>the new values are put ({@code LargeValueWrites.put}), before anything else of the write;
 *   <li>the entity group transaction writes the row that references them ({@code EgtWriter});
 * <li>the values the stored row referenced and the new one does not are deleted ({@code LargeValueWrites.replaced}); a
 * refused transaction deletes the values it put instead, one whose outcome is unknown leaves them.
 * </ol>
 *
 * A crash between the steps leaves only values that no row references: {@link #sweep} deletes those older than the
 * grace period. A writer whose transaction would be sent later than half the grace period after its values were put
 * gives up instead ({@code LargeValueWrites.late}), so a sweep never deletes a value whose row is still on its way.
 *
 * <p>Both paths run the same steps: a write's puts and deletes go through its {@code WriteChannel} (the blocking
 * calls, or the store's async ones: {@link OutOfRowValues#putAsync}, {@link OutOfRowValues#deleteAsync}); a read's
 * fetch ({@link #fetch}, and on the async path {@link #complete}, before the row is decoded) is one composition
 * ({@link LargeFetches}) over the blocking calls or the async ones ({@link OutOfRowValues#getAsync}, {@link
 * io.tablemapper.spi.TableBackend#getAsync} for the row read again).
 */
public final class LargeValues {
  private static final Log LOG = new Log(LargeValues.class);

  private final TableBackend backend;
  private final long maxValueSize;
  private final Duration grace;
  private final Discriminator discriminator;
  /** The tables this mapper stored or read large values of: those its background sweeps. */
  private final Set<String> tables = ConcurrentHashMap.newKeySet();
  /** The fetch of a read's values, which notes each table it reads in {@link #tables}. */
  private final LargeFetches fetches;

  /**
   * @param pool the mapper's read pool (null when reads run one after another), on which the values of one entity
   *     are fetched in parallel
   * @param discriminator which member of a hierarchy a row is ({@link #complete})
   */
  public LargeValues(TableBackend backend, long maxValueSize, Duration grace, Supplier<Executor> pool,
      Discriminator discriminator) {
    this.backend = backend;
    this.discriminator = discriminator;
    this.maxValueSize = maxValueSize;
    this.grace = grace;
    this.fetches = new LargeFetches(backend, pool, tables);
  }



  /**
   * The row without the references of the {@code @Large} properties of its member mapping ({@link #member}), to
   * decode an entity without fetching its values. Only those properties: another property (an indexed String, say)
   * whose value merely looks like a reference keeps its value.
   */
  public TableRow withoutReferences(EntityMapping<?> mapping, TableRow row) {
    EntityMapping<?> member = member(mapping, row);
    if (member == null) {
      return row;
    }
    TableRow.Builder stripped = null;
    for (String property : member.largeProperties()) {
      if (LargeReferences.referenced(row.get(property)) != null) {
        if (stripped == null) {
          stripped = row.toBuilder();
        }
        stripped.put(property, null);
      }
    }
    return stripped == null ? row : stripped.build();
  }

  /** The backend's space for values; refused with a clear message where the backend has none. */
  public OutOfRowValues store(EntityMapping<?> mapping) {
    return LargeFetches.store(backend, mapping);
  }

  /**
   * The row with the values of the mapping's large properties in place of their references, fetched in parallel
   * when there are several. A value found missing makes the row be read again, as a write may have replaced it
   * (and deleted the value) since it was read; the row read again then stands for it. Within {@link #inPlace} (a row
   * whose values the async path fetched before decoding it), the row as it is.
   *
   * @throws LargeValueNotFoundException if a value the row (as read again) references is missing
   */
  public TableRow fetch(EntityMapping<?> mapping, TableRow row) {
    if (IN_PLACE.get() != null) {
      return row;
    }
    return fetches.fetch(mapping, row);
  }

  /**
   * A read's row with its values in place, on the async path: the values of the row's {@code @Large} properties
   * fetched with the store's async calls (several at once), before the row is decoded, so that decoding does no I/O
   * ({@link #inPlace}); the rules of {@link #fetch} (a missing value reads the row again; {@link
   * LargeValueNotFoundException}). The row as it is when its mapping (that of its type, in a hierarchy) has no
   * {@code @Large} properties or it references no value. The one step the async read path adds for large values:
   * it takes a row and gives the future of the row to decode.
   *
   * @param executor where a store without an async client of its own runs its blocking calls
   */
  CompletableFuture<TableRow> complete(EntityMapping<?> mapping, TableRow row, Executor executor) {
    EntityMapping<?> member = member(mapping, row);
    if (member == null) {
      return CompletableFuture.completedFuture(row);
    }
    return fetches.fetchAsync(member, row, executor);
  }

  /**
   * {@link #complete} for the rows of one page, all at once: the rows to decode, in order.
   *
   * @param mappingOf the mapping each row is read with: for a table per period that of the row's own table (the
   *     entity's mapping names only the template of its tables), so values are named after and rows read again
   *     from the table the row is in
   */
  public CompletableFuture<List<TableRow>> completeAll(Function<TableRow, ? extends EntityMapping<?>> mappingOf,
      List<TableRow> rows, Executor executor) {
    // the tables of a period differ in name only: what one row's mapping holds, every row's does
    if (rows.isEmpty() || !fetches(mappingOf.apply(rows.get(0)))) {
      return CompletableFuture.completedFuture(rows);
    }
    List<CompletableFuture<TableRow>> completed = new ArrayList<>(rows.size());
    for (TableRow row : rows) {
      completed.add(complete(mappingOf.apply(row), row, executor));
    }
    return CompletableFuture.allOf(completed.toArray(CompletableFuture[]::new))
        .thenApply(all -> completed.stream().map(CompletableFuture::join).toList());
  }

  /**
   * Decodes rows whose values {@link #complete} put in place: {@link #fetch} returns them as they are meanwhile (on
   * this thread), so that no value is fetched twice and no value that happens to look like a reference is taken
   * for one.
   */
  public static void inPlace(Runnable decode) {
    Boolean outer = IN_PLACE.get();
    IN_PLACE.set(Boolean.TRUE);
    try {
      decode.run();
    } finally {
      if (outer == null) {
        IN_PLACE.remove();
      }
    }
  }

  /** Set while {@link #inPlace} decodes. */
  private static final ThreadLocal<Boolean> IN_PLACE = new ThreadLocal<>();

  /**
   * The mapping whose {@code @Large} properties a row read through {@code mapping} holds: the mapping itself, or in
   * a hierarchy the member of the row's type (the first with large properties when the row names no type, as a
   * projection's); null when it has none.
   */
  EntityMapping<?> member(EntityMapping<?> mapping, TableRow row) {
    if (!(mapping instanceof Hierarchy)) {
      return mapping.largeProperties().isEmpty() ? null : mapping;
    }
    String type = discriminator.typeOf(row);
    for (EntityMapping<?> each : Hierarchy.members(mapping)) {
      if (!each.largeProperties().isEmpty() && (type == null || each.typeName().equals(type))) {
        return each;
      }
    }
    return null;
  }

  /**
   * What rows read as, in order (null where the reader returns null): read in parallel on the pool when there are
   * several and their mapping has {@code @Large} properties, as each row then waits for its values; otherwise one
   * after another on the caller's thread. The caller runs any read the pool has not started, so nothing starves.
   */
  public static <R> List<R> readAll(EntityMapping<?> mapping, List<TableRow> rows, Function<TableRow, R> reader,
      Supplier<Executor> pool) {
    Executor executor = rows.size() > 1 && fetches(mapping) ? pool.get() : null;
    List<R> results = new ArrayList<>(rows.size());
    if (executor == null) {
      for (TableRow row : rows) {
        results.add(reader.apply(row));
      }
      return results;
    }
    Operation operation = Operation.current(); // the reads' requests count into it, from the pool's threads
    List<FutureTask<R>> tasks = new ArrayList<>(rows.size());
    for (TableRow row : rows) {
      FutureTask<R> task = new FutureTask<>(() -> Operation.within(operation, () -> reader.apply(row)));
      tasks.add(task);
      executor.execute(task);
    }
    for (FutureTask<R> task : tasks) {
      task.run();
      try {
        results.add(task.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TableMapperException("interrupted while reading entities with @Large values", e);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException) {
          throw (RuntimeException) cause;
        }
        if (cause instanceof Error) {
          throw (Error) cause;
        }
        throw new TableMapperException("cannot read entities with @Large values", cause);
      }
    }
    return results;
  }

  /** Whether reads through a mapping fetch values: it, or a member of its hierarchy, has {@code @Large} ones. */
  public static boolean fetches(EntityMapping<?> mapping) {
    for (EntityMapping<?> member : Hierarchy.members(mapping)) {
      if (!member.largeProperties().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Deletes the values of a table that no row references and that were stored before the grace period: those a
   * crash left between the steps of a write, or a failure to delete replaced ones.
   *
   * @return how many were deleted
   */
  public long sweep(String table) {
    Optional<OutOfRowValues> store = backend.outOfRowValues();
    if (store.isEmpty()) {
      return 0;
    }
    Instant before = Instant.now().minus(grace);
    long deleted = 0;
    for (OutOfRowValues.StoredValue value : store.get().list(table)) {
      if (!value.stored().isBefore(before) && !grace.isZero()) {
        continue;
      }
      TableRow owner = LargeReferences.owner(value.name());
      if (owner == null) {
        LOG.warn("the large value {} of table {} has a name of no known format; left alone", value.name(), table);
        continue;
      }
      TableRow row;
      try {
        row = backend.get(table, owner.partitionKey(), owner.rowKey()).orElse(null);
      } catch (TableNotFoundException gone) {
        row = null;
      }
      if (!LargeReferences.references(row).contains(value.name()) && store.get().delete(table, value.name())) {
        deleted++;
      }
    }
    LOG.debug("swept {} unreferenced large value(s) of table {}", deleted, table);
    return deleted;
  }

  /** The largest value this mapper stores out of a row ({@code maxLargeValueSize}). */
  public long maxValueSize() {
    return maxValueSize;
  }

  /** Notes that a table has values, for the sweeps of the background completer. */
  public void noted(String table) {
    tables.add(table);
  }

  /** The backend's space for values, if it has one. */
  public Optional<OutOfRowValues> outOfRowValues() {
    return backend.outOfRowValues();
  }

  /** The grace period: how old an unreferenced value must be before a sweep deletes it. */
  public Duration grace() {
    return grace;
  }

  /**
   * Sweeps every table this mapper stored or read large values of ({@link #sweep}); a table that fails is logged
   * and left for the next time. What the background completer runs once per grace period.
   */
  public void sweepKnown() {
    for (String table : List.copyOf(tables)) {
      try {
        long deleted = sweep(table);
        if (deleted > 0) {
          LOG.info("deleted {} large value(s) of table {} that no row references (left by a crash or a failed"
              + " delete)", deleted, table);
        }
      } catch (TableMapperException e) {
        LOG.warn("the background sweep of the large values of table {} failed; it is retried: {}", table,
            e.toString());
      }
    }
  }

  /** Deletes every value of a dropped table. */
  public void dropped(String table) {
    tables.remove(table);
    backend.outOfRowValues().ifPresent(store -> store.deleteAll(table));
  }
}
