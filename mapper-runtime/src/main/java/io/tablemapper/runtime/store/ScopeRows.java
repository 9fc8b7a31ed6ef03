package io.tablemapper.runtime.store;

import io.tablemapper.api.MapperScope;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.mapping.TypeRegistry;

/**
 * Whose data a row holds, and so what a scoped view ({@link ScopedBackend}) may see of it. Keys alone do not say it:
 * an index copy, a key list and a registry entry live under keys of their own, often shared by the entities of every
 * tenant, and carry the keys of the entities they stand for. So a row's <b>holders</b> are:
 *
 * <ul>
 *   <li>a remote index copy or claim ({@link IndexCopies#remoteCopy}): its entity, in {@link
 *       EntityMapping#PRIMARY_TABLE_PROPERTY} (or the copy's own table), {@link
 *       EntityMapping#PRIMARY_PARTITION_KEY_PROPERTY} and {@link EntityMapping#PRIMARY_ROW_KEY_PROPERTY};
 *   <li>an intra-partition copy: its entity, in the copy's partition under {@link
 *       EntityMapping#PRIMARY_ROW_KEY_PROPERTY};
 *   <li>a key-list row ({@link IndexLists}): every entity it lists, in the table of the list's entity type;
 *   <li>a registry entry of pending work ({@link PendingRows#registryEntry}): the partition of its work;
 *   <li>any other row: itself.
 * </ul>
 *
 * A view sees a row only if the scope holds its holders: a copy or entry of an entity outside the scope is not
 * there for the view; a key list shows only the entries the scope holds. A row with a holder outside the scope is
 * never changed by the view. A key list's entity type resolves through the view's own mappings; a list of a type the
 * view does not know lists, for the view, no entity of its scope.
 */
public final class ScopeRows {
  /**
   * The properties that name a row's holders: a query with a projection reads them too, so that its rows can be
   * judged, and drops them again.
   */
  static final List<String> HOLDER_PROPERTIES;

  static {
    List<String> names = new ArrayList<>(List.of(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY,
        EntityMapping.PRIMARY_ROW_KEY_PROPERTY, EntityMapping.PRIMARY_TABLE_PROPERTY, PendingRows.TABLE,
        PendingRows.PARTITION, IndexLists.COUNT, IndexLists.PARTS, IndexLists.PART));
    for (int i = 0; i < IndexLists.MAX_CHUNKS; i++) {
      names.add(IndexLists.chunkName(i));
    }
    HOLDER_PROPERTIES = List.copyOf(names);
  }

  private final MapperScope scope;
  /** The registries of the mappers over this view (its own; and of the views of it), asked in turn. */
  private final List<TypeRegistry> registries = new CopyOnWriteArrayList<>();
  /** The mapper's discriminator, which tells a key list from an entity with properties of the same names. */
  private volatile Discriminator discriminator;

  ScopeRows(MapperScope scope) {
    this.scope = scope;
  }

  /**
   * Resolves the entity type of key lists through a mapper's registry and discriminator: the view's own, and those of
   * the views of it, whose repositories register their types there rather than here.
   */
  void resolveListsWith(Discriminator discriminator, TypeRegistry registry) {
    this.discriminator = discriminator;
    registries.add(registry);
  }

  /** The table of the entities a key-list row lists, or null when no registry knows its type. */
  private String listedTable(TableRow list) {
    Discriminator types = discriminator;
    String type = types == null ? null : types.typeOf(list);
    int separator = type == null ? -1 : type.indexOf(EntityMapping.INDEX_TYPE_SEPARATOR);
    if (separator <= 0) {
      return null;
    }
    for (TypeRegistry registry : registries) {
      EntityMapping<?> mapping = registry.ofType(type.substring(0, separator));
      if (mapping != null) {
        return mapping.table();
      }
    }
    return null;
  }

  /** Whether the scope holds every holder of a row of {@code table}: a view may see all of it and change it. */
  boolean owns(String table, TableRow row) {
    if (isList(row)) {
      String entities = listedTable(row);
      for (String entry : IndexLists.entries(row)) {
        if (!holdsEntry(entities, entry)) {
          return false;
        }
      }
      return true;
    }
    return holdsHolder(table, row);
  }

