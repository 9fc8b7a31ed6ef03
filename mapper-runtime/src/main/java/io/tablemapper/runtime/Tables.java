package io.tablemapper.runtime;

import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.TableBackend;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Creates each table a mapper uses once, before its first use, and again after it was found dropped: a request
 * that gets {@link TableNotFoundException} for a table ensured here (deleted since, for example with
 * {@link TableBackend#deleteTableIfExists}) calls {@link #forget}, then {@link #ensure}, and is sent once more
 * ({@link #read}).
 */
final class Tables {
  private final TableBackend backend;
  private final Set<String> ready = ConcurrentHashMap.newKeySet();

  Tables(TableBackend backend) {
    this.backend = backend;
  }

  /**
   * Makes sure the table exists; asks the backend only the first time (or the first time after forget), whatever
   * the spelling. Every query and write passes here, so a name seen before is found as given, without lower-casing
   * it again.
   */
  void ensure(String table) {
    if (ready.contains(table)) {
      return;
    }
    String key = table.toLowerCase(Locale.ROOT);
    if (!ready.contains(key)) {
      backend.createTableIfNotExists(table);
      ready.add(key);
    }
    ready.add(table);
  }

  /**
   * A read of a table ensured here: if the table was dropped since, it is created again and read once more (and
   * found empty).
   */
  <R> R read(String table, Supplier<R> read) {
    try {
      return read.get();
    } catch (TableNotFoundException dropped) {
      forget(table);
      ensure(table);
      return read.get();
    }
  }

  /** Forgets that the table exists, in every spelling (names are case-insensitive, as in the store). */
  void forget(String table) {
    ready.removeIf(name -> name.equalsIgnoreCase(table));
  }
}
