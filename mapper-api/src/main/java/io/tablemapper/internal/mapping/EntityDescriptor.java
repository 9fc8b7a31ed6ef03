package io.tablemapper.internal.mapping;

import io.tablemapper.annotations.IndexForm;
import io.tablemapper.internal.key.KeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What an {@link EntityMapping} is built from, fact by fact: the entity class with its table and discriminator, then
 * by name its version, its bound key templates, whether it has an ETag, its index copies and its encrypted
 * properties. A generated mapping
 * passes one to its super constructor, written the way its annotations read:
 *
 * <pre>{@code
 * private Employee__Mapping() {
 *   super(EntityDescriptor.of(Employee.class, Employee_.TABLE, Employee_.TYPE)
 *       .partitionKey(Employee_.PARTITION_KEY_SPEC)
 *       .rowKey(Employee_.ROW_KEY_SPEC)
 *       .hasETag(true)
 *       .index("email", Employee_.INDEX_EMAIL_SPEC, Employee__Mapping::emailIndexRowKey));
 * }
 * }</pre>
 *
 * <p>A fact left out takes the default of {@code @Entity}: version 1, no ETag, no indexes. Every mapping needs a
 * PartitionKey; only an abstract class whose subtypes declare their own may leave the RowKey out ({@link EntityMapping}
 * checks both). Immutable: each method returns a new descriptor.
 *
 * @param <T> the entity class
 */
public final class EntityDescriptor<T> {
  final Class<T> entityClass;
  final String table;
  final String typeName;
  final int version;
  final KeySpec partitionKeySpec;
  final KeySpec rowKeySpec;
  final boolean hasETag;
  final List<IndexMapping<T>> indexes;
  final List<String> encrypted;

  private EntityDescriptor(
      Class<T> entityClass, String table, String typeName, int version, KeySpec partitionKeySpec, KeySpec rowKeySpec,
      boolean hasETag, List<IndexMapping<T>> indexes, List<String> encrypted) {
    this.entityClass = entityClass;
    this.table = table;
    this.typeName = typeName;
    this.version = version;
    this.partitionKeySpec = partitionKeySpec;
    this.rowKeySpec = rowKeySpec;
    this.hasETag = hasETag;
    this.indexes = indexes;
    this.encrypted = encrypted;
  }

  /**
   * Starts the description of an entity class.
   *
   * @param table the table its rows live in
   * @param typeName its discriminator
   */
  public static <T> EntityDescriptor<T> of(Class<T> entityClass, String table, String typeName) {
    return new EntityDescriptor<>(Objects.requireNonNull(entityClass, "entityClass"),
        Objects.requireNonNull(table, "table"), Objects.requireNonNull(typeName, "typeName"), 1, null, null, false,
        List.of(), List.of());
  }

  /** The schema version, {@code @Entity(version = ...)}; 1 unless given. */
  public EntityDescriptor<T> version(int version) {
    return new EntityDescriptor<>(entityClass, table, typeName, version, partitionKeySpec, rowKeySpec, hasETag,
        indexes, encrypted);
  }

  /** The bound PartitionKey template. */
  public EntityDescriptor<T> partitionKey(KeySpec spec) {
    return new EntityDescriptor<>(entityClass, table, typeName, version, spec, rowKeySpec, hasETag, indexes,
        encrypted);
  }

  /** The bound RowKey template. */
  public EntityDescriptor<T> rowKey(KeySpec spec) {
    return new EntityDescriptor<>(entityClass, table, typeName, version, partitionKeySpec, spec, hasETag, indexes,
        encrypted);
  }

  /** Whether the class has an {@code @ETag} property (then writes are conditional on it); false unless given. */
  public EntityDescriptor<T> hasETag(boolean hasETag) {
    return new EntityDescriptor<>(entityClass, table, typeName, version, partitionKeySpec, rowKeySpec, hasETag,
        indexes, encrypted);
  }

