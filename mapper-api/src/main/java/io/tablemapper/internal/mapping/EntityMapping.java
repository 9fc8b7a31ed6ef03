package io.tablemapper.internal.mapping;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.SchemaVersionException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownEntityTypeException;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.model.TableTemplate;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Set;

/**
 * How one entity class maps onto rows: generated at compile time as {@code Employee__Mapping} for each
 * {@code @Entity}, with plain code for the keys and every property. The runtime finds it by that name once per
 * class; nothing here reflects.
 *
 * <p>Every row the mapper writes for an entity carries its {@link #typeName()} in the mapper's discriminator
 * property ({@link #TYPE_PROPERTY} unless the mapper is built with another), which the mapper adds: a mapping's rows
 * hold the entity's properties only. Index copies carry {@code type#index} instead (see
 * {@link IndexMapping#copyType()}), and the primary RowKey in {@link #PRIMARY_ROW_KEY_PROPERTY} (a remote copy also
 * the primary PartitionKey, in {@link #PRIMARY_PARTITION_KEY_PROPERTY}, and table if it is another, in
 * {@link #PRIMARY_TABLE_PROPERTY}), so they are never mistaken for entities. A class of a version above 1 also
 * writes its version in {@link #VERSION_PROPERTY}; reading a row of an older version applies the declared
 * defaults and the class's upgrade method ({@link #upgraded}).
 *
 * @param <T> the entity class
 */
public abstract class EntityMapping<T> {
  /** The discriminator property every row carries, unless the mapper is built with another. */
  public static final String TYPE_PROPERTY = TableMapper.DEFAULT_DISCRIMINATOR;
  /** On an index copy: the RowKey of the entity it copies. */
  public static final String PRIMARY_ROW_KEY_PROPERTY = "TmPrimaryRowKey";
  /** On a remote index copy: the PartitionKey of the entity it copies. */
  public static final String PRIMARY_PARTITION_KEY_PROPERTY = "TmPrimaryPartitionKey";
  /** On a remote index copy in another table than its entity's: the entity's table. */
  public static final String PRIMARY_TABLE_PROPERTY = "TmPrimaryTable";
  /**
   * On a remote index copy that answers queries ({@code reads = IndexReads.COPIES}) and was written from a stored
   * entity: the ETag of that version of the entity, which a read through the copy hands out as the entity's.
   */
  public static final String PRIMARY_ETAG_PROPERTY = "TmPrimaryETag";
  /**
   * On a remote index copy that was claimed: the ids of the pending work of the writes that claimed it, separated by
   * spaces, so that no one deletes or takes over a claim whose write may still be recorded.
   */
  public static final String WORK_IDS_PROPERTY = "TmWorkIds";
  /**
   * The {@code @Entity(version = ...)} of the class that wrote a row, as an Int32; written only for versions above
   * 1, so a row without it was written by version 1 (or before versions were tracked).
   */
  public static final String VERSION_PROPERTY = "TmVersion";
  /** Separates the entity type from the index name in an index copy's discriminator. */
  public static final char INDEX_TYPE_SEPARATOR = '#';

  private final Class<T> entityClass;
  private final String table;
  private final String typeName;
  private final int version;
  private final KeySpec partitionKeySpec;
  private final KeySpec rowKeySpec;
  private final boolean hasETag;
  private final List<IndexMapping<T>> allIndexes;
  private final List<IndexMapping<T>> indexes;
  private final List<IndexMapping<T>> remoteIndexes;
  private final List<IndexMapping<T>> localLists;
  private final List<String> encryptedProperties;
  private final List<String> indexedProperties;
  private final EntityDescriptor<T> descriptor;
  /** The table-name template of a table per period, or null for one table. */
  private final TableTemplate tableTemplate;
  /** The key component the period is taken from, and whether it is in the RowKey; null for one table. */
  private final KeySpec.Part periodPart;
  private final boolean periodInRowKey;
  /** The mapping whose table this is one period of ({@link #inTable}), or null. */
  private final EntityMapping<T> periodOf;
  private final Map<String, EntityMapping<T>> periodTables = new ConcurrentHashMap<>();
  /** The stored names its head row always holds, for a wide class; else null. */
  private final Set<String> wideHead;
  private final Map<String, String> storedNames;
  private final List<String> largeProperties;
  private final NamingStrategy defaultNaming;
  private final CacheSettings cache;
  /** Each key component's property (Java name), to the key it is in, for {@link #dateTime}. */
  private final Map<String, KeySpec> keyComponents = new LinkedHashMap<>();

