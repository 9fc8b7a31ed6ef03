package io.tablemapper.runtime.mapping;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.internal.mapping.DynamicRows;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableRow;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import io.tablemapper.runtime.config.MapperSettings;

/**
 * The property that holds each row's entity type in one mapper's tables — {@code EntityType}, or the name given to
 * {@code TableMapper.builder().discriminator(...)} — and the one place that writes it, reads it and selects by it.
 * Mappings leave it out of their rows; the mapper adds it to every row it writes ({@link #tagged}, index copies
 * included), names it in every filter it sends ({@link #typeFilter}) and reads it from every row it resolves
 * ({@link #typeOf}). A stored property of another name, {@code EntityType} included, is ordinary data.
 *
 * <p>A row without the property (another application wrote it) is adopted by its keys ({@link #typeFor},
 * {@link #fitting}): it is taken for the one concrete entity class, among those the mapper knows for the table,
 * whose PartitionKey and RowKey templates both match its keys exactly; when no class or several fit, it has no type.
 */
public final class Discriminator {
  private final String name;
  private final TypeRegistry registry;

  /**
   * The discriminator stored under {@code name}, a valid property name ({@link MapperSettings} checks it).
   *
   * @param registry the entity classes the mapper knows, among which a row without a type is adopted
   */
  public Discriminator(String name, TypeRegistry registry) {
    this.name = name;
    this.registry = registry;
  }

  /** The property name. */
  public String name() {
    return name;
  }

  /** A row's entity type, or null when it has none (or not as a String). */
  public String typeOf(TableRow row) {
    Object value = row.get(name);
    return value instanceof String ? (String) value : null;
  }

  /**
   * The entity type a typed read or write through {@code mapping} takes a row for: the type it stores; for a row
   * without one, the type of the one class whose key templates its keys fit ({@link #fitting}), when that is a type
   * {@code mapping} reads (its own or one of its hierarchy's); else null. A row with a discriminator that is not a
   * String has no type and is never adopted.
   */
  public String typeFor(TableRow row, EntityMapping<?> mapping) {
    Object stored = row.get(name); // one lookup: a row holds no null value, so null is a row without the property
    if (stored != null) {
      return stored instanceof String ? (String) stored : null;
    }
    List<EntityMapping<?>> fitting = fitting(row, mapping.table(), Hierarchy.members(mapping));
    if (fitting.size() != 1) {
      return null;
    }
    String type = fitting.get(0).typeName();
    return Hierarchy.typeNames(mapping).contains(type) ? type : null;
  }

  /**
   * The concrete entity classes whose PartitionKey and RowKey templates both match a row's keys exactly: among those
   * the mapper knows for {@code table} and {@code also} (a class being read or written, known or not), by type.
   */
  public List<EntityMapping<?>> fitting(TableRow row, String table, List<EntityMapping<?>> also) {
    Map<String, EntityMapping<?>> candidates = new TreeMap<>();
    for (EntityMapping<?> known : registry.types(table)) {
      candidates.put(known.typeName(), known);
    }
    for (EntityMapping<?> extra : also) {
      candidates.putIfAbsent(extra.typeName(), extra);
    }
    List<EntityMapping<?>> fitting = new ArrayList<>();
    for (EntityMapping<?> candidate : candidates.values()) {
      if (!Modifier.isAbstract(candidate.entityClass().getModifiers()) && candidate.rowKeySpec() != null
          && fits(candidate, row)) {
        fitting.add(candidate);
      }
    }
    return fitting;
  }

  private static boolean fits(EntityMapping<?> mapping, TableRow row) {
    try {
      mapping.partitionKeySpec().decode(row.partitionKey());
      mapping.rowKeySpec().decode(row.rowKey());
      return true;
    } catch (InvalidKeyException doesNotFit) {
      return false;
    }
  }

  /**
   * Why a row without a type is not taken for {@code mapping}'s, for messages: "it has no EntityType, and its keys
   * fit ...".
   */
  public String unadopted(TableRow row, EntityMapping<?> mapping) {
    if (row.has(name)) {
      return "its " + name + " is " + EdmType.of(row.get(name)) + ", not a String";
    }
    List<EntityMapping<?>> fitting = fitting(row, mapping.table(), Hierarchy.members(mapping));
    List<String> names = new ArrayList<>();
    fitting.forEach(each -> names.add(each.entityClass().getSimpleName()));
    return "it has no " + name + " (another application wrote it), and its keys fit "
        + (names.isEmpty() ? "the key templates of no entity class this mapper knows for the table"
            : names.size() == 1 ? "the key templates of " + names.get(0) + " alone"
            : "the key templates of several entity classes (" + String.join(", ", names) + ")");
  }

  /**
   * The row with its entity type, ahead of its other properties.
   *
   * @throws InvalidEntityException if the row stores a property of the discriminator's name
   */
  public TableRow tagged(TableRow row, Object type) {
    if (row.has(name)) {
      throw new InvalidEntityException("row " + row.describeKeys() + " has a property '" + name + "' besides its"
          + " EntityType '" + type + "', but this mapper stores the entity type in '" + name
          + "' (TableMapper.builder().discriminator(\"" + name + "\")); rename the property with"
          + " @Property(\"...\")");
    }
    return TableRow.builder(row.partitionKey(), row.rowKey(), row.properties().size() + 1)
        .put(name, type)
        .putAll(row.properties())
        .build();
  }

  /** The filter that selects rows of one type. */
  public Filter is(String type) {
    return Filter.eq(name, type);
  }

  /**
   * The filter that selects the rows a mapping reads: of its type, or of any concrete type of its hierarchy (of the
   * abstract root's type, which no row has, while there is none).
   */
  public Filter typeFilter(EntityMapping<?> mapping) {
    List<String> types = Hierarchy.typeNames(mapping);
    if (types.size() <= 1) {
      return is(types.isEmpty() ? mapping.typeName() : types.get(0));
    }
    return Filter.or(types.stream().map(this::is).toArray(Filter[]::new));
  }

  /** A row read from one of the mapper's tables as a {@link DynamicEntity}, whose type is under this name. */
  public DynamicEntity entity(TableRow row) {
    return DynamicRows.entity(row, name);
  }

  /**
   * The row a {@link DynamicEntity} is written as: as built, without ETag and Timestamp, except that a type it holds
   * under another name than this one (as {@code EntityType} of an entity built by the application, written through
   * a mapper built with {@code discriminator("Kind")}) is stored under this name.
   *
   * @throws InvalidEntityException if the entity also holds a property of this name
   */
  TableRow rowOf(DynamicEntity entity) {
    TableRow row = DynamicRows.row(entity).withSystemProperties(null, null);
    String own = DynamicRows.discriminator(entity);
    if (own.equals(name) || !row.has(own)) {
      return row;
    }
    return tagged(row.toBuilder().remove(own).build(), row.get(own));
  }
}
