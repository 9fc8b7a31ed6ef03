package io.tablemapper.internal.mapping;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a wide entity ({@code @Wide}) lies in its partition, written once for both mapping paths: its logical row —
 * what {@link EntityMapping#toStoredRow} makes, over any number of properties and bytes — split into a head row under
 * the entity's RowKey and part rows under {@code RowKey~01}, {@code RowKey~02}, ...; and the rows joined back.
 *
 * <p>The split is deterministic: the head first takes the mapper's marks and the head properties
 * ({@link EntityMapping#wideHead()}: keys, index properties, {@code @Wide(head)}), then the other properties in the
 * order of the row (declaration order) while they fit; each part takes the next ones while they fit. A row fits while
 * it has at most {@value StoreLimits#MAX_PROPERTIES} properties and {@value StoreLimits#MAX_ENTITY_SIZE} bytes in the
 * store's estimate. Every row of one write carries the same write id ({@link #WRITE_PROPERTY}); the head also the
 * number of parts ({@link #PARTS_PROPERTY}), so a reader knows what to read and can tell a whole from rows of two
 * writes. A part row's type is {@code type#~part} (in the mapper's discriminator), which no index name can produce,
 * so no read takes a part for an entity or an index copy.
 */
public final class WideRows {
  /** On the head row: how many part rows the entity has (Int32). */
  public static final String PARTS_PROPERTY = "TmWideParts";
  /** On every row of a wide entity: the id of the write that wrote it, the same on all its rows. */
  public static final String WRITE_PROPERTY = "TmWideWrite";
  /** What follows the entity's RowKey in a part's RowKey, before its two-digit number. */
  public static final char PART_SEPARATOR = '~';
  /** What follows the type in a part row's discriminator ({@code type#~part}). */
  public static final String PART_TYPE_SUFFIX = EntityMapping.INDEX_TYPE_SEPARATOR + "~part";
  /** The most part rows: two digits. */
  public static final int MAX_PARTS = 99;
  /** The properties the mapper's marks take on a head row: discriminator, version, parts, write id. */
  public static final int HEAD_MARKS = 4;
  /** The properties the mapper's marks take on a part row: discriminator, write id. */
  public static final int PART_MARKS = 2;

  private WideRows() {}

  /** The RowKey of part {@code number} (1 to {@value #MAX_PARTS}) of the entity with RowKey {@code rowKey}. */
  public static String partRowKey(String rowKey, int number) {
    return rowKey + PART_SEPARATOR + (number < 10 ? "0" : "") + number;
  }

  /** The shape of the part rows' RowKeys of entities whose RowKeys have the shape {@code rowKey}. */
  public static KeyShape partShape(KeyShape rowKey) {
    return rowKey.followedBy(List.of(String.valueOf(PART_SEPARATOR), "0123456789", "0123456789"));
  }

  /** The discriminator of a part row of the type {@code typeName}. */
  public static String partType(String typeName) {
    return typeName + PART_TYPE_SUFFIX;
  }

  /** Whether a discriminator marks a part row of a wide entity. */
  public static boolean isPartType(String typeName) {
    return typeName != null && typeName.endsWith(PART_TYPE_SUFFIX);
  }

  /** The number of part rows a head row says its entity has (0 for a row that is no wide head). */
  public static int parts(TableRow head) {
    Object parts = head.get(PARTS_PROPERTY);
    return parts instanceof Integer ? (Integer) parts : 0;
  }

  /** The write id a row of a wide entity carries, or null. */
  public static String writeId(TableRow row) {
    Object id = row.get(WRITE_PROPERTY);
    return id instanceof String ? (String) id : null;
  }

  /**
   * The rows of a wide entity: its head (the entity's keys), then its parts, in order.
   *
   * @param row the entity's logical row, with the mapper's discriminator {@code typeProperty} (and version marker)
   * @param head the stored names the head row must hold
   * @param typeProperty the mapper's discriminator property
   * @param writeId the id of this write, carried by every row
   * @param subject the entity, for messages
   * @throws InvalidEntityException if the head properties do not fit one row, or the rest do not fit
   *     {@value #MAX_PARTS} parts
   */
  public static List<TableRow> split(TableRow row, Set<String> head, String typeProperty, String writeId,
      String subject) {
    String partitionKey = row.partitionKey();
    String rowKey = row.rowKey();
    Map<String, Object> properties = row.properties();
    Object type = properties.get(typeProperty);
    long headBase = 4 + 2L * (partitionKey.length() + rowKey.length())
        + StoreLimits.propertySize(PARTS_PROPERTY, MAX_PARTS) + StoreLimits.propertySize(WRITE_PROPERTY, writeId);
    long partBase = 4 + 2L * (partitionKey.length() + rowKey.length() + 3)
        + StoreLimits.propertySize(WRITE_PROPERTY, writeId)
        + (type instanceof String ? StoreLimits.propertySize(typeProperty, partType((String) type)) : 0);
    int marks = 2; // the parts and write id on the head; the type and write id on a part
    List<Map<String, Object>> rows = new ArrayList<>();
    Map<String, Object> current = new LinkedHashMap<>();
    long size = headBase;
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      String name = property.getKey();
      if (name.equals(typeProperty) || name.equals(EntityMapping.VERSION_PROPERTY) || head.contains(name)) {
        current.put(name, property.getValue());
        size += StoreLimits.propertySize(name, property.getValue());
      }
    }
    if (current.size() + marks > StoreLimits.MAX_PROPERTIES || size > StoreLimits.MAX_ENTITY_SIZE) {
      throw new InvalidEntityException(subject + " " + row.describeKeys() + ": the properties its head row must hold"
          + " (keys, index properties, @Wide(head)) take " + current.size() + " properties and " + size
          + " bytes with the mapper's marks; one row holds at most " + StoreLimits.MAX_PROPERTIES + " and "
          + StoreLimits.MAX_ENTITY_SIZE + " bytes");
    }
    rows.add(current);
    Set<String> placed = Set.copyOf(current.keySet());
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      String name = property.getKey();
      if (placed.contains(name)) {
        continue;
      }
      long added = StoreLimits.propertySize(name, property.getValue());
      if (current.size() + 1 + marks > StoreLimits.MAX_PROPERTIES || size + added > StoreLimits.MAX_ENTITY_SIZE) {
        if (rows.size() > MAX_PARTS) {
          throw tooWide(subject, row);
        }
        current = new LinkedHashMap<>();
        rows.add(current);
        size = partBase;
      }
      current.put(name, property.getValue());
      size += added;
    }
    int parts = rows.size() - 1;
    List<TableRow> result = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      TableRow.Builder builder = TableRow.builder(partitionKey, i == 0 ? rowKey : partRowKey(rowKey, i),
          rows.get(i).size() + 2);
      if (i > 0 && type instanceof String) {
        builder.put(typeProperty, partType((String) type));
      }
      builder.putAll(rows.get(i));
      if (i == 0) {
        builder.put(PARTS_PROPERTY, parts);
      }
      builder.put(WRITE_PROPERTY, writeId);
      result.add(builder.build());
    }
    return Collections.unmodifiableList(result);
  }

  private static InvalidEntityException tooWide(String subject, TableRow row) {
    return new InvalidEntityException(subject + " " + row.describeKeys() + " is " + StoreLimits.entitySize(row)
        + " bytes in the store's estimate over " + row.properties().size() + " properties; a wide entity holds"
        + " at most one head and " + MAX_PARTS + " part rows of " + StoreLimits.MAX_PROPERTIES + " properties and "
        + StoreLimits.MAX_ENTITY_SIZE + " bytes each, within one entity group transaction of "
        + StoreLimits.MAX_BATCH_OPERATIONS + " operations and " + StoreLimits.MAX_BATCH_SIZE + " bytes");
  }

  /**
   * The logical row of a wide entity: its head's keys, ETag and Timestamp, and the properties of its head and parts
   * (without the parts' discriminators and the write ids); the head's part count is kept, so a write that replaces
   * it knows which parts to delete.
   *
   * @param parts the part rows read, in RowKey order
   * @param typeProperty the mapper's discriminator property
   * @throws MalformedRowException if the parts are not the ones the head names (missing, more, or of another write)
   */
  public static TableRow join(TableRow head, List<TableRow> parts, String typeProperty, String table,
      String entity) {
    String problem = mismatch(head, parts);
    if (problem != null) {
      throw new MalformedRowException(table, entity, head.partitionKey(), head.rowKey(), null, problem, null);
    }
    TableRow.Builder whole = head.toBuilder().remove(WRITE_PROPERTY);
    for (TableRow part : parts) {
      for (Map.Entry<String, Object> property : part.properties().entrySet()) {
        String name = property.getKey();
        if (!name.equals(typeProperty) && !name.equals(WRITE_PROPERTY)) {
          whole.put(name, property.getValue());
        }
      }
    }
    return whole.build();
  }

  /** Why the parts read are not the head's (a write between the two reads, or rows not written whole), or null. */
  public static String mismatch(TableRow head, List<TableRow> parts) {
    int expected = parts(head);
    if (parts.size() != expected) {
      return "its head row names " + expected + " part rows, " + parts.size() + " were found";
    }
    String id = writeId(head);
    for (int i = 0; i < parts.size(); i++) {
      TableRow part = parts.get(i);
      if (!part.rowKey().equals(partRowKey(head.rowKey(), i + 1)) || id == null || !id.equals(writeId(part))) {
        return "part row '" + part.rowKey() + "' is not of the write of its head row";
      }
    }
    return null;
  }
}
