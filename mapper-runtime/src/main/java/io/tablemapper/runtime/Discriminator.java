package io.tablemapper.runtime;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.internal.mapping.DynamicRows;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableRow;
import java.util.List;

/**
 * The property that holds each row's entity type in one mapper's tables — {@code EntityType}, or the name given to
 * {@code TableMapper.builder().discriminator(...)} — and the one place that writes it, reads it and selects by it.
 * Mappings leave it out of their rows; the mapper adds it to every row it writes ({@link #tagged}, index copies
 * included), names it in every filter it sends ({@link #typeFilter}) and reads it from every row it resolves
 * ({@link #typeOf}). A stored property of another name, {@code EntityType} included, is ordinary data.
 */
final class Discriminator {
  private final String name;

  /** The discriminator stored under {@code name}, a valid property name ({@link MapperSettings} checks it). */
  Discriminator(String name) {
    this.name = name;
  }

  /** The property name. */
  String name() {
    return name;
  }

  /** A row's entity type, or null when it has none (or not as a String). */
  String typeOf(TableRow row) {
    Object value = row.get(name);
    return value instanceof String ? (String) value : null;
  }

  /**
   * The row with its entity type, ahead of its other properties.
   *
   * @throws InvalidEntityException if the row stores a property of the discriminator's name
   */
  TableRow tagged(TableRow row, Object type) {
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
  Filter is(String type) {
    return Filter.eq(name, type);
  }

  /**
   * The filter that selects the rows a mapping reads: of its type, or of any concrete type of its hierarchy (of the
   * abstract root's type, which no row has, while there is none).
   */
  Filter typeFilter(EntityMapping<?> mapping) {
    List<String> types = Hierarchy.typeNames(mapping);
    if (types.size() <= 1) {
      return is(types.isEmpty() ? mapping.typeName() : types.get(0));
    }
    return Filter.or(types.stream().map(this::is).toArray(Filter[]::new));
  }

  /** A row read from one of the mapper's tables as a {@link DynamicEntity}, whose type is under this name. */
  DynamicEntity entity(TableRow row) {
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