  /**
   * Describes the mapping.
   *
   * @param descriptor the entity class, its table, discriminator, version, keys, ETag and indexes
   * @throws NullPointerException if the descriptor has no PartitionKey, or no RowKey for a concrete class
   */
  protected EntityMapping(EntityDescriptor<T> descriptor) {
    this(descriptor, null);
  }

  private EntityMapping(EntityDescriptor<T> descriptor, EntityMapping<T> periodOf) {
    this.descriptor = descriptor;
    this.periodOf = periodOf;
    this.entityClass = descriptor.entityClass;
    this.table = descriptor.table;
    this.typeName = descriptor.typeName;
    this.version = descriptor.version;
    this.partitionKeySpec = Objects.requireNonNull(descriptor.partitionKeySpec, "partitionKeySpec");
    if (descriptor.rowKeySpec == null && !Modifier.isAbstract(entityClass.getModifiers())) {
      throw new NullPointerException("rowKeySpec of the concrete " + entityClass.getName());
    }
    this.rowKeySpec = descriptor.rowKeySpec;
    this.hasETag = descriptor.hasETag;
    this.allIndexes = descriptor.indexes;
    List<IndexMapping<T>> local = new ArrayList<>();
    List<IndexMapping<T>> remote = new ArrayList<>();
    List<IndexMapping<T>> lists = new ArrayList<>();
    for (IndexMapping<T> index : allIndexes) {
      (index.remote() ? remote : index.localList() ? lists : local).add(index);
    }
    this.indexes = List.copyOf(local);
    this.remoteIndexes = List.copyOf(remote);
    this.localLists = List.copyOf(lists);
    this.encryptedProperties = descriptor.encrypted;
    this.indexedProperties = descriptor.indexed;
    this.tableTemplate = TableTemplate.isTemplate(table) ? TableTemplate.parse(table) : null;
    KeySpec.Part inPartitionKey = tableTemplate == null ? null : part(partitionKeySpec, tableTemplate.property());
    KeySpec.Part inRowKey = tableTemplate == null ? null : part(rowKeySpec, tableTemplate.property());
    if (tableTemplate != null && inPartitionKey == null && inRowKey == null) {
      throw new IllegalArgumentException("table template " + table + " of " + entityClass.getName()
          + " takes its period from '" + tableTemplate.property() + "', which is in neither key");
    }
    this.periodPart = inPartitionKey != null ? inPartitionKey : inRowKey;
    this.periodInRowKey = inPartitionKey == null && inRowKey != null;
    this.wideHead = descriptor.wideHead == null ? null : Set.copyOf(descriptor.wideHead);
    this.storedNames = descriptor.storedNames;
    this.largeProperties = descriptor.large;
    this.defaultNaming = descriptor.defaultNaming;
    this.cache = descriptor.cache;
    addKeyComponents(partitionKeySpec);
    addKeyComponents(rowKeySpec);
    for (IndexMapping<T> index : allIndexes) {
      addKeyComponents(index.partitionKeySpec());
      addKeyComponents(index.rowKeySpec());
    }
  }

  private static KeySpec.Part part(KeySpec spec, String property) {
    if (spec != null) {
      for (KeySpec.Part part : spec.parts()) {
        if (part.property().equals(property)) {
          return part;
        }
      }
    }
    return null;
  }

  /**
   * The default naming strategy of its compilation that its stored names were made with, or null when
   * {@code @Naming} decided them all or the mapping was built at run time ({@link EntityDescriptor#defaultNaming}).
   */
  public final NamingStrategy defaultNaming() {
    return defaultNaming;
  }

