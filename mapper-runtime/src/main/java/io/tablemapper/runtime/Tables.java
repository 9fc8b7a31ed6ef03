package io.tablemapper.runtime;

import io.tablemapper.spi.TableBackend;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Creates each table a mapper uses once, before its first use. */
final class Tables {
  private final TableBackend backend;
  private final Set<String> ready = ConcurrentHashMap.newKeySet();

  Tables(TableBackend backend) {
    this.backend = backend;
  }

  /** Makes sure the table exists; asks the backend only the first time. */
  void ensure(String table) {
    if (!ready.contains(table)) {
      backend.createTableIfNotExists(table);
      ready.add(table);
    }
  }
}
