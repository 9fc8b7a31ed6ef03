package io.tablemapper.runtime;

import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.Partition;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.cache.EntityCache;
import io.tablemapper.runtime.mapping.EntityTypes;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.support.Lifecycle;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.query.PageTokens;
import io.tablemapper.runtime.cache.ReadCache;
import io.tablemapper.runtime.values.RowDecoder;
import io.tablemapper.runtime.store.StoreOrder;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.mapping.TypeRegistry;

/**
 * A {@link Partition}: reads one partition in RowKey order and resolves each row to its entity class through its
 * discriminator and the mapper's {@link TypeRegistry}; a row without a discriminator (written by another tool) is
 * adopted by the one class whose key templates its keys fit ({@link Discriminator#fitting}). Index copies
 * ({@code type#index}) are skipped; a row of a type no registered class declares is an error, skipped, or returned
 * as a {@link DynamicEntity}, as the mapper's {@link io.tablemapper.api.UnknownTypePolicy} says. Each read is one
 * operation for the mapper's listeners.
 */
final class DefaultPartition implements Partition {
  private final Lifecycle lifecycle;
  private final Listeners listeners;
  private final EntityTypes types;
  private final Discriminator discriminator;
  private final RowDecoder decoder;
  private final ReadCache caches;
  private final TableBackend backend;
  private final Tables tables;
  private final MappingContext context;
  private final UnknownTypePolicy unknownTypes;
  private final String table;
  private final String partitionKey;

  DefaultPartition(Lifecycle lifecycle, Listeners listeners, EntityTypes types, Discriminator discriminator,
      RowDecoder decoder, ReadCache caches, TableBackend backend, Tables tables, MappingContext context,
      UnknownTypePolicy unknownTypes, String table, String partitionKey) {
    this.lifecycle = lifecycle;
    this.listeners = listeners;
    this.types = types;
    this.discriminator = discriminator;
    this.decoder = decoder;
    this.caches = caches;
    this.backend = backend;
    this.tables = tables;
    this.context = context;
    this.unknownTypes = unknownTypes;
    this.table = table;
    this.partitionKey = partitionKey;
  }

  @Override
  public List<Object> all() {
    return observe(null, () -> readAll(null));
  }

  @Override
  public <T> List<T> all(Class<T> type) {
    return observe(type, () -> allOf(type));
  }

  private <R> R observe(Class<?> type, Supplier<R> read) {
    return listeners.observe(OperationType.PARTITION_READ, table, type == null ? null : type.getSimpleName(), null,
        read);
  }

  private <T> List<T> allOf(Class<T> type) {
    EntityMapping<T> mapping = mappingOf(type);
    EntityCache cache = caches.of(mapping);
    List<T> entities = new ArrayList<>();
    if (cache != null) {
      lifecycle.checkOpen();
      ReadCache.Key key = cache.key(partitionKey, null, null);
      List<TableRow> rows = cache.get(key);
      if (rows == null) {
        rows = new ArrayList<>();
        readRows(query(mapping), rows::add);
        cache.put(key, rows);
      }
      for (TableRow row : rows) {
        T entity = decoder.entity(mapping, row);
        if (entity != null) {
          entities.add(entity);
        }
      }
      return entities;
    }
    for (Object entity : readAll(mapping)) {
      entities.add(type.cast(entity));
    }
    return entities;
  }

  @Override
  public Page<Object> page(PageRequest request) {
    return observe(null, () -> readPage(null, request));
  }

  @Override
  public <T> Page<T> page(Class<T> type, PageRequest request) {
    return observe(type, () -> pageOf(type, request));
  }

  private <T> Page<T> pageOf(Class<T> type, PageRequest request) {
    EntityMapping<T> mapping = mappingOf(type);
    Page<Object> page = readPage(mapping, request);
    List<T> items = new ArrayList<>(page.items().size());
    for (Object entity : page.items()) {
      items.add(type.cast(entity));
    }
    return Page.of(items, page.continuationToken().orElse(null));
  }

  private List<Object> readAll(EntityMapping<?> only) {
    lifecycle.checkOpen();
    List<Object> entities = new ArrayList<>();
    readRows(query(only), row -> {
      Object entity = resolve(row, only);
      if (entity != null) {
        entities.add(entity);
      }
    });
    return entities;
  }

  /** Every row of the query, page after page, in RowKey order (sorted here on a store that keeps none). */
  private void readRows(TableQuery query, Consumer<TableRow> each) {
    List<TableRow> rows = new ArrayList<>();
    String token = null;
    do {
      QueryResult page = send(query.withContinuation(token));
      rows.addAll(page.rows());
      token = page.continuation();
    } while (token != null);
    StoreOrder.inKeyOrder(backend, rows);
    rows.forEach(each);
  }