  /**
   * The {@code @Cached} settings of the class, or null when its reads are not cached ({@link
   * EntityDescriptor#cached}): what a mapper's read cache asks, instead of the class's annotations.
   */
  public final CacheSettings cache() {
    return cache;
  }

  private void addKeyComponents(KeySpec spec) {
    if (spec != null) {
      for (KeySpec.Part part : spec.parts()) {
        keyComponents.putIfAbsent(part.property(), spec); // described when a message needs it: no concatenation here
      }
    }
  }

  /**
   * The stored name of each stored property, by Java name, in declaration order; empty for a mapping that does not
   * name them (one generated before they were named, or a dynamic one).
   */
  public final Map<String, String> storedNames() {
    return storedNames;
  }

  /** The entity class. */
  public final Class<T> entityClass() {
    return entityClass;
  }

  /**
   * The table; for a table per period ({@link #tableTemplate()}) the template, which is no table: each entity's
   * table is that of its period ({@link #inTable}, {@link #forKeys}).
   */
  public final String table() {
    return table;
  }

  /** The table-name template of a table per period, or null when every entity lives in {@link #table()}. */
  public final TableTemplate tableTemplate() {
    return tableTemplate;
  }

  /**
   * The mapping of one period's table: this mapping in every respect but its {@link #table()} (and the table of its
   * index copies, which live beside the entity); made once per table.
   *
   * @throws IllegalArgumentException if this mapping has no table per period, or the table is none of its periods
   */
  public final EntityMapping<T> inTable(String concreteTable) {
    if (tableTemplate == null) {
      throw new IllegalArgumentException(entityClass.getName() + " is stored in table " + table
          + ", which has no table per period");
    }
    if (tableTemplate.periodOf(concreteTable) == null) {
      throw new IllegalArgumentException("table " + concreteTable + " is not one of the tables " + table + " of "
          + entityClass.getName());
    }
    return periodTables.computeIfAbsent(concreteTable,
        name -> new PeriodTable<>(this, descriptor.inTable(table, name)));
  }

  /**
   * The mapping of the table an entity with these keys lives in: {@link #inTable} of the period its keys hold for a
   * table per period, else this mapping.
   *
   * @throws InvalidKeyException if the key that holds the period does not match its template
   */
  public final EntityMapping<T> forKeys(String partitionKey, String rowKey) {
    if (tableTemplate == null) {
      return this;
    }
    Object value = periodPart.valueIn(periodInRowKey ? rowKey : partitionKey);
    if (value == null) {
      throw new InvalidKeyException(entityClass.getSimpleName() + " has no '" + tableTemplate.property()
          + "', from which its table (" + table + ") is named; set it");
    }
    String concrete;
    try {
      concrete = tableTemplate.table(value);
    } catch (IllegalArgumentException outside) {
      throw new InvalidKeyException(entityClass.getSimpleName() + " with " + tableTemplate.property() + " = " + value
          + " has no table: " + outside.getMessage(), outside);
    }
    return inTable(concrete);
  }

  /** The mapping this one is a period's table of ({@link #inTable}), or this mapping. */
  public final EntityMapping<T> periodTemplate() {
    return periodOf == null ? this : periodOf;
  }

  /** The entity type, which the mapper writes to its discriminator property ({@link #TYPE_PROPERTY} by default). */
  public final String typeName() {
    return typeName;
  }

  /** The schema version. */
  public final int version() {
    return version;
  }

  /** The bound PartitionKey template. */
  public final KeySpec partitionKeySpec() {
    return partitionKeySpec;
  }

  /**
   * The bound RowKey template; null for an abstract class that declares none, whose concrete subtypes each declare
   * their own (as {@code @RowKey("CUSTOMER_{id:06}")} and {@code @RowKey("EMPLOYEE_{id:06}")}).
   */
  public final KeySpec rowKeySpec() {
    return rowKeySpec;
  }

  /** Whether the class has an {@code @ETag} property. */
  public final boolean hasETag() {
    return hasETag;
  }

  /**
   * The intra-partition indexes, each kept as a copy in the entity's partition and written in the entity's group
   * transaction (key lists in the partition are not among them: {@link #localLists()}).
   */
  public final List<IndexMapping<T>> indexes() {
    return indexes;
  }

