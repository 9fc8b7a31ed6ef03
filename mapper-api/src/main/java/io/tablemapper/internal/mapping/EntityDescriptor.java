package io.tablemapper.internal.mapping;

import io.tablemapper.annotations.IndexForm;
import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.internal.key.KeySpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What an {@link EntityMapping} is built from, fact by fact: the entity class with its table and discriminator, then
 * by name its version, its bound key templates, whether it has an ETag, its index copies, its encrypted
 * properties, its large ones, the stored name of each stored property and its {@code @Cached} settings. A generated mapping
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
 * <p>A fact left out takes the default of {@code @Entity}: version 1, no ETag, no indexes, not cached. Every mapping needs a
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
  final List<String> indexed;
  final List<String> wideHead;
  final Map<String, String> storedNames;
  final List<String> large;
  final NamingStrategy defaultNaming;
  final CacheSettings cache;

  /** The facts of a descriptor while one of them is changed: each method copies them, changes one, and builds anew. */
  private static final class Facts<T> {
    Class<T> entityClass;
    String table;
    String typeName;
    int version = 1;
    KeySpec partitionKeySpec;
    KeySpec rowKeySpec;
    boolean hasETag;
    List<IndexMapping<T>> indexes = List.of();
    List<String> encrypted = List.of();
    List<String> indexed = List.of();
    List<String> wideHead;
    Map<String, String> storedNames = Map.of();
    List<String> large = List.of();
    NamingStrategy defaultNaming;
    CacheSettings cache;
  }

  private EntityDescriptor(Facts<T> facts) {
    this.entityClass = facts.entityClass;
    this.table = facts.table;
    this.typeName = facts.typeName;
    this.version = facts.version;
    this.partitionKeySpec = facts.partitionKeySpec;
    this.rowKeySpec = facts.rowKeySpec;
    this.hasETag = facts.hasETag;
    this.indexes = facts.indexes;
    this.encrypted = facts.encrypted;
    this.indexed = facts.indexed;
    this.wideHead = facts.wideHead;
    this.storedNames = facts.storedNames;
    this.large = facts.large;
    this.defaultNaming = facts.defaultNaming;
    this.cache = facts.cache;
  }

  /**
   * A copy of this descriptor's facts, for a method to change one and build a new descriptor of (no lambda per
   * fact: each would be spun into a class at the first mapping's construction, at start-up).
   */
  private Facts<T> copy() {
    Facts<T> facts = new Facts<>();
    facts.entityClass = entityClass;
    facts.table = table;
    facts.typeName = typeName;
    facts.version = version;
    facts.partitionKeySpec = partitionKeySpec;
    facts.rowKeySpec = rowKeySpec;
    facts.hasETag = hasETag;
    facts.indexes = indexes;
    facts.encrypted = encrypted;
    facts.indexed = indexed;
    facts.wideHead = wideHead;
    facts.storedNames = storedNames;
    facts.large = large;
    facts.defaultNaming = defaultNaming;
    facts.cache = cache;
    return facts;
  }

  /**
   * Starts the description of an entity class.
   *
   * @param table the table its rows live in
   * @param typeName its discriminator
   */
  public static <T> EntityDescriptor<T> of(Class<T> entityClass, String table, String typeName) {
    Facts<T> facts = new Facts<>();
    facts.entityClass = Objects.requireNonNull(entityClass, "entityClass");
    facts.table = Objects.requireNonNull(table, "table");
    facts.typeName = Objects.requireNonNull(typeName, "typeName");
    return new EntityDescriptor<>(facts);
  }

  /** The schema version, {@code @Entity(version = ...)}; 1 unless given. */
  public EntityDescriptor<T> version(int version) {
    Facts<T> facts = copy();
    facts.version = version;
    return new EntityDescriptor<>(facts);
  }

  /** The bound PartitionKey template. */
  public EntityDescriptor<T> partitionKey(KeySpec spec) {
    Facts<T> facts = copy();
    facts.partitionKeySpec = spec;
    return new EntityDescriptor<>(facts);
  }

  /** The bound RowKey template. */
  public EntityDescriptor<T> rowKey(KeySpec spec) {
    Facts<T> facts = copy();
    facts.rowKeySpec = spec;
    return new EntityDescriptor<>(facts);
  }

  /** Whether the class has an {@code @ETag} property (then writes are conditional on it); false unless given. */
  public EntityDescriptor<T> hasETag(boolean hasETag) {
    Facts<T> facts = copy();
    facts.hasETag = hasETag;
    return new EntityDescriptor<>(facts);
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
   * guide's index entities): in the entity's partition when {@code partitionKeySpec} is null (written in the entity's
   * EGT), else outside it (kept by pending work).
   */
  public EntityDescriptor<T> keyListIndex(String name, String indexTable, KeySpec partitionKeySpec,
      Function<T, String> partitionKey, KeySpec rowKeySpec, Function<T, String> rowKey) {
    return indexes(List.of(new IndexMapping<>(typeName, name, indexTable, partitionKeySpec, partitionKey, rowKeySpec,
        IndexForm.KEY_LIST, List.of(), rowKey)));
  }

  /**
   * Makes the queries through an index added before answered by its copies ({@code reads = IndexReads.COPIES}).
   *
   * @throws IllegalArgumentException when no such index was added, or its copies cannot answer
   */
  public EntityDescriptor<T> copyReads(String name) {
    List<IndexMapping<T>> all = new ArrayList<>(indexes.size());
    boolean found = false;
    for (IndexMapping<T> index : indexes) {
      found |= index.name().equals(name);
      all.add(index.name().equals(name) ? index.answeringFromCopies() : index);
    }
    if (!found) {
      throw new IllegalArgumentException("no index " + name + " to answer queries from its copies");
    }
    Facts<T> facts = copy();
    facts.indexes = List.copyOf(all);
    return new EntityDescriptor<>(facts);
  }

  /** Adds index mappings built elsewhere (by the runtime, for a class compiled without the processor). */
  public EntityDescriptor<T> indexes(List<IndexMapping<T>> more) {
    List<IndexMapping<T>> all = new ArrayList<>(indexes);
    all.addAll(more);
    Facts<T> facts = copy();
    facts.indexes = List.copyOf(all);
    return new EntityDescriptor<>(facts);
  }

  /**
   * This description in another table (one period's table of a table-name template): the entity's and its copies
   * in the entity's partition, which lived in {@code template}.
   */
  EntityDescriptor<T> inTable(String template, String concreteTable) {
    List<IndexMapping<T>> moved = new ArrayList<>();
    for (IndexMapping<T> index : indexes) {
      moved.add(index.table().equals(template) ? index.inTable(concreteTable) : index);
    }
    Facts<T> facts = copy();
    facts.table = concreteTable;
    facts.indexes = List.copyOf(moved);
    return new EntityDescriptor<>(facts);
  }

  /**
   * The stored names of the {@code @Encrypted} properties, which the mapper encrypts in each row {@code toRow} makes
   * and decrypts before {@code fromRow} reads one ({@link EntityMapping#toStoredRow}); none unless given.
   */
  public EntityDescriptor<T> encrypted(String... encryptedNames) {
    Facts<T> facts = copy();
    facts.encrypted = List.of(encryptedNames);
    return new EntityDescriptor<>(facts);
  }

  /**
   * The stored names of the properties that the keys of its index copies are made of, besides its own key
   * components (which its keys hold): what a read needs of an entity to find its copies, as a delete by query reads
   * it ({@link EntityMapping#indexedProperties}); none unless given.
   */
  public EntityDescriptor<T> indexed(String... indexedNames) {
    Facts<T> facts = copy();
    facts.indexed = List.of(indexedNames);
    return new EntityDescriptor<>(facts);
  }

  /**
   * Makes the class wide ({@code @Wide}): stored over a head row and part rows ({@link WideRows}).
   *
   * @param headStoredNames the stored names of the properties its head row always holds
   */
  public EntityDescriptor<T> wide(String... headStoredNames) {
    Facts<T> facts = copy();
    facts.wideHead = List.of(headStoredNames);
    return new EntityDescriptor<>(facts);
  }

  /**
   * The stored properties by Java name: pairs of a property's Java name and the name the store holds it under
   * ({@code "firstName", Employee_.FIRST_NAME, ...}), which a partial merge names; none unless given.
   *
   * @throws IllegalArgumentException if the names do not come in pairs
   */
  public EntityDescriptor<T> properties(String... namesAndStoredNames) {
    if (namesAndStoredNames.length % 2 != 0) {
      throw new IllegalArgumentException("properties come in pairs of a Java name and a stored name, not "
          + namesAndStoredNames.length + " names");
    }
    Map<String, String> names = new LinkedHashMap<>();
    for (int i = 0; i < namesAndStoredNames.length; i += 2) {
      names.put(namesAndStoredNames[i], namesAndStoredNames[i + 1]);
    }
    Map<String, String> stored = Collections.unmodifiableMap(names);
    Facts<T> facts = copy();
    facts.storedNames = stored;
    return new EntityDescriptor<>(facts);
  }

  /**
   * The stored names of the {@code @Large} properties, which the mapper stores out of the row ({@link
   * EntityMapping#largeProperties()}); none unless given.
   */
  public EntityDescriptor<T> large(String... largeNames) {
    Facts<T> facts = copy();
    facts.large = List.of(largeNames);
    return new EntityDescriptor<>(facts);
  }

  /**
   * The naming strategy the stored names were made with, for a class whose names followed the default of its
   * compilation ({@code -Atablemapper.naming}, else as declared) because no {@code @Naming} governs it or an
   * {@code @Entity} superclass: a mapper built with another default naming refuses the class. Left out (null) when
   * {@code @Naming} decided every name, or by a mapping built at run time, which follows the mapper's default.
   */
  public EntityDescriptor<T> defaultNaming(NamingStrategy strategy) {
    Facts<T> facts = copy();
    facts.defaultNaming = strategy;
    return new EntityDescriptor<>(facts);
  }

  /**
   * Makes the class {@code @Cached}: a mapper serves its point and whole-partition reads from a read cache of these
   * settings ({@link EntityMapping#cache()}); not cached unless given.
   *
   * @param maximumSize {@code @Cached(maximumSize)}
   * @param expireAfterWriteSeconds {@code @Cached(expireAfterWriteSeconds)}
   */
  public EntityDescriptor<T> cached(long maximumSize, long expireAfterWriteSeconds) {
    return cached(new CacheSettings(maximumSize, expireAfterWriteSeconds));
  }

  /** The same as {@link #cached(long, long)}, or not cached when {@code settings} is null. */
  public EntityDescriptor<T> cached(CacheSettings settings) {
    Facts<T> facts = copy();
    facts.cache = settings;
    return new EntityDescriptor<>(facts);
  }

  @Override
  public String toString() {
    return "EntityDescriptor[" + entityClass.getName() + " → table " + table + ", type " + typeName + "]";
  }
}
