package io.tablemapper.micrometer;

import io.tablemapper.spi.StoreProfile;
import java.util.Locale;

/** The values of the observations' keys that name the store and the operations, decided in one place. */
final class StoreNames {
  /** The value of a key that does not apply: {@value}. */
  static final String NONE = "none";

  private StoreNames() {}

  /**
   * The {@code db.system.name} of a backend: {@code azure.cosmosdb} (OpenTelemetry's name) for a store that follows
   * the Cosmos DB Table API's rules, {@code azure.tables} for Azure Table Storage (which OpenTelemetry does not
   * name), {@code h2database} (OpenTelemetry's) for H2, {@code tablemapper.memory} for the in-memory store, and the
   * backend's own name, lower case, for any other.
   */
  static String system(String store, StoreProfile profile) {
    if (profile == StoreProfile.COSMOS_TABLE) {
      return "azure.cosmosdb";
    }
    String name = store.toLowerCase(Locale.ROOT);
    if (name.startsWith("azure")) {
      return "azure.tables";
    }
    if (name.startsWith("h2")) {
      return "h2database";
    }
    if (name.startsWith("in-memory")) {
      return "tablemapper.memory";
    }
    return name;
  }

  static String lower(Enum<?> value) {
    return value == null ? NONE : value.name().toLowerCase(Locale.ROOT);
  }

  static String orNone(String value) {
    return value == null ? NONE : value;
  }

  /** {@code "<operation> <table>"}, or the operation alone without a table. */
  static String span(String operation, String table) {
    return table == null ? operation : operation + " " + table;
  }
}