  /**
   * The key lists in the entity's partition ({@link IndexMapping#localList()}): no copies, but one list row per value,
   * rewritten in the group transaction of each write that changes who has the value.
   */
  public final List<IndexMapping<T>> localLists() {
    return localLists;
  }

  /** The remote indexes, whose copies live in other partitions or tables and are kept eventually consistent. */
  public final List<IndexMapping<T>> remoteIndexes() {
    return remoteIndexes;
  }

  /** Every index, intra-partition and remote, in declaration order. */
  public final List<IndexMapping<T>> allIndexes() {
    return allIndexes;
  }

  private volatile WriteCosts.Shape writeShape;

  /** The entity's shape as its writes' costs see it ({@link WriteCosts}), made once. */
  public final WriteCosts.Shape writeShape() {
    WriteCosts.Shape shape = writeShape;
    if (shape == null) {
      int remote = remoteIndexes().size();
      shape = new WriteCosts.Shape(allIndexes().size() - remote, remote, !largeProperties().isEmpty(), version(),
          wide());
      writeShape = shape;
    }
    return shape;
  }

  /**
   * The stored names of the properties its index keys (of every index) are made of, besides the key components of
   * the entity's own keys: with the keys, all that is needed to find the entity's copies ({@link IndexMapping#rowKey},
   * {@link IndexMapping#partitionKey} of an entity read from a row that holds only these). Empty without indexes.
   */
  public final List<String> indexedProperties() {
    return indexedProperties;
  }

  /**
   * The stored names of the {@code @Encrypted} properties: the mapper encrypts them in every row this mapping makes
   * ({@link #toStoredRow}) and decrypts them before it reads one ({@link #fromStoredRow}). Empty for a
   * {@code Hierarchy}, whose members encrypt their own.
   */
  public final List<String> encryptedProperties() {
    return encryptedProperties;
  }

  /** Whether the class is {@code @Wide}: stored over a head row and part rows ({@link WideRows}). */
  public final boolean wide() {
    return wideHead != null;
  }

  /**
   * For a wide class, the stored names of the properties its head row always holds (keys, index properties,
   * {@code @Wide(head)}); empty for any other.
   */
  public final Set<String> wideHead() {
    return wideHead == null ? Set.of() : wideHead;
  }

  /**
   * The stored names of the {@code @Large} properties: every write of the mapper stores their values out of the row
   * and puts a reference in their place, and {@link #fromStoredRow} fetches them back ({@link MappingContext#fetch}).
   * Empty for a {@code Hierarchy}, whose members store their own.
   */
  public final List<String> largeProperties() {
    return largeProperties;
  }

  /**
   * The row as the store holds it: {@link #toRow}, then its {@link #encryptedProperties()} encrypted by the
   * mapper's context ({@link MappingContext#encrypt}). What every write of the mapper sends, and what its index
   * copies copy, so neither ever holds a plaintext of an encrypted property.
   *
   * @throws io.tablemapper.api.EncryptionException if the mapper has no key to encrypt with
   */
  public final TableRow toStoredRow(T entity, MappingContext context) {
    TableRow row = toRow(entity, context);
    return encryptedProperties.isEmpty() ? row : context.encrypt(this, row);
  }

  /**
   * The entity of a row as the store holds it: its {@link #largeProperties()} fetched ({@link MappingContext#fetch}),
   * its {@link #encryptedProperties()} decrypted by the mapper's context ({@link MappingContext#decrypt}), then
   * {@link #fromRow}.
   *
   * @throws io.tablemapper.api.DecryptionException if an encrypted value does not decrypt
   * @throws io.tablemapper.api.LargeValueNotFoundException if a referenced large value is missing
   */
  public final T fromStoredRow(TableRow row, MappingContext context) {
    TableRow whole = largeProperties.isEmpty() ? row : context.fetch(this, row);
    return fromRow(encryptedProperties.isEmpty() ? whole : context.decrypt(this, whole), context);
  }