  /**
   * What a view sees of a row of {@code table} whose keys its scope holds: the row itself, a key list with only the
   * entries the scope holds, or null when the row stands for an entity outside the scope.
   */
  TableRow visible(String table, TableRow row) {
    if (!isList(row)) {
      return holdsHolder(table, row) ? row : null;
    }
    String entities = listedTable(row);
    List<String> entries = IndexLists.entries(row);
    List<String> held = new ArrayList<>(entries.size());
    for (String entry : entries) {
      if (holdsEntry(entities, entry)) {
        held.add(entry);
      }
    }
    return held.size() == entries.size() ? row : listOf(row, held);
  }

  /**
   * The select of a query as a scoped view sends it: its properties and those that name the row's holders (the
   * discriminator with them); null, every property, stays null.
   */
  List<String> withHolders(List<String> select) {
    if (select == null) {
      return null;
    }
    Set<String> names = new LinkedHashSet<>(select);
    names.addAll(HOLDER_PROPERTIES);
    Discriminator types = discriminator;
    if (types != null) {
      names.add(types.name());
    }
    return List.copyOf(names);
  }

  private boolean holdsHolder(String table, TableRow row) {
    Object primaryPartition = row.get(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY);
    Object primaryRow = row.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    if (primaryPartition instanceof String) { // a remote copy or claim
      Object primaryTable = row.get(EntityMapping.PRIMARY_TABLE_PROPERTY);
      String entityTable = primaryTable instanceof String ? (String) primaryTable : table;
      return primaryRow instanceof String
          ? scope.allows(entityTable, (String) primaryPartition, (String) primaryRow)
          : scope.allows(entityTable, (String) primaryPartition);
    }
    if (primaryRow instanceof String) { // an intra-partition copy
      return scope.allows(table, row.partitionKey(), (String) primaryRow);
    }
    if (table.equalsIgnoreCase(PendingRows.REGISTRY_TABLE)) {
      Object workTable = row.get(PendingRows.TABLE);
      Object workPartition = row.get(PendingRows.PARTITION);
      if (workTable != null || workPartition != null) {
        return workTable instanceof String && workPartition instanceof String
            && scope.allows((String) workTable, (String) workPartition);
      }
    }
    return true;
  }

  private boolean holdsEntry(String entities, String entry) {
    int tab = entry.indexOf('\t');
    return entities != null && tab > 0
        && scope.allows(entities, entry.substring(0, tab), entry.substring(tab + 1));
  }

  /**
   * Whether a row is a key list's head or part: of an index's type, carrying entries, a count or a part number (an
   * entity's own properties of those names are its data, never filtered).
   */
  private boolean isList(TableRow row) {
    if (!(row.get(IndexLists.KEYS) instanceof String || row.get(IndexLists.COUNT) instanceof Integer
        || row.get(IndexLists.PART) instanceof Integer)) {
      return false;
    }
    Discriminator types = discriminator;
    String type = types == null ? null : types.typeOf(row);
    return types == null || type != null && IndexCopies.isCopyType(type);
  }

  /** The list row with only {@code held} of its entries, its count theirs. */
  private static TableRow listOf(TableRow row, List<String> held) {
    TableRow.Builder list = TableRow.builder(row.partitionKey(), row.rowKey(), row.properties().size());
    for (Map.Entry<String, Object> property : row.properties().entrySet()) {
      String name = property.getKey();
      if (!isChunkName(name) && !name.equals(IndexLists.COUNT)) {
        list.put(name, property.getValue());
      }
    }
    List<String> chunks = IndexLists.chunks(String.join("\n", held));
    for (int i = 0; i < chunks.size(); i++) {
      list.putString(IndexLists.chunkName(i), chunks.get(i));
    }
    if (row.get(IndexLists.COUNT) instanceof Integer) {
      list.putInt32(IndexLists.COUNT, held.size());
    }
    return list.etag(row.etag()).timestamp(row.timestamp()).build();
  }

  private static boolean isChunkName(String name) {
    for (int i = 0; i < IndexLists.MAX_CHUNKS; i++) {
      if (IndexLists.chunkName(i).equals(name)) {
        return true;
      }
    }
    return false;
  }
}
