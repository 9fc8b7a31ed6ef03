package io.tablemapper.internal.mapping;

import io.tablemapper.internal.key.KeySpec;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One {@code @Index} of an entity: the RowKey of its copy and which properties the copy holds.
 *
 * @param <T> the entity class
 */
public final class IndexMapping<T> {
  private final String name;
  private final String copyType;
  private final KeySpec rowKeySpec;
  private final List<String> properties;
  private final Function<T, String> rowKey;

  /**
   * Describes an index.
   *
   * @param typeName the entity's discriminator
   * @param name the index name
   * @param rowKeySpec the bound RowKey template of the copy
   * @param properties the properties copied, or empty for all
   * @param rowKey computes the copy's RowKey for an entity, or null when the entity has no copy
   */
  public IndexMapping(
      String typeName, String name, KeySpec rowKeySpec, List<String> properties, Function<T, String> rowKey) {
    this.name = Objects.requireNonNull(name, "name");
    this.copyType = typeName + EntityMapping.INDEX_TYPE_SEPARATOR + name;
    this.rowKeySpec = Objects.requireNonNull(rowKeySpec, "rowKeySpec");
    this.properties = List.copyOf(properties);
    this.rowKey = Objects.requireNonNull(rowKey, "rowKey");
  }

  /** The index name. */
  public String name() {
    return name;
  }

  /** The discriminator of the copies: {@code type#name}. */
  public String copyType() {
    return copyType;
  }

  /** The bound RowKey template of the copy. */
  public KeySpec rowKeySpec() {
    return rowKeySpec;
  }

  /** The properties the copy holds; empty when it holds all of them. */
  public List<String> properties() {
    return properties;
  }

  /** Whether the copy holds every property, so reads through the index need no second request. */
  public boolean fullCopy() {
    return properties.isEmpty();
  }

  /**
   * The RowKey of the entity's copy, or null when one of the index's key properties is null: such an entity has
   * no copy and cannot be found through the index (a sparse index).
   *
   * @throws io.tablemapper.api.InvalidKeyException if a value breaks the key rules
   */
  public String rowKey(T entity) {
    return rowKey.apply(entity);
  }

  @Override
  public String toString() {
    return "index " + name + " (" + rowKeySpec.template() + (fullCopy() ? ", full copy)" : ", copies " + properties + ")");
  }
}
