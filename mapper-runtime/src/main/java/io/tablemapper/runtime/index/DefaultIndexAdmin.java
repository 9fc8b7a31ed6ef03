package io.tablemapper.runtime.index;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexProgressListener;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.IndexStateRows;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@link IndexAdmin} of one entity class of one mapper: its index states as its state row records them
 * ({@link io.tablemapper.runtime.store.IndexStates}), its runs ({@link IndexRun}) and drops ({@link IndexDrop}).
 * Immutable: the rate limit and the listener make copies.
 *
 * @param <T> the entity class
 */
public final class DefaultIndexAdmin<T> implements IndexAdmin {
  private final IndexParts parts;
  private final Lifecycle lifecycle;
  private final EntityMapping<T> mapping;
  private final double entitiesPerSecond;
  private final IndexProgressListener listener;

  /**
   * The admin of a concrete entity class with one table.
   *
   * @throws TableMapperException if the class's entities live in a table per period
   */
  public DefaultIndexAdmin(IndexParts parts, Lifecycle lifecycle, EntityMapping<T> mapping) {
    this(parts, lifecycle, mapping, 0, null);
    if (mapping.tableTemplate() != null) {
      throw new TableMapperException("cannot administer the indexes of " + mapping.entityClass().getName()
          + ": its entities live in a table per period (" + mapping.tableTemplate() + "), whose indexes have no"
          + " recorded state; each period's table is written with every index its class declares");
    }
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
    return IndexStateRows.indexes(row());
  }

  @Override
  public IndexState state(String index) {
    declaredIndex(index);
    IndexState state = IndexStateRows.state(row(), index);
    return state != null ? state : IndexState.NOT_BUILT;
  }

  @Override
  public IndexReport build(String index) {
    return run(index, IndexRun.Mode.BUILD);
  }

  @Override
  public IndexReport verify(String index) {
    return run(index, IndexRun.Mode.VERIFY);
  }

  @Override
  public IndexReport repair(String index) {
    return run(index, IndexRun.Mode.REPAIR);
  }

  @Override
  public IndexReport drop(String index) {
    Objects.requireNonNull(index, "index");
    if (declared().contains(index)) {
      throw new IllegalArgumentException("cannot drop index '" + index + "' of " + mapping.entityClass().getName()
          + ": the class still declares it, and its writers keep its rows; remove the @Index first");
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
    if (mapping.wide()) {
      throw new TableMapperException("cannot " + mode.name().toLowerCase(java.util.Locale.ROOT) + " index '" + index
          + "' of " + mapping.entityClass().getName() + ": index runs over wide entities (rows split in parts) are"
          + " not supported; every wide entity written with the index has its rows");
    }
    lifecycle.checkOpen();
    parts.states().writing(mapping); // the state row names the class's indexes
    return new IndexRun<>(parts, mapping, declared, mode, entitiesPerSecond, listener).run();
  }

  /** The state row, read afresh, once the class's indexes are registered in it. */
  private TableRow row() {
    lifecycle.checkOpen();
    parts.states().writing(mapping);
    return parts.states().refresh(mapping);
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
