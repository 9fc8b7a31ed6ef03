package io.tablemapper.runtime.store;

import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.IndexNotReadyException;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.rows.IndexStateRows;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * What one mapper knows of the state of its entity types' indexes ({@link IndexStateRows}, one row per table and
 * type): read once per type and kept, read again only while an index a query asks for is not {@link
 * IndexState#READY}, so a query through a ready index costs no request.
 *
 * <p><b>Registration</b>: when a mapper first writes (or queries) an entity type with indexes, it records in the
 * type's row each index it declares that the row does not name yet: {@link IndexState#READY} when the table held
 * no entity of the type before that write, else {@link IndexState#NOT_BUILT} (the entities there were written by writers that did not
 * keep the index, or by a version of tablemapper that recorded no state). The row is read before the first write
 * and written after it, so that the write's own requests come first; a mapper that dies in between leaves the index
 * unrecorded, which the next mapper takes for not ready (never for ready). A row it cannot read or write (credentials
 * that may not reach the mapper's table) leaves the write alone: it is logged. A mapper whose credentials may not
 * read the row at all (a SAS of one table) takes the indexes as ready, and logs that once; a scoped view shares its
 * mapper's states, read with the mapper's credentials.
 */
public final class IndexStates {
  private static final Log LOG = new Log(IndexStates.class);
  private static final int ATTEMPTS = 10;

  private final TableBackend backend;
  /** The same store as the mapper's operations see it (counted and traced), for the reads the application asks for. */
  private final TableBackend asked;
  private final Tables tables;
  private final Discriminator discriminator;
  /** The mappings registered by this mapper. */
  private final Set<EntityMapping<?>> registered = ConcurrentHashMap.newKeySet();
  /** The state rows as last read or written, by RowKey; a missing row is cached as a row with no state. */
  private final Map<String, TableRow> rows = new ConcurrentHashMap<>();
  /** The RowKeys of the state rows this mapper's credentials may not read. */
  private final Set<String> unreadable = ConcurrentHashMap.newKeySet();
  private volatile boolean registryReady;

  /**
   * The states kept in {@code backend}, the store as the mapper's bookkeeping sees it (no operation's requests).
   *
   * @param asked the same store as the mapper's operations see it, for {@link #refreshAsked}
   */
  public IndexStates(TableBackend backend, TableBackend asked, Tables tables, Discriminator discriminator) {
    this.backend = backend;
    this.asked = asked;
    this.tables = tables;
    this.discriminator = discriminator;
  }

  /**
   * Whether the mapping's indexes have a state kept: it has indexes, one table (for a table per period, one period's:
   * each period's table keeps its own state, since an index added to the class is new to the periods written before),
   * and is a concrete class's (a hierarchy's queries read the states of no single type).
   */
  public static boolean tracked(EntityMapping<?> mapping) {
    return !mapping.allIndexes().isEmpty() && !periodTemplate(mapping) && !(mapping instanceof Hierarchy);
  }

  /**
   * Whether the mapping is the template of a table per period, which names no table: its periods' mappings
   * ({@link EntityMapping#inTable}) keep the states.
   */
  public static boolean periodTemplate(EntityMapping<?> mapping) {
    return mapping.tableTemplate() != null && mapping.tableTemplate().periodOf(mapping.table()) == null;
  }

  /**
   * The one check of the query path against an index's state ({@link #state}): a query (or one of its reads)
   * through an index that is not {@link IndexState#READY} in a table it reads is refused, never answered from the
   * copies there are.
   *
   * @param mapping the mapping of the table read (for a table per period, one period's)
   * @param index the index the query reads through, or null for none
   * @throws IndexNotReadyException naming the index, the table and the call that builds it
   */
  public void requireReady(EntityMapping<?> mapping, String index) {
    if (index == null) {
      return;
    }
    IndexState state = state(mapping, index);
    if (state != IndexState.READY) {
      String type = mapping.entityClass().getSimpleName();
      throw new IndexNotReadyException("cannot query " + type + " through its index '" + index + "': the index is "
          + state + " in table " + mapping.table() + ", which holds entities written without it, so the answer"
          + " could miss some. Build it first: mapper.indexes(" + type + ".class).build(\"" + index + "\")", index,
          state);
    }
  }

  /** Whether {@link #writing} has nothing to do for the mapping: no state kept, or registered already. */
  public boolean known(EntityMapping<?> mapping) {
    return !tracked(mapping) || registered.contains(mapping);
  }

  /**
   * What a first write (or query) of a type registers: the indexes its state row did not name, and the state they
   * get, decided before the write: {@link IndexState#READY} when the table held no entity of the type.
   */
  public record Registration(EntityMapping<?> mapping, IndexState initial) {}

  /**
   * Before the first write of the mapping's entities by this mapper: reads its state row (and, when the row does not
   * name each of its indexes, whether the table holds an entity of the type). Reads only.
   *
   * @return what {@link #record} writes after the write; null when there is nothing to record
   */
  public Registration prepare(EntityMapping<?> mapping) {
    if (known(mapping)) {
      return null;
    }
    try {
      TableRow row = read(mapping, backend);
      boolean unknown = false;
      for (IndexMapping<?> index : mapping.allIndexes()) {
        unknown |= IndexStateRows.state(row, index.name()) == null;
      }
      if (!unknown) {
        rows.put(IndexStateRows.rowKey(mapping.table(), mapping.typeName()), row);
        registered.add(mapping);
        return null;
      }
      return new Registration(mapping, populated(mapping) ? IndexState.NOT_BUILT : IndexState.READY);
    } catch (TableMapperException unreachable) {
      unreachable(mapping, unreachable);
      return null;
    }
  }

  /**
   * After that write: records each index the row does not name yet in the state {@link #prepare} decided (an index
   * another mapper recorded meanwhile keeps its state). A failure is logged, not thrown: the write is done, and an
   * index left unrecorded is found not ready (never taken as ready) by the next mapper that meets it.
   */
  public void record(Registration registration) {
    EntityMapping<?> mapping = registration.mapping();
    try {
      update(mapping, stored -> {
        TableRow changed = stored;
        for (IndexMapping<?> index : mapping.allIndexes()) {
          if (IndexStateRows.state(stored, index.name()) == null) {
            changed = IndexStateRows.with(changed, index.name(), registration.initial(), index.table(), null, null);
          }
        }
        return changed;
      });
    } catch (TableMapperException unreachable) {
      unreachable(mapping, unreachable);
    }
    registered.add(mapping);
  }

  /** Registers the mapping's indexes now, if this mapper has not ({@link #prepare}, then {@link #record}). */
  public void writing(EntityMapping<?> mapping) {
    Registration registration = prepare(mapping);
    if (registration != null) {
      record(registration);
    }
  }

  private void unreachable(EntityMapping<?> mapping, TableMapperException failure) {
    registered.add(mapping);
    LOG.warn("the state of the indexes of {} in table {} could not be recorded ({}); writes go on, and an index"
        + " new to the table is found not ready once its state can be read", mapping.entityClass().getName(),
        mapping.table(), failure.getMessage());
  }

  /**
   * The state of one of the mapping's indexes for a query through it: from what this mapper knows when that is
   * {@link IndexState#READY}, else read afresh (a build elsewhere may have finished).
   */
  public IndexState state(EntityMapping<?> mapping, String index) {
    if (!tracked(mapping)) {
      return IndexState.READY;
    }
    if (mapping.periodTemplate() != mapping && !registered.contains(mapping) && !backend.tableExists(mapping.table())) {
      // a period's table not created yet: the query reads nothing there, and records nothing, since a writer
      // without the index may create the table (its first write here, or a build, records the state)
      return IndexState.READY;
    }
    writing(mapping);
    String key = IndexStateRows.rowKey(mapping.table(), mapping.typeName());
    IndexState known = IndexStateRows.state(rows.get(key), index);
    if (known == IndexState.READY || unreadable.contains(key)) {
      return IndexState.READY;
    }
    TableRow row;
    try {
      row = refresh(mapping);
    } catch (OutOfScopeException | AccessDeniedException denied) {
      // credentials of one table (a SAS): the state cannot be known, and reads are not refused
      if (unreadable.add(key)) {
        LOG.warn("the state of the indexes of {} in table {} cannot be read with this mapper's credentials ({});"
            + " its queries take every index as ready", mapping.entityClass().getName(), mapping.table(),
            denied.getMessage());
      }
      return IndexState.READY;
    }
    IndexState state = IndexStateRows.state(row, index);
    return state != null ? state : IndexState.NOT_BUILT; // unrecorded: the row could not be written
  }

  /** The mapping's state row, read afresh (and kept); null when there is none. */
  public TableRow refresh(EntityMapping<?> mapping) {
    return refresh(mapping, backend);
  }

  /**
   * {@link #refresh(EntityMapping)} for a read the application asked for ({@code IndexAdmin.state}): through the
   * store as the mapper's operations see it, a request of the operation running.
   */
  public TableRow refreshAsked(EntityMapping<?> mapping) {
    return refresh(mapping, asked);
  }

  private TableRow refresh(EntityMapping<?> mapping, TableBackend via) {
    TableRow row = read(mapping, via);
    String key = IndexStateRows.rowKey(mapping.table(), mapping.typeName());
    if (row == null) {
      rows.remove(key);
    } else {
      rows.put(key, row);
    }
    return row;
  }

  /**
   * Changes the mapping's state row by {@code change} (given the row as read, or a new empty row), conditional on
   * what was read, reading it again when another writer changed it meanwhile.
   *
   * @return the row as written
   */
  public TableRow update(EntityMapping<?> mapping, UnaryOperator<TableRow> change) {
    for (int attempt = 1; ; attempt++) {
      TableRow stored = read(mapping, backend);
      TableRow base = stored != null ? stored
          : IndexStateRows.newRow(discriminator.name(), mapping.table(), mapping.typeName()).build();
      TableRow changed = change.apply(base);
      try {
        TableRow written = write(stored, changed);
        rows.put(IndexStateRows.rowKey(mapping.table(), mapping.typeName()), written);
        return written;
      } catch (EntityExistsException | ConcurrencyConflictException raced) {
        if (attempt >= ATTEMPTS) {
          throw new TableMapperException("the index state of " + mapping.entityClass().getName() + " in table "
              + mapping.table() + " kept changing under " + ATTEMPTS + " attempts to record it; try again", raced);
        }
      }
    }
  }

  /**
   * Whether the table holds at least one entity of the mapping's type (or of its hierarchy's): a query for one,
   * paged on until a row or the end.
   */
  public boolean populated(EntityMapping<?> mapping) {
    String token = null;
    do {
      TableQuery query = TableQuery.builder(mapping.table()).filter(discriminator.typeFilter(mapping)).limit(1)
          .select(java.util.List.of(discriminator.name())).continuation(token).build();
      QueryResult page = tables.read(mapping.table(), () -> backend.query(query), Tables.NO_ROWS);
      if (!page.rows().isEmpty()) {
        return true;
      }
      token = page.continuation();
    } while (token != null);
    return false;
  }

  private TableRow read(EntityMapping<?> mapping, TableBackend via) {
    Optional<TableRow> row = tables.get(via, IndexStateRows.TABLE, IndexStateRows.PARTITION,
        IndexStateRows.rowKey(mapping.table(), mapping.typeName()));
    return row.orElse(null);
  }

  /** Writes the row: an insert over none, else a replace conditional on the ETag read. */
  private TableRow write(TableRow stored, TableRow changed) {
    WriteOperation operation = stored == null ? WriteOperation.insert(changed)
        : WriteOperation.replace(changed, stored.etag());
    if (!registryReady) {
      backend.createTableIfNotExists(IndexStateRows.TABLE);
      registryReady = true;
    }
    try {
      return changed.withSystemProperties(backend.write(IndexStateRows.TABLE, operation).etag(), null);
    } catch (TableNotFoundException dropped) {
      backend.createTableIfNotExists(IndexStateRows.TABLE);
      return changed.withSystemProperties(backend.write(IndexStateRows.TABLE, operation).etag(), null);
    }
  }
}
