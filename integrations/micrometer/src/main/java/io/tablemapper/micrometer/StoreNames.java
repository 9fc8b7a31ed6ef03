package io.tablemapper.micrometer;

import io.micrometer.common.KeyValues;
import io.micrometer.common.docs.KeyName;
import io.tablemapper.spi.StoreDescription;
import java.util.Locale;

/** The values of the observations' keys that name the store and the operations, decided in one place. */
final class StoreNames {
  /** The value of a key that does not apply: {@value}. */
  static final String NONE = "none";

  private StoreNames() {}

  /**
   * The keys that say where the store is ({@code db.namespace}, {@code server.address}, {@code server.port}), those
   * its backend's description knows.
   */
  static KeyValues where(StoreDescription store, KeyName namespace, KeyName address, KeyName port) {
    KeyValues values = KeyValues.empty();
    if (store.namespace() != null) {
      values = values.and(namespace.withValue(store.namespace()));
    }
    if (store.address() != null) {
      values = values.and(address.withValue(store.address()));
    }
    if (store.port() > 0) {
      values = values.and(port.withValue(Integer.toString(store.port())));
    }
    return values;
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
