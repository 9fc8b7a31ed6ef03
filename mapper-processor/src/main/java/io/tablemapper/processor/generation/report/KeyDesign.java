package io.tablemapper.processor.generation.report;

import io.tablemapper.api.QueryKind;
import java.util.List;

/**
 * What the key-design report shows, independent of how it is drawn: per table, its key spaces grouped by the
 * partitions they can share, each group in key order, and the key range each repository method reads.
 *
 * @param tables the tables, by name
 */
public record KeyDesign(List<Table> tables) {

  /**
   * One table.
   *
   * @param name the table name
   * @param partitions its partition groups, by PartitionKey shape
   * @param reads the repository methods reading it (its key spaces, or its entities' rows through an index of another
   *     table), by repository and then in declaration order; a method that reads several tables is in each
   */
  public record Table(String name, List<Partition> partitions, List<Read> reads) {}

  /**
   * Key spaces whose PartitionKey templates have one shape (the same literals around placeholders of the same
   * encodings), so that their rows can share a partition: drawn together, in the order of their RowKeys.
   *
   * @param shape the shape, placeholders written as their key types: {@code {STRING}}
   * @param spaces the key spaces, in key order
   */
  public record Partition(String shape, List<Space> spaces) {}

  /**
   * The rows of one entity type, or the copies of one of its indexes.
   *
   * @param id a name unique in the report, for cross references: the entity's table, its type and the index name,
   *     {@code Company/Employee.email}
   * @param label its short name in grids: {@code Employee}, {@code Employee.email}
   * @param table the table its rows are in: the entity's, or the index's
   * @param entity the entity class's qualified name
   * @param typeName the entity type (discriminator)
   * @param index the index name, or null for the entity's own rows
   * @param partitionKey the PartitionKey template
   * @param rowKey the RowKey template
   * @param literalPrefix the RowKey's literal prefix, possibly empty
   * @param encodings how each placeholder of both keys is encoded, in words
   * @param columns the stored properties of a row: name and store type
   * @param examplePartitionKey the PartitionKey composed from sample values
   * @param exampleRowKey the RowKey composed from sample values
   * @param note what kind of rows these are: {@code rows}, {@code unique index copy, full copy}
   * @param warnings what to look out for in this key space
   */
  public record Space(
      String id, String label, String table, String entity, String typeName, String index, String partitionKey,
      String rowKey, String literalPrefix, List<String> encodings, List<Column> columns, Example examplePartitionKey,
      Example exampleRowKey, String note, List<String> warnings) {}

  /**
   * A key composed from made-up values, one per placeholder, chosen by the property's name.
   *
   * @param key the key as the store holds it
   * @param encoded for each part of the key whose text does not show its value (descending, .NET ticks, a number over
   *     its whole range): the text, the property and the value it encodes, in words
   */
  public record Example(String key, List<String> encoded) {}

  /**
   * A stored property.
   *
   * @param name its stored name
   * @param type its store type as stored: {@code Edm.Int32}; {@code Edm.Binary} for an {@code @Encrypted} String
   * @param note how the value is transformed on its way to the store, in a word or two ({@code encrypted},
   *     {@code JSON}), or null where it is stored as it is
   */
  public record Column(String name, String type, String note) {}

  /**
   * The key range a repository method reads.
   *
   * @param repository the repository's simple name
   * @param method the method's name
   * @param parameters its parameter types in brackets, {@code (String, PageRequest)}, which tell overloads apart
   * @param kind POINT, RANGE, PARTITION_SCAN or TABLE_SCAN
   * @param spaces the ids of the key spaces it reads: its own where it reads a RowKey range; without one, every
   *     space of the partition group for a partition scan, every space of the table for a table scan
   * @param follows the ids of the key spaces it then reads by key, one point read per index row found: the entity
   *     rows behind a partial, keys-only, key-list or remote index; else empty
   * @param partitionKey the PartitionKey it reads, in words: {@code = {department}}, or {@code every partition}
   * @param rowKey the RowKeys it reads, in words: {@code in [empid_{from:06}, empid_{to:06}]}, or {@code any}
   * @param filter its residual filter, or null
   * @param warnings what to look out for: scans, a hot partition
   */
  public record Read(
      String repository, String method, String parameters, QueryKind kind, List<String> spaces, List<String> follows,
      String partitionKey, String rowKey, String filter, List<String> warnings) {

    /** The method as the report names it: {@code EmployeeRepository.findByDepartment(String, PageRequest)}. */
    public String label() {
      return repository + "." + method + parameters;
    }
  }
}
