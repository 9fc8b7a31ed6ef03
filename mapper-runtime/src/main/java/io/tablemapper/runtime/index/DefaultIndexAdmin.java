package io.tablemapper.runtime.index;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexProgressListener;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.OperationType;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.IndexStateRows;
import io.tablemapper.runtime.store.IndexStates;
import io.tablemapper.runtime.store.PeriodTables;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@link IndexAdmin} of one entity class of one mapper: its index states as its state row records them
 * ({@link io.tablemapper.runtime.store.IndexStates}), its runs ({@link IndexRun}) and drops ({@link IndexDrop}).
 * Immutable: the rate limit and the listener make copies.
 *
 * <p>A class with a table per period keeps a state row per period's table (an index added to the class is new to the
 * periods written before): its admin works on each existing table in period order — an index is as ready as its
 * least ready table (ready when there is none), a run runs over each table and reports the sums (its listener hears
 * the counts of the tables before added to the current one's, and {@code finished} once, after the last), a drop
 * deletes the rows of every table that records the index.
 *
 * @param <T> the entity class
 */
public final class DefaultIndexAdmin<T> implements IndexAdmin {
  private final IndexParts parts;
  private final Lifecycle lifecycle;
  private final EntityMapping<T> mapping;
  private final double entitiesPerSecond;
  private final IndexProgressListener listener;

  /** The admin of a concrete entity class: of its one table, or of each of its tables per period. */
  public DefaultIndexAdmin(IndexParts parts, Lifecycle lifecycle, EntityMapping<T> mapping) {
    this(parts, lifecycle, mapping, 0, null);
  }

  private DefaultIndexAdmin(IndexParts parts, Lifecycle lifecycle, EntityMapping<T> mapping,
      double entitiesPerSecond, IndexProgressListener listener) {
    this.parts = parts;
    this.lifecycle = lifecycle;
    this.mapping = mapping;
    this.entitiesPerSecond = entitiesPerSecond;
    this.listener = listener;
  }

  @Override
  public Class<?> entityClass() {
    return mapping.entityClass();
  }

  @Override
  public List<String> declared() {
    List<String> names = new ArrayList<>();
    mapping.allIndexes().forEach(index -> names.add(index.name()));
    return names;
  }

  @Override
  public List<String> recorded() {
    return observed(OperationType.INDEX_STATE, "IndexAdmin.recorded()", this::recordedIndexes);
  }

  private List<String> recordedIndexes() {
    if (IndexStates.periodTemplate(mapping)) {
      Set<String> names = new LinkedHashSet<>();
      periods().forEach(period -> names.addAll(period.recordedIndexes()));
      return List.copyOf(names);
    }
    return IndexStateRows.indexes(row());
  }

  @Override
  public IndexState state(String index) {
    return observed(OperationType.INDEX_STATE, "IndexAdmin.state(" + index + ")", () -> stateOf(index));
  }

  private IndexState stateOf(String index) {
    declaredIndex(index);
    if (IndexStates.periodTemplate(mapping)) {
      IndexState least = IndexState.READY;
      for (DefaultIndexAdmin<T> period : periods()) {
        IndexState state = period.stateOf(index);
        least = state == IndexState.NOT_BUILT || least == IndexState.NOT_BUILT ? IndexState.NOT_BUILT
            : state == IndexState.BUILDING ? state : least;
      }
      return least;
    }
    IndexState state = IndexStateRows.state(row(), index);
    return state != null ? state : IndexState.NOT_BUILT;
  }

  @Override
  public IndexReport build(String index) {
    return observed(OperationType.INDEX_BUILD, "IndexAdmin.build(" + index + ")", () -> run(index,
        IndexRun.Mode.BUILD));
  }

  @Override
  public IndexReport verify(String index) {
    return observed(OperationType.INDEX_VERIFY, "IndexAdmin.verify(" + index + ")", () -> run(index,
        IndexRun.Mode.VERIFY));
  }

  @Override
  public IndexReport repair(String index) {
    return observed(OperationType.INDEX_REPAIR, "IndexAdmin.repair(" + index + ")", () -> run(index,
        IndexRun.Mode.REPAIR));
  }

  /**
   * Runs one call of the application's as one operation for the mapper's listeners and tracer, its requests under
   * it: named after the call ({@code IndexAdmin.build(email)}), of the entity's table (none for a table per period,
   * whose run spans its tables).
   */
  private <R> R observed(OperationType type, String call, Supplier<R> body) {
    String table = IndexStates.periodTemplate(mapping) ? null : mapping.table();
    return parts.listeners().observe(type, table, mapping.entityClass().getSimpleName(), call, null, null, body);
  }

  @Override
  public IndexReport drop(String index) {
    return observed(OperationType.INDEX_DROP, "IndexAdmin.drop(" + index + ")", () -> dropRows(index));
  }

  private IndexReport dropRows(String index) {
    Objects.requireNonNull(index, "index");
    if (declared().contains(index)) {
      throw new IllegalArgumentException("cannot drop index '" + index + "' of " + mapping.entityClass().getName()
          + ": the class still declares it, and its writers keep its rows; remove the @Index first");
    }
    if (IndexStates.periodTemplate(mapping)) {
      List<String> recorded = recordedIndexes();
      if (!recorded.contains(index)) {
        throw new IllegalArgumentException("cannot drop index '" + index + "' of " + mapping.entityClass().getName()
            + ": no table of " + mapping.tableTemplate() + " records an index of that name (they record " + recorded
            + ")");
      }
      long deleted = 0;
      for (DefaultIndexAdmin<T> period : periods()) {
        if (period.recordedIndexes().contains(index)) {
          deleted += period.listenerless().dropRows(index).copiesDeleted();
        }
      }
      IndexReport report = new IndexReport(index, 0, 0, deleted, 0, 0, 0, 0, List.of());
      if (listener != null) {
        listener.progress(index, report, 0, true);
      }
      return report;
    }
    TableRow row = row();
    List<String> recorded = IndexStateRows.indexes(row);
    if (!recorded.contains(index)) {
      throw new IllegalArgumentException("cannot drop index '" + index + "' of " + mapping.entityClass().getName()
          + ": table " + mapping.table() + " records no index of that name (it records " + recorded + ")");
    }
    long deleted = new IndexDrop(parts).drop(mapping, index, IndexStateRows.table(row, index));
    parts.states().update(mapping, stored -> IndexStateRows.without(stored, index));
    IndexReport report = new IndexReport(index, 0, 0, deleted, 0, 0, 0, 0, List.of());
    if (listener != null) {
      listener.progress(index, report, 0, true);
    }
    return report;
  }

  @Override
  public IndexAdmin rateLimit(double perSecond) {
    if (perSecond < 0 || Double.isNaN(perSecond)) {
      throw new IllegalArgumentException("rateLimit must be 0 (no limit) or a positive number of entities per"
          + " second, not " + perSecond);
    }
    return new DefaultIndexAdmin<>(parts, lifecycle, mapping, perSecond, listener);
  }

  @Override
  public IndexAdmin listener(IndexProgressListener progress) {
    return new DefaultIndexAdmin<>(parts, lifecycle, mapping, entitiesPerSecond,
        Objects.requireNonNull(progress, "listener"));
  }

  @Override
  public String toString() {
    return "IndexAdmin[" + mapping.entityClass().getName() + " in table " + mapping.table() + "]";
  }

  private IndexReport run(String index, IndexRun.Mode mode) {
    IndexMapping<T> declared = declaredIndex(index);
    if (IndexStates.periodTemplate(mapping)) {
      return runPeriods(index, mode);
    }

    lifecycle.checkOpen();
    parts.states().writing(mapping); // the state row names the class's indexes
    return new IndexRun<>(parts, mapping, declared, mode, entitiesPerSecond, listener).run();
  }

  /**
   * A run over each table of a table per period, in period order: the sums of their reports, the listener hearing
   * the counts of the tables before added to the current table's, and {@code finished} once, after the last.
   */
  private IndexReport runPeriods(String index, IndexRun.Mode mode) {
    IndexReport total = new IndexReport(index, 0, 0, 0, 0, 0, 0, 0, List.of());
    long[] partitions = {0};
    List<DefaultIndexAdmin<T>> periods = periods();
    for (int i = 0; i < periods.size(); i++) {
      IndexReport before = total;
      boolean last = i == periods.size() - 1;
      IndexProgressListener each = listener == null ? null : (name, soFar, done, finished) -> {
        listener.progress(name, sum(before, soFar), partitions[0] + done, finished && last);
        if (finished) {
          partitions[0] += done;
        }
      };
      DefaultIndexAdmin<T> period = new DefaultIndexAdmin<>(parts, lifecycle, periods.get(i).mapping,
          entitiesPerSecond, each);
      total = sum(total, period.run(index, mode)); // within this call's operation
    }
    if (periods.isEmpty() && listener != null) {
      listener.progress(index, total, 0, true);
    }
    return total;
  }

  private static IndexReport sum(IndexReport a, IndexReport b) {
    List<IndexReport.Conflict> details = new ArrayList<>(a.conflictDetails());
    details.addAll(b.conflictDetails());
    return new IndexReport(a.index(), a.entitiesRead() + b.entitiesRead(), a.copiesWritten() + b.copiesWritten(),
        a.copiesDeleted() + b.copiesDeleted(), a.missing() + b.missing(), a.orphans() + b.orphans(),
        a.stale() + b.stale(), a.conflicts() + b.conflicts(), details);
  }

  /** The admins of the existing tables of a table per period, in period order, without the listener. */
  private List<DefaultIndexAdmin<T>> periods() {
    lifecycle.checkOpen();
    List<DefaultIndexAdmin<T>> periods = new ArrayList<>();
    for (String table : new PeriodTables(parts.backend()).existing(mapping.tableTemplate())) {
      periods.add(new DefaultIndexAdmin<>(parts, lifecycle, mapping.inTable(table), entitiesPerSecond, null));
    }
    return periods;
  }

  private DefaultIndexAdmin<T> listenerless() {
    return listener == null ? this : new DefaultIndexAdmin<>(parts, lifecycle, mapping, entitiesPerSecond, null);
  }

  /**
   * The state row, read afresh (a request of the application's call), once the class's indexes are registered in it
   * (the mapper's bookkeeping).
   */
  private TableRow row() {
    lifecycle.checkOpen();
    parts.states().writing(mapping);
    return parts.states().refreshAsked(mapping);
  }

  private IndexMapping<T> declaredIndex(String index) {
    Objects.requireNonNull(index, "index");
    for (IndexMapping<T> each : mapping.allIndexes()) {
      if (each.name().equals(index)) {
        return each;
      }
    }
    throw new IllegalArgumentException("" + mapping.entityClass().getName() + " declares no index '" + index
        + "'; it declares " + declared());
  }
}