  /**
   * The row without its {@link #encryptedProperties()}: enough to compute the entity's keys and index keys, which
   * never hold an encrypted property, without decrypting anything (so a write may replace an entity whose stored
   * value no longer decrypts). Its {@link #largeProperties()}, which no key holds either, are left out too: the row
   * holds only their references, which need not be fetched for that.
   */
  public final TableRow withoutEncrypted(TableRow row) {
    if (encryptedProperties.isEmpty() && largeProperties.isEmpty()) {
      return row;
    }
    TableRow.Builder stripped = row.toBuilder();
    for (String property : encryptedProperties) {
      stripped.put(property, null);
    }
    for (String property : largeProperties) {
      stripped.put(property, null);
    }
    return stripped.build();
  }

  /** The index with this name, in the entity's partition or remote, or null. */
  public final IndexMapping<T> indexNamed(String name) {
    for (IndexMapping<T> index : allIndexes) {
      if (index.name().equals(name)) {
        return index;
      }
    }
    return null;
  }

  /** The intra-partition index with this name, or null. */
  public final IndexMapping<T> index(String name) {
    for (IndexMapping<T> index : indexes) {
      if (index.name().equals(name)) {
        return index;
      }
    }
    return null;
  }

  /**
   * The entity's PartitionKey.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a value breaks the key rules
   */
  public abstract String partitionKey(T entity);

  /**
   * The entity's RowKey.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a value breaks the key rules
   */
  public abstract String rowKey(T entity);

  /**
   * The row for an entity: its keys, its version marker (above version 1) and every stored property (null values
   * left out), but not its type, which the mapper adds under its discriminator property. Values are converted but
   * not checked against the store's limits; the runtime does that for the whole row.
   */
  public abstract TableRow toRow(T entity, MappingContext context);

  /**
   * The entity for a row, with its ETag and Timestamp where the class maps them. A row of an older version of the
   * class first goes through the class's {@code @Upgrade} method ({@link #upgraded}); properties it still lacks
   * take their {@code @DefaultValue}. Otherwise properties the row lacks take their type's default (null, 0,
   * false). Key properties are always decoded from the keys, which are the truth; a row whose column of a key
   * property holds another value is refused ({@link Values#keyInt}). Properties the class does not know are
   * ignored.
   *
   * @throws io.tablemapper.api.InvalidEntityException if a property has a type or value the class cannot hold, or a
   *     key property's column disagrees with the key
   */
  public abstract T fromRow(TableRow row, MappingContext context);

  /**
   * The store value of a time property, given as its instant (an OffsetDateTime's, a LocalDateTime's in UTC): the
   * value itself when it is whole 100 ns ticks (or null); otherwise a key component is refused, since its key keeps
   * every digit and would no longer match the stored value, and any other property is truncated or refused as the
   * mapper's {@link io.tablemapper.api.TimePrecisionPolicy} says ({@link MappingContext#subTickDateTime}).
   *
   * @param property the property's Java name
   * @throws InvalidKeyException if a key component is finer than a tick
   * @throws InvalidEntityException if the mapper's policy refuses a finer value
   */
  protected final Instant dateTime(Instant value, String property, MappingContext context) {
    if (value == null || value.getNano() % StoreLimits.DATE_TIME_TICK_NANOS == 0) {
      return value;
    }
    KeySpec key = keyComponents.get(property);
    if (key != null) {
      throw new InvalidKeyException(entityClass.getSimpleName() + "." + property + " = " + value + " is more precise"
          + " than the store's 100 ns ticks and part of the " + key.keyName() + " '" + key.template() + "', so it cannot be truncated without its key"
          + " and its stored value disagreeing; truncate it before writing, for example with"
          + " value.truncatedTo(ChronoUnit.MICROS)");
    }
    return context.subTickDateTime(value, entityClass.getSimpleName(), property);
  }

  /** The entity's {@code @ETag} value, or null (also when the class has none). */
  public abstract String etag(T entity);

  /**
   * The entity as stored: with this ETag and Timestamp where the class maps them. A record yields a new
   * instance; a JavaBean is updated in place and returned.
   */
  public abstract T withSystemProperties(T entity, String etag, Instant timestamp);

