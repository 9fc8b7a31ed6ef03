package io.tablemapper.runtime.rows;

import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.model.RowMarks;
import io.tablemapper.spi.TableRow;
import java.util.Map;
import java.util.Set;
import io.tablemapper.runtime.mapping.Discriminator;

/**
 * The rows of intra-partition index copies: a copy lives in its entity's partition under the index's RowKey, holds
 * every property of the entity (full copy) or the index's properties (partial copy), and carries
 * {@code type#index} under the mapper's {@link Discriminator} and the entity's RowKey in
 * {@link EntityMapping#PRIMARY_ROW_KEY_PROPERTY}. What a copy holds of the entity is {@link IndexMapping}'s one rule
 * ({@link IndexMapping#holds}): every property, the index's {@code properties}, or none for a keys-only index. The
 * bookkeeping a copy carries is the one {@link RowMarks#copyMarks} counts, so that no class whose copies would be too
 * wide for a row is ever mapped.
 */
public final class IndexCopies {
  /** What a remote copy holds besides the entity's properties (its discriminator is replaced, not dropped). */
  private static final Set<String> COPY_BOOKKEEPING = Set.of(
      EntityMapping.PRIMARY_ROW_KEY_PROPERTY, EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY,
      EntityMapping.PRIMARY_TABLE_PROPERTY, EntityMapping.PRIMARY_ETAG_PROPERTY, EntityMapping.WORK_IDS_PROPERTY);

  private IndexCopies() {}

