package io.tablemapper.runtime;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.mapping.DynamicMapping;
import io.tablemapper.runtime.write.EgtWriter;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.query.PageTokens;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.pending.PendingWork;
import io.tablemapper.runtime.store.StoreOrder;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.write.WriteIntents;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * A {@link DynamicTable}: writes go through {@link EgtWriter} with a {@link DynamicMapping} (so failures read as
 * they do for entities), reads straight to the backend, skipping the mapper's rows of pending work. Each call is
 * one operation for the mapper's listeners.
 */
final class DefaultDynamicTable implements DynamicTable {
  private final Lifecycle lifecycle;
  private final Listeners listeners;
  private final WriteIntents intents;
  private final Discriminator discriminator;
  private final PendingWork pending;
  private final TableBackend backend;
  private final Tables tables;
  private final String table;
  private final DynamicMapping mapping;

  DefaultDynamicTable(Lifecycle lifecycle, Listeners listeners, WriteIntents intents, Discriminator discriminator,
      PendingWork pending, TableBackend backend, Tables tables, String table) {
    this.lifecycle = lifecycle;
    this.listeners = listeners;
    this.intents = intents;
    this.discriminator = discriminator;
    this.pending = pending;
    this.backend = backend;
    this.tables = tables;
    this.table = table;
    this.mapping = new DynamicMapping(table, discriminator);
  }

  @Override
  public String table() {
    return table;
  }

  @Override
  public Optional<DynamicEntity> get(String partitionKey, String rowKey) {
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(rowKey, "rowKey");
    return listeners.observe(OperationType.DYNAMIC_GET, table, null, null, () -> {
      lifecycle.checkOpen();
      return tables.read(table, () -> backend.get(table, partitionKey, rowKey), Optional.<TableRow>empty())
          .filter(this::visible)
          .map(discriminator::entity);
    });
  }

  @Override
  public DynamicEntity insert(DynamicEntity entity) {
    return write(WriteKind.INSERT, entity);
  }

  @Override
  public DynamicEntity upsert(DynamicEntity entity) {
    return write(WriteKind.UPSERT, entity);
  }

  @Override
  public DynamicEntity update(DynamicEntity entity) {
    return write(WriteKind.UPDATE, entity);
  }

  @Override
  public DynamicEntity merge(DynamicEntity entity) {
    return write(WriteKind.MERGE, entity);
  }

  @Override
  public DynamicEntity upsertMerge(DynamicEntity entity) {
    return write(WriteKind.UPSERT_MERGE, entity);
  }

  @Override
  public void delete(DynamicEntity entity) {
    write(WriteKind.DELETE, entity);
  }

  private DynamicEntity write(WriteKind kind, DynamicEntity entity) {
    return listeners.observe(kind.operation(), table, DynamicEntity.class.getSimpleName(), null, () -> {
      lifecycle.checkOpen();
      Objects.requireNonNull(entity, () -> "cannot " + kind.verb() + " a null DynamicEntity");
      WriteIntent<DynamicEntity> write = intents.intent(kind, mapping, entity, 0);
      return write.stored(pending.write(table, List.of(write), Mode.REPOSITORY).get(0));
    });
  }

  @Override
  public List<DynamicEntity> query(DynamicQuery query) {
    return listeners.observe(OperationType.DYNAMIC_QUERY, table, null, null, () -> queryAll(query));
  }

  private List<DynamicEntity> queryAll(DynamicQuery query) {
    lifecycle.checkOpen();
    TableQuery base = query(query, StoreLimits.MAX_PAGE_SIZE);
    List<TableRow> rows = new ArrayList<>();
    String token = null;
    do {
      QueryResult page = send(base.withContinuation(token));
      for (TableRow row : page.rows()) {
        if (visible(row)) {
          rows.add(row);
        }
      }
      token = page.continuation();
    } while (token != null);
    StoreOrder.inKeyOrder(backend, rows); // in key order on a store that keeps none too
    List<DynamicEntity> entities = new ArrayList<>(rows.size());
    for (TableRow row : rows) {
      entities.add(discriminator.entity(row));
    }
    return entities;
  }

  @Override
  public Page<DynamicEntity> query(DynamicQuery query, PageRequest request) {
    Objects.requireNonNull(request, "request");
    return listeners.observe(OperationType.DYNAMIC_QUERY, table, null, null, () -> queryPage(query, request));
  }

  private Page<DynamicEntity> queryPage(DynamicQuery query, PageRequest request) {
    lifecycle.checkOpen();
    String fingerprint = PageTokens.fingerprint(table, String.valueOf(query), DynamicMapping.TYPE);
    String token = request.token()
        .map(t -> PageTokens.decode(t, fingerprint, "dynamic query " + query + " of table " + table).backendToken())
        .orElse(null);
    TableQuery base = query(query, request.size());
    List<DynamicEntity> items = new ArrayList<>();
    boolean exhausted = false;
    while (items.size() < request.size() && !exhausted) {
      QueryResult page = send(base.toBuilder().limit(request.size() - items.size()).continuation(token).build());
      for (TableRow row : page.rows()) {
        if (visible(row)) {
          items.add(discriminator.entity(row));
        }
      }
      token = page.continuation();
      exhausted = token == null;
    }
    return Page.of(items, exhausted ? null : PageTokens.encode(fingerprint, token, 0));
  }

  private TableQuery query(DynamicQuery query, int limit) {
    Objects.requireNonNull(query, "query");
    TableQuery.Builder builder = TableQuery.builder(table);
    if (query.partitionKey() != null) {
      builder.partitionKey(query.partitionKey());
    }
    return builder
        .rowFrom(query.rowFrom() == null ? null : KeyBound.inclusive(query.rowFrom()))
        .rowTo(query.rowTo() == null ? null
            : query.rowToInclusive() ? KeyBound.inclusive(query.rowTo()) : KeyBound.exclusive(query.rowTo()))
        .filter(query.filter())
        .select(select(query))
        .limit(limit)
        .build();
  }

  /** What a query selects: its properties and the discriminator, so that each row still knows its type; or null. */
  private List<String> select(DynamicQuery query) {
    if (query.selected() == null) {
      return null;
    }
    List<String> names = new ArrayList<>(query.selected());
    if (!names.contains(discriminator.name())) {
      names.add(discriminator.name());
    }
    return names;
  }

  /** Whether a row is the application's: rows of pending work ({@link PendingRows}) are the mapper's own. */
  private boolean visible(TableRow row) {
    return !PendingRows.isWorkType(discriminator.typeOf(row));
  }

  /** A backend query; a table that does not exist has no rows (and is not created). */
  private QueryResult send(TableQuery page) {
    return tables.read(table, () -> backend.query(page), Tables.NO_ROWS);
  }

  @Override
  public String toString() {
    return "DynamicTable[" + table + "]";
  }
}