  /** The version that wrote a row: its {@link #VERSION_PROPERTY}, or 1 when it has none (or not as an Int32). */
  public static int rowVersion(TableRow row) {
    Object version = row.get(VERSION_PROPERTY);
    return version instanceof Integer ? (Integer) version : 1;
  }

  /** Whether a row was written by an older version of the class than this mapping's. */
  protected final boolean olderVersion(TableRow row) {
    return rowVersion(row) < version;
  }

  /**
   * Called by generated code for a row of an older version: the row after the class's {@code @Upgrade} method
   * changed its properties, or the row itself when the row is not older. Keys, ETag and Timestamp are kept.
   *
   * @throws SchemaVersionException naming the entity, its keys and the versions if the method
   *     throws or leaves a value the store cannot hold
   */
  protected final TableRow upgraded(TableRow row, Upgrader upgrader) {
    int from = rowVersion(row);
    if (from >= version) {
      return row;
    }
    Map<String, Object> properties = new LinkedHashMap<>(row.properties());
    String what = "the @Upgrade method of " + entityClass.getSimpleName() + " failed on " + row.describeKeys()
        + " (stored version " + from + ", class version " + version + ")";
    try {
      upgrader.upgrade(from, properties);
      return TableRow.builder(row.partitionKey(), row.rowKey(), properties.size())
          .putAll(properties)
          .etag(row.etag())
          .timestamp(row.timestamp())
          .build();
    } catch (RuntimeException e) {
      throw new SchemaVersionException(what + ": " + e, e);
    }
  }

  /**
   * Called by the generated {@code toRow} of an abstract entity class: only its subtypes, each with its own
   * {@code @Entity(type = ...)}, have rows. Reached when an object's class extends the abstract entity without
   * being an {@code @Entity} itself.
   */
  protected final InvalidEntityException abstractEntity(T entity) {
    return new InvalidEntityException(
        entity.getClass().getName() + " extends the abstract @Entity " + entityClass.getSimpleName()
            + " but is no @Entity itself, so its rows would have no type of their own; annotate "
            + entity.getClass().getSimpleName() + " with @Entity(type = \"...\")");
  }

  /**
   * Called by the generated {@code fromRow} of an abstract entity class, whose own type no row may have: rows are
   * read through the mapping of their subtype.
   */
  protected final UnknownEntityTypeException abstractRow(TableRow row) {
    return new UnknownEntityTypeException(null,
        "row " + row.describeKeys() + " of table " + table + " cannot be read as " + entityClass.getSimpleName()
            + ", which is abstract: read it through its subtype's mapping (a repository or partition read of "
            + entityClass.getSimpleName() + " resolves each row to its subtype by its discriminator)");
  }

  /** A mapping of one period's table: the template's code, another table. */
  private static final class PeriodTable<T> extends EntityMapping<T> {
    private final EntityMapping<T> template;

    PeriodTable(EntityMapping<T> template, EntityDescriptor<T> descriptor) {
      super(descriptor, template);
      this.template = template;
    }

    @Override
    public String partitionKey(T entity) {
      return template.partitionKey(entity);
    }

    @Override
    public String rowKey(T entity) {
      return template.rowKey(entity);
    }

    @Override
    public TableRow toRow(T entity, MappingContext context) {
      return template.toRow(entity, context);
    }

    @Override
    public T fromRow(TableRow row, MappingContext context) {
      return template.fromRow(row, context);
    }

    @Override
    public String etag(T entity) {
      return template.etag(entity);
    }

    @Override
    public T withSystemProperties(T entity, String etag, Instant timestamp) {
      return template.withSystemProperties(entity, etag, timestamp);
    }
  }

  /**
   * A class's {@code @Upgrade} method, as generated code passes it: changes the properties of a row written by
   * {@code fromVersion} in place.
   */
  @FunctionalInterface
  public interface Upgrader {
    /** Upgrades the properties (by stored name, as store values) of a row written by {@code fromVersion}. */
    void upgrade(int fromVersion, Map<String, Object> properties);
  }

  @Override
  public String toString() {
    return "EntityMapping[" + entityClass.getName() + " → table " + table + ", type " + typeName + "]";
  }
}
