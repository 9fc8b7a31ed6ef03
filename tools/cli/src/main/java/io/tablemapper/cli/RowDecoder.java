package io.tablemapper.cli;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.Partition;
import io.tablemapper.api.TableMapper;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads rows of a table as stored ({@link TableMapper#dynamic}) and decodes those of known entity types through the
 * mapping: for each partition among them, the same partition read as entities ({@link TableMapper#partition}, which
 * returns the entities of the partition in RowKey order, each row of an unknown type or that its class cannot read as
 * a {@link DynamicEntity}, and no index rows), a page at a time, walked beside the stored rows. A stored row whose
 * discriminator holds {@code #} is an index's row or a wide entity's part, which no entity read returns; any other
 * row is the next entity of the partition read.
 */
final class RowDecoder {
  private static final char INDEX_TYPE_SEPARATOR = '#';
  private static final String WIDE_PART_SUFFIX = "#~part";

  private final TableMapper mapper;
  private final String table;
  private final Set<String> knownTypes;
  private final String discriminator;

  /**
   * A decoder.
   *
   * @param knownTypes the types of the entity classes the mapper knows
   * @param discriminator the property that holds a row's type
   */
  RowDecoder(TableMapper mapper, String table, Set<String> knownTypes, String discriminator) {
    this.mapper = mapper;
    this.table = table;
    this.knownTypes = knownTypes;
    this.discriminator = discriminator;
  }

  /**
   * The first rows of the table, or of one partition, decoded.
   *
   * @param partitionKey the partition, or null for the whole table
   * @param limit the most rows, 0 for all
   * @param more set to whether rows follow the last one returned
   */
  List<ShownRow> read(String partitionKey, int limit, boolean[] more) {
    List<DynamicEntity> stored = stored(partitionKey, limit, more);
    List<ShownRow> shown = new ArrayList<>(stored.size());
    int from = 0;
    while (from < stored.size()) {
      String partition = stored.get(from).partitionKey();
      int to = from;
      while (to < stored.size() && stored.get(to).partitionKey().equals(partition)) {
        to++;
      }
      decode(stored.subList(from, to), shown);
      from = to;
    }
    return shown;
  }

  private List<DynamicEntity> stored(String partitionKey, int limit, boolean[] more) {
    DynamicQuery query = partitionKey == null ? DynamicQuery.table() : DynamicQuery.partition(partitionKey);
    List<DynamicEntity> rows = new ArrayList<>();
    String token = null;
    do {
      int size = limit == 0 ? PageRequest.MAX_SIZE : Math.min(PageRequest.MAX_SIZE, limit + 1 - rows.size());
      Page<DynamicEntity> page = mapper.dynamic(table).query(query,
          token == null ? PageRequest.of(size) : PageRequest.after(token, size));
      rows.addAll(page.items());
      token = page.continuationToken().orElse(null);
    } while (token != null && (limit == 0 || rows.size() <= limit));
    more[0] = limit > 0 && (rows.size() > limit || token != null);
    return limit > 0 && rows.size() > limit ? new ArrayList<>(rows.subList(0, limit)) : rows;
  }

  /** Decodes the stored rows of one partition, in RowKey order, beside the partition's entities. */
  private void decode(List<DynamicEntity> stored, List<ShownRow> shown) {
    Entities entities = new Entities(mapper.partition(table, stored.get(0).partitionKey()),
        Math.max(10, Math.min(PageRequest.MAX_SIZE, stored.size())));
    for (DynamicEntity row : stored) {
      String type = row.entityType();
      if (type != null && type.indexOf(INDEX_TYPE_SEPARATOR) >= 0) {
        shown.add(raw(row, type.endsWith(WIDE_PART_SUFFIX) ? ShownRow.Kind.WIDE_PART : ShownRow.Kind.INDEX));
        continue;
      }
      Object next = entities.peek();
      if (next instanceof DynamicEntity dynamic) {
        if (dynamic.rowKey().equals(row.rowKey())) {
          entities.take();
        }
        shown.add(raw(row, type != null && knownTypes.contains(type) ? ShownRow.Kind.MALFORMED
            : ShownRow.Kind.UNKNOWN_TYPE));
      } else if (next != null && (type == null || type.equals(EntityCount.typeName(next.getClass())))) {
        entities.take();
        shown.add(new ShownRow(row.partitionKey(), row.rowKey(), row.timestamp(), ShownRow.Kind.ENTITY,
            EntityCount.typeName(next.getClass()), next.getClass(), properties(next)));
      } else {
        shown.add(raw(row, ShownRow.Kind.UNKNOWN_TYPE));
      }
    }
  }

  /**
   * A row as stored: its type first, then its other properties by name (the store's own order differs between
   * backends: Azure answers in an order of its own).
   */
  private ShownRow raw(DynamicEntity row, ShownRow.Kind kind) {
    Map<String, Object> properties = new LinkedHashMap<>();
    if (row.has(discriminator)) {
      properties.put(discriminator, row.get(discriminator));
    }
    new TreeMap<>(row.properties()).forEach(properties::putIfAbsent);
    return new ShownRow(row.partitionKey(), row.rowKey(), row.timestamp(), kind, row.entityType(), null,
        properties);
  }

  /** An entity's properties by their Java names: a record's components, or a class's instance fields. */
  static Map<String, Object> properties(Object entity) {
    Map<String, Object> properties = new LinkedHashMap<>();
    Class<?> type = entity.getClass();
    try {
      if (type.isRecord()) {
        for (RecordComponent component : type.getRecordComponents()) {
          component.getAccessor().setAccessible(true);
          properties.put(component.getName(), component.getAccessor().invoke(entity));
        }
        return properties;
      }
      List<Class<?>> hierarchy = new ArrayList<>();
      for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
        hierarchy.add(0, c);
      }
      for (Class<?> c : hierarchy) {
        for (Field field : c.getDeclaredFields()) {
          int modifiers = field.getModifiers();
          if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.isSynthetic()
              || field.isAnnotationPresent(io.tablemapper.annotations.Transient.class)) {
            continue;
          }
          field.setAccessible(true);
          properties.put(field.getName(), field.get(entity));
        }
      }
      return properties;
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new Failures.CliException("cannot read the properties of a " + type.getName() + " (" + e + "): leave"
          + " the class out of --entity and --package to see its rows as stored", e);
    }
  }

  /** The entities of one partition, read a page at a time as the stored rows need them. */
  private static final class Entities {
    private final Partition partition;
    private final int pageSize;
    private final Deque<Object> buffered = new ArrayDeque<>();
    private String token;
    private boolean exhausted;

    Entities(Partition partition, int pageSize) {
      this.partition = partition;
      this.pageSize = pageSize;
    }

    Object peek() {
      while (buffered.isEmpty() && !exhausted) {
        Page<Object> page = partition.page(token == null ? PageRequest.of(pageSize)
            : PageRequest.after(token, pageSize));
        buffered.addAll(page.items());
        token = page.continuationToken().orElse(null);
        exhausted = token == null;
      }
      return buffered.peek();
    }

    void take() {
      buffered.poll();
    }
  }
}
