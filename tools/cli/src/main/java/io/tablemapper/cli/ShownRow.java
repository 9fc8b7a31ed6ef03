package io.tablemapper.cli;

import java.time.Instant;
import java.util.Map;

/**
 * One row of a table as {@code inspect} shows it: decoded through its entity class, or as stored.
 *
 * @param partitionKey the row's PartitionKey
 * @param rowKey the row's RowKey
 * @param timestamp the store's Timestamp of the row
 * @param kind what the row is
 * @param type the row's discriminator (its entity type, or {@code type#index} for an index's row), or null
 * @param entityClass the class the row was decoded as, or null when it is shown as stored
 * @param properties the entity's properties by their Java names in declaration order, or the row's stored
 *     properties by their stored names: its type first, then the others in name order
 */
record ShownRow(String partitionKey, String rowKey, Instant timestamp, Kind kind, String type, Class<?> entityClass,
    Map<String, Object> properties) {

  /** What a row is. */
  enum Kind {
    /** An entity of a class given to the tool, decoded through its mapping. */
    ENTITY("entity"),
    /** A copy, claim or key-list entry of an index ({@code type#index}). */
    INDEX("index row"),
    /** A part row of a {@code @Wide} entity ({@code type#~part}), read with its head. */
    WIDE_PART("wide part"),
    /** A row of a type no class given to the tool declares. */
    UNKNOWN_TYPE("unknown type"),
    /** A row of a known type that cannot be read as its class (its values or keys do not fit). */
    MALFORMED("not readable as its class");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** How the table format names it. */
    String label() {
      return label;
    }
  }
}
