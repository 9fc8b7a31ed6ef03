package io.tablemapper.internal.mapping;

import io.tablemapper.annotations.IndexForm;
import io.tablemapper.internal.key.KeySpec;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One {@code @Index} of an entity: where its copy lives (the entity's partition, or another partition or table) and
 * which properties the copy holds.
 *
 * <p>A copy in the entity's partition ({@link #remote()} false) is written in the entity's group transaction. A
 * remote copy lives under {@link #partitionKey} in {@link #table()} and is kept eventually consistent by the
 * mapper's pending work.
 *
 * <p><b>What a copy holds</b> — one rule, for every writer of copies (the entity's group transaction and the pending
 * work alike): the mapper's discriminator with {@link #copyType()}, the entity's RowKey in
 * {@link EntityMapping#PRIMARY_ROW_KEY_PROPERTY} (a remote copy also its PartitionKey, and its table when it is
 * another, see {@link EntityMapping}), and of the entity's own properties those {@link #holds(String)} accepts:
 * every one for a {@link #fullCopy()}, the {@link #properties()} of a partial copy, none when {@link #keysOnly()}.
 *
 * @param <T> the entity class
 */
public final class IndexMapping<T> {
  private final String name;
  private final String copyType;
  private final String table;
  private final KeySpec partitionKeySpec;
  private final Function<T, String> partitionKey;
  private final KeySpec rowKeySpec;
  private final List<String> properties;
  private final Function<T, String> rowKey;
  private final IndexForm form;
  private final boolean copyReads;

  /**
   * Describes an index in the entity's partition.
   *
   * @param typeName the entity's discriminator
   * @param name the index name
   * @param table the entity's table
   * @param rowKeySpec the bound RowKey template of the copy
   * @param properties the properties copied, or empty for all
   * @param rowKey computes the copy's RowKey for an entity, or null when the entity has no copy
   */
  public IndexMapping(String typeName, String name, String table, KeySpec rowKeySpec, List<String> properties,
      Function<T, String> rowKey) {
    this(typeName, name, table, null, null, rowKeySpec, properties, rowKey);
  }

  /**
   * Describes an index whose copies live in another partition or table (a remote index), or, with a null
   * {@code partitionKeySpec}, in the entity's partition.
   *
   * @param typeName the entity's discriminator
   * @param name the index name
   * @param table the table of the copies
   * @param partitionKeySpec the bound PartitionKey template of the copy, or null for the entity's partition
   * @param partitionKey computes the copy's PartitionKey for an entity, or null when the entity has no copy; null
   *     when {@code partitionKeySpec} is
   * @param rowKeySpec the bound RowKey template of the copy
   * @param properties the properties copied, or empty for all
   * @param rowKey computes the copy's RowKey for an entity, or null when the entity has no copy
   */
  public IndexMapping(String typeName, String name, String table, KeySpec partitionKeySpec,
      Function<T, String> partitionKey, KeySpec rowKeySpec, List<String> properties, Function<T, String> rowKey) {
    this(typeName, name, table, partitionKeySpec, partitionKey, rowKeySpec, IndexForm.COPY, properties, rowKey);
  }

  /**
   * Describes an index of any form; see {@link #IndexMapping(String, String, String, KeySpec, Function, KeySpec,
   * List, Function)}.
   *
   * @param form what the copies hold: a copy of properties, the keys alone, or a list of keys per value (then
   *     {@code properties} is empty; a list without a {@code partitionKeySpec} lives in its entity's partition)
   */
  public IndexMapping(String typeName, String name, String table, KeySpec partitionKeySpec,
      Function<T, String> partitionKey, KeySpec rowKeySpec, IndexForm form, List<String> properties,
      Function<T, String> rowKey) {
    this.form = Objects.requireNonNull(form, "form");
    if (form != IndexForm.COPY && !properties.isEmpty()) {
      throw new IllegalArgumentException("index " + name + ": a keys-only or key-list index copies no properties");
    }
    this.name = Objects.requireNonNull(name, "name");
    this.copyType = typeName + EntityMapping.INDEX_TYPE_SEPARATOR + name;
    this.table = Objects.requireNonNull(table, "table");
    if ((partitionKeySpec == null) != (partitionKey == null)) {
      throw new IllegalArgumentException("index " + name + ": a PartitionKey spec needs its function, and back");
    }
    this.partitionKeySpec = partitionKeySpec;
    this.partitionKey = partitionKey;
    this.rowKeySpec = Objects.requireNonNull(rowKeySpec, "rowKeySpec");
    this.properties = List.copyOf(properties);
    this.rowKey = Objects.requireNonNull(rowKey, "rowKey");
    this.copyReads = false;
  }

  private IndexMapping(IndexMapping<T> other, String table, boolean copyReads) {
    this.copyReads = copyReads;
    this.form = other.form;
    this.name = other.name;
    this.copyType = other.copyType;
    this.table = table;
    this.partitionKeySpec = other.partitionKeySpec;
    this.partitionKey = other.partitionKey;
    this.rowKeySpec = other.rowKeySpec;
    this.properties = other.properties;
    this.rowKey = other.rowKey;
  }

  /** This index with its copies in another table: one period's table of the entity's table-name template. */
  IndexMapping<T> inTable(String otherTable) {
    return new IndexMapping<>(this, otherTable, copyReads);
  }

  /**
   * This index with queries answered by its copies ({@code reads = IndexReads.COPIES}).
   *
   * @throws IllegalArgumentException for an index whose copies cannot answer: one in the entity's partition, or
   *     one that copies no property (keys only, key list)
   */
  public IndexMapping<T> answeringFromCopies() {
    if (!remote() || form != IndexForm.COPY) {
      throw new IllegalArgumentException("index " + name + ": only a copy index in another partition or table"
          + " answers queries from its copies");
    }
    return new IndexMapping<>(this, table, true);
  }

  /**
   * Whether queries through the index may be answered by its copies alone ({@code reads = IndexReads.COPIES}),
   * eventually consistent; its copies then also hold the ETag of the entity's version they were written from
   * ({@link EntityMapping#PRIMARY_ETAG_PROPERTY}). Which query a copy answers the processor decides
   * ({@link EntityQuery#copiesAnswer()}).
   */
  public boolean copyReads() {
    return copyReads;
  }

  /** The index name. */
  public String name() {
    return name;
  }

  /** The discriminator of the copies: {@code type#name}. */
  public String copyType() {
    return copyType;
  }

  /** The table of the copies: the entity's own unless the index names another. */
  public String table() {
    return table;
  }

  /**
   * Whether the copies live outside the entity's partition (another PartitionKey, or another table), so they are
   * kept eventually consistent rather than in the entity's group transaction.
   */
  public boolean remote() {
    return partitionKeySpec != null;
  }

  /** The bound PartitionKey template of a remote index's copies; null for copies in the entity's partition. */
  public KeySpec partitionKeySpec() {
    return partitionKeySpec;
  }

  /**
   * The PartitionKey of the entity's copy in a remote index, or null when one of the template's properties is null
   * (then the entity has no copy); for an index in the entity's partition, null.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a value breaks the key rules
   */
  public String partitionKey(T entity) {
    return partitionKey == null ? null : partitionKey.apply(entity);
  }

  /** The bound RowKey template of the copy. */
  public KeySpec rowKeySpec() {
    return rowKeySpec;
  }

  /** The properties the copy holds; empty when it holds all of them, or none ({@link #keysOnly()}). */
  public List<String> properties() {
    return properties;
  }

  /**
   * Whether the copy holds every property of the entity; a full copy in the entity's partition answers reads through
   * the index alone.
   */
  public boolean fullCopy() {
    return form == IndexForm.COPY && properties.isEmpty();
  }

  /** Whether the copy holds only the entity's keys ({@link IndexForm#KEYS}, the seed's normalized index). */
  public boolean keysOnly() {
    return form == IndexForm.KEYS;
  }

  /**
   * Whether the index keeps one row per value listing the keys of its entities ({@link IndexForm#KEY_LIST}, the
   * guide's index entities) rather than a row per entity.
   */
  public boolean keyList() {
    return form == IndexForm.KEY_LIST;
  }

  /**
   * Whether the index is a key list in its entity's partition: its lists are written in the entity's EGT, so they
   * are strongly consistent, and it has no copies.
   */
  public boolean localList() {
    return keyList() && !remote();
  }

  /** What the copies hold: a copy of properties, the keys alone, or a list of keys per value. */
  public IndexForm form() {
    return form;
  }

  /**
   * Whether the copy holds the entity's property of this stored name: every property for a full copy, the listed
   * ones for a partial copy, none for a keys-only index. The markers of a copy ({@code type#index}, the primary keys)
   * are not properties of the entity and always there.
   */
  public boolean holds(String storedName) {
    return fullCopy() || properties.contains(storedName);
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
    return "index " + name + " (" + (remote() ? "table " + table + ", " + partitionKeySpec.template() + " / " : "")
        + rowKeySpec.template() + (fullCopy() ? ", full copy)" : keysOnly() ? ", keys only)"
            : keyList() ? ", key list)"
            : ", copies " + properties + ")") + (copyReads ? ", answered by its copies" : "");
  }
}