  /**
   * Adds an intra-partition index, whose copies are discriminated by this descriptor's type ({@code type#name}).
   *
   * @param name the index name
   * @param rowKeySpec the bound RowKey template of the copy
   * @param rowKey computes the copy's RowKey for an entity, or null when the entity has no copy
   * @param copiedProperties the stored names of the properties the copy holds; none for a full copy
   */
  public EntityDescriptor<T> index(
      String name, KeySpec rowKeySpec, Function<T, String> rowKey, String... copiedProperties) {
    return indexes(List.of(new IndexMapping<>(typeName, name, table, rowKeySpec, List.of(copiedProperties),
        rowKey)));
  }

  /**
   * Adds a remote index, whose copies live in another partition or table and are kept eventually consistent.
   *
   * @param name the index name
   * @param indexTable the table of the copies (this descriptor's for copies in the entity's table)
   * @param partitionKeySpec the bound PartitionKey template of the copy
   * @param partitionKey computes the copy's PartitionKey for an entity, or null when the entity has no copy
   * @param rowKeySpec the bound RowKey template of the copy
   * @param rowKey computes the copy's RowKey for an entity, or null when the entity has no copy
   * @param copiedProperties the stored names of the properties the copy holds; none for a full copy
   */
  public EntityDescriptor<T> remoteIndex(String name, String indexTable, KeySpec partitionKeySpec,
      Function<T, String> partitionKey, KeySpec rowKeySpec, Function<T, String> rowKey, String... copiedProperties) {
    return indexes(List.of(new IndexMapping<>(typeName, name, indexTable, partitionKeySpec, partitionKey, rowKeySpec,
        List.of(copiedProperties), rowKey)));
  }

  /**
   * Adds an index whose copies hold only the entity's keys ({@link IndexForm#KEYS}): in the entity's partition when
   * {@code partitionKeySpec} is null, else remote (as {@link #remoteIndex}).
   */
  public EntityDescriptor<T> keysIndex(String name, String indexTable, KeySpec partitionKeySpec,
      Function<T, String> partitionKey, KeySpec rowKeySpec, Function<T, String> rowKey) {
    return indexes(List.of(new IndexMapping<>(typeName, name, indexTable, partitionKeySpec, partitionKey, rowKeySpec,
        IndexForm.KEYS, List.of(), rowKey)));
  }

  /**
   * Adds an index keeping one row per value that lists the keys of its entities ({@link IndexForm#KEY_LIST}, the
   * guide's index entities), outside the entity's partition.
   */
  public EntityDescriptor<T> keyListIndex(String name, String indexTable, KeySpec partitionKeySpec,
      Function<T, String> partitionKey, KeySpec rowKeySpec, Function<T, String> rowKey) {
    return indexes(List.of(new IndexMapping<>(typeName, name, indexTable, partitionKeySpec, partitionKey, rowKeySpec,
        IndexForm.KEY_LIST, List.of(), rowKey)));
  }

  /** Adds index mappings built elsewhere (by the runtime, for a class compiled without the processor). */
  public EntityDescriptor<T> indexes(List<IndexMapping<T>> more) {
    List<IndexMapping<T>> all = new ArrayList<>(indexes);
    all.addAll(more);
    return new EntityDescriptor<>(entityClass, table, typeName, version, partitionKeySpec, rowKeySpec, hasETag,
        List.copyOf(all), encrypted);
  }

  /**
   * The stored names of the {@code @Encrypted} properties, which the mapper encrypts in each row {@code toRow} makes
   * and decrypts before {@code fromRow} reads one ({@link EntityMapping#toStoredRow}); none unless given.
   */
  public EntityDescriptor<T> encrypted(String... storedNames) {
    return new EntityDescriptor<>(entityClass, table, typeName, version, partitionKeySpec, rowKeySpec, hasETag,
        indexes, List.of(storedNames));
  }

  @Override
  public String toString() {
    return "EntityDescriptor[" + entityClass.getName() + " → table " + table + ", type " + typeName + "]";
  }
}