  /**
   * The copy of an entity's row (with its discriminator) for one index, holding what {@link IndexMapping#holds}
   * accepts: every property of a full copy, a partial copy's properties, none of a keys-only index's.
   */
  public static TableRow copy(Discriminator discriminator, IndexMapping<?> index, TableRow primary, String copyRowKey) {
    TableRow.Builder copy;
    int marks = RowMarks.copyMarkCount(false, false);
    if (index.fullCopy()) {
      // the row's discriminator is replaced by the copy's
      copy = TableRow.builder(primary.partitionKey(), copyRowKey, primary.properties().size() - 1 + marks);
      for (Map.Entry<String, Object> property : primary.properties().entrySet()) {
        copy.put(property.getKey(), property.getValue());
      }
    } else {
      copy = TableRow.builder(primary.partitionKey(), copyRowKey, index.properties().size() + marks);
      for (String name : index.properties()) {
        copy.put(name, primary.get(name));
      }
    }
    return copy.putString(discriminator.name(), index.copyType())
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, primary.rowKey())
        .build();
  }

  /**
   * The copy of an entity's row for a remote index: under the copy's own keys, with the entity's PartitionKey and
   * RowKey (and its table, when the index lives in another) so that a reader can find the entity. The copy of an
   * index whose copies answer queries ({@link IndexMapping#copyReads()}) made from a stored row (one with an ETag:
   * the pending work's, never a claim made before the entity's transaction) also holds that version's ETag
   * ({@link EntityMapping#PRIMARY_ETAG_PROPERTY}), which a read through the copy hands out as the entity's.
   *
   * @param entityTable the entity's table
   */
  public static TableRow remoteCopy(Discriminator discriminator, IndexMapping<?> index, TableRow primary,
      String entityTable,
      String copyPartitionKey, String copyRowKey) {
    boolean otherTable = !index.table().equalsIgnoreCase(entityTable);
    boolean version = index.copyReads() && primary.etag() != null;
    TableRow.Builder copy = TableRow.builder(copyPartitionKey, copyRowKey,
        (index.fullCopy() ? primary.properties().size() - 1 : index.properties().size())
            + RowMarks.copyMarkCount(true, otherTable, version)); // a full copy's discriminator replaces the row's
    if (index.fullCopy()) {
      copy.putAll(primary.properties());
    } else {
      for (String name : index.properties()) {
        copy.put(name, primary.get(name));
      }
    }
    copy.putString(discriminator.name(), index.copyType())
        .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, primary.rowKey())
        .putString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, primary.partitionKey());
    if (otherTable) {
      copy.putString(EntityMapping.PRIMARY_TABLE_PROPERTY, entityTable);
    }
    if (version) {
      copy.putString(EntityMapping.PRIMARY_ETAG_PROPERTY, primary.etag());
    }
    return copy.build();
  }

  /**
   * The entity's own row as a remote copy that answers queries holds it ({@link IndexMapping#copyReads()}): the
   * entity's keys and discriminator, the copy's properties without its bookkeeping, the copy's Timestamp, and as
   * ETag the one of the entity's version the copy was written from, or the copy's own where it records none (a
   * claim written before its entity's transaction, which then names no stored version: a conditional write with it
   * fails as stale).
   */
  public static TableRow remotePrimaryView(Discriminator discriminator, TableRow copy, String typeName) {
    String primaryRowKey = primaryRowKey(copy);
    String primaryPartitionKey = primaryPartitionKey(copy);
    TableRow.Builder row = TableRow.builder(primaryPartitionKey != null ? primaryPartitionKey : copy.partitionKey(),
        primaryRowKey != null ? primaryRowKey : copy.rowKey(), copy.properties().size());
    for (Map.Entry<String, Object> property : copy.properties().entrySet()) {
      if (!COPY_BOOKKEEPING.contains(property.getKey())) {
        row.put(property.getKey(), property.getValue());
      }
    }
    Object etag = copy.get(EntityMapping.PRIMARY_ETAG_PROPERTY);
    return row.putString(discriminator.name(), typeName)
        .etag(etag instanceof String ? (String) etag : copy.etag())
        .timestamp(copy.timestamp())
        .build();
  }


  /** Whether a row is a remote copy, for one index, of the entity with these keys. */
  public static boolean isRemoteCopyOf(Discriminator discriminator, TableRow row, IndexMapping<?> index,
      String primaryPartitionKey, String primaryRowKey) {
    return index.copyType().equals(discriminator.typeOf(row)) && primaryRowKey.equals(primaryRowKey(row))
        && primaryPartitionKey.equals(row.get(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY));
  }

  /**
   * The entity's own row as a full copy holds it: the entity's RowKey and discriminator, the copy's properties,
   * and the copy's ETag and Timestamp. Where the rows of a batch share one version those are the entity's (a copy
   * is always written in its entity's batch); elsewhere the copy's ETag still names the entity's version, as
   * {@code WritePlanner} accepts it while the copy shows the stored entity ({@code WritePlanner.copyShowsStored}).
   */
  public static TableRow primaryView(Discriminator discriminator, TableRow copy, String typeName) {
    String primaryRowKey = primaryRowKey(copy);
    TableRow.Builder row =
        TableRow.builder(copy.partitionKey(), primaryRowKey != null ? primaryRowKey : copy.rowKey(),
            copy.properties().size());
    for (Map.Entry<String, Object> property : copy.properties().entrySet()) {
      if (!property.getKey().equals(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)) {
        row.put(property.getKey(), property.getValue());
      }
    }
    return row.putString(discriminator.name(), typeName)
        .etag(copy.etag())
        .timestamp(copy.timestamp())
        .build();
  }

  /** The RowKey of the entity a copy belongs to, or null when the row carries none. */
  public static String primaryRowKey(TableRow copy) {
    Object value = copy.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    return value instanceof String ? (String) value : null;
  }

  /** The PartitionKey of the entity a remote copy belongs to, or null when the row carries none. */
  public static String primaryPartitionKey(TableRow copy) {
    Object value = copy.get(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY);
    return value instanceof String ? (String) value : null;
  }

  /** Whether a row is the copy, for one index, of the entity with this RowKey. */
  public static boolean isCopyOf(Discriminator discriminator, TableRow row, IndexMapping<?> index,
      String primaryRowKey) {
    return index.copyType().equals(discriminator.typeOf(row)) && primaryRowKey.equals(primaryRowKey(row));
  }

  /** Whether a discriminator marks an index copy ({@code type#index}). */
  public static boolean isCopyType(String typeName) {
    return typeName.indexOf(EntityMapping.INDEX_TYPE_SEPARATOR) >= 0;
  }

  /**
   * Where an entity's copy for a remote index is, or null when it has none (a null index value); for an entity as
   * stored, whose index key may not compose (a row written before a key rule), null too.
   */
  public static <T> Address remoteAddress(IndexMapping<T> index, T entity) {
    try {
      return requiredRemoteAddress(index, entity);
    } catch (InvalidKeyException invalid) {
      return null;
    }
  }

  /**
   * Where an entity the application writes has its copy for a remote index, or null when it has none (a null index
   * value).
   *
   * @throws InvalidKeyException if the index's keys cannot be composed from the entity's values: the write is
   *     refused, never left without its copy
   */
  public static <T> Address requiredRemoteAddress(IndexMapping<T> index, T entity) {
    String partitionKey = index.partitionKey(entity);
    String rowKey = index.rowKey(entity);
    return partitionKey == null || rowKey == null ? null : new Address(index.table(), partitionKey, rowKey);
  }

  /**
   * Checks that the keys of every remote index of an entity the application writes compose.
   *
   * @throws InvalidKeyException naming the index when one does not
   */
  public static <T> void checkRemoteKeys(EntityMapping<T> mapping, T entity) {
    for (IndexMapping<T> index : mapping.remoteIndexes()) {
      try {
        requiredRemoteAddress(index, entity);
      } catch (InvalidKeyException invalid) {
        throw new InvalidKeyException("cannot write " + mapping.entityClass().getSimpleName() + ": the keys of its"
            + " index '" + index.name() + "' in table " + index.table() + " cannot be composed from its values ("
            + invalid.getMessage() + "); nothing was written. Change the value, or the index's key template",
            invalid);
      }
    }
  }
}