  private Page<Object> readPage(EntityMapping<?> only, PageRequest request) {
    Objects.requireNonNull(request, "request");
    lifecycle.checkOpen();
    String fingerprint = PageTokens.fingerprint(table, partitionKey, only == null ? null : only.typeName());
    String what = "partition '" + partitionKey + "' of table " + table;
    String token = request.token().map(t -> PageTokens.decode(t, fingerprint, what).backendToken()).orElse(null);
    TableQuery query = query(only);
    List<Object> items = new ArrayList<>();
    boolean exhausted = false;
    while (items.size() < request.size() && !exhausted) {
      QueryResult page = send(query.toBuilder()
          .limit(request.size() - items.size())
          .continuation(token)
          .build());
      for (TableRow row : page.rows()) {
        Object entity = resolve(row, only);
        if (entity != null) {
          items.add(entity);
        }
      }
      token = page.continuation();
      exhausted = token == null;
    }
    return Page.of(items, exhausted ? null : PageTokens.encode(fingerprint, token, 0));
  }

  private TableQuery query(EntityMapping<?> only) {
    return TableQuery.builder(table)
        .partitionKey(partitionKey)
        .filter(only == null ? null : discriminator.typeFilter(only))
        .limit(StoreLimits.MAX_PAGE_SIZE)
        .build();
  }

  /** A backend query; a table that does not exist has no rows (and is not created). */
  private QueryResult send(TableQuery page) {
    return tables.read(table, () -> backend.query(page), Tables.NO_ROWS);
  }

  private Object resolve(TableRow row, EntityMapping<?> only) {
    if (only != null) {
      return decoder.entity(only, row); // null: a malformed row the MalformedRowPolicy leaves out
    }
    String type = discriminator.typeOf(row);
    if (type != null && IndexCopies.isCopyType(type)) {
      return null;
    }
    EntityMapping<?> mapping = type == null ? adopted(row) : types.registry().find(table, type);
    if (mapping != null) {
      return decoder.readOrDynamic(mapping, row, each -> mapping.fromStoredRow(each, context));
    }
    switch (unknownTypes) {
      case SKIP:
        return null;
      case DYNAMIC:
        return discriminator.entity(row);
      default:
        throw unknown(row, type);
    }
  }

  /** The class of a row without a type: the one whose key templates its keys fit, if one alone does. */
  private EntityMapping<?> adopted(TableRow row) {
    List<EntityMapping<?>> fitting = discriminator.fitting(row, table, List.of());
    return fitting.size() == 1 ? fitting.get(0) : null;
  }

  private UnknownEntityTypeException unknown(TableRow row, String type) {
    String found = type == null
        ? "has no " + discriminator.name() + " property (or not a String one), and its keys fit "
            + fits(row) + ", so its entity class cannot be resolved"
        : "has EntityType '" + type + "', which no entity class known to this mapper declares for table " + table;
    return new UnknownEntityTypeException(type,
        "row " + row.describeKeys() + " of table " + table + " " + found + " (known types: "
            + types.registry().describeTypes(table) + "); register the class that declares it with"
            + " TableMapper.builder().entities(" + (type == null ? "YourEntity" : simple(type))
            + ".class), read only one type with partition(...).all(YourEntity.class), or choose another"
            + " TableMapper.builder().unknownTypes(...) policy (SKIP, DYNAMIC)");
  }

  private String fits(TableRow row) {
    List<String> names = new ArrayList<>();
    discriminator.fitting(row, table, List.of()).forEach(each -> names.add(each.entityClass().getSimpleName()));
    return names.isEmpty() ? "the key templates of no entity class known to this mapper for table " + table
        : "the key templates of several entity classes (" + String.join(", ", names) + ")";
  }

  private static String simple(String type) {
    return type.isEmpty() || !Character.isJavaIdentifierStart(type.charAt(0)) ? "YourEntity" : type;
  }

  private <T> EntityMapping<T> mappingOf(Class<T> type) {
    Objects.requireNonNull(type, "type");
    EntityMapping<T> mapping = types.mapping(type);
    if (mapping.tableTemplate() != null && mapping.tableTemplate().periodOf(table) != null) {
      return mapping.inTable(table); // one period's table of a table per period
    }
    if (!mapping.table().equalsIgnoreCase(table)) {
      throw new IllegalArgumentException(
          type.getSimpleName() + " entities are stored in table " + mapping.table() + ", not in table " + table
              + "; read them with mapper.partition(\"" + mapping.table() + "\", \"" + partitionKey + "\")");
    }
    return mapping;
  }
}
