package io.tablemapper.tck;

import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.EmployeeCopies;

/** The invariant index maintenance keeps: every entity has exactly its copies, in step with it; no orphans. */
final class Invariants {
  private Invariants() {}

  /**
   * Checks every Employee of a table against its index copies ({@link EmployeeCopies}, which the runtime's tests
   * share): one copy per index value, with the entity's properties, and none besides. Where the store gives all rows
   * of a batch one ETag, a copy written with its entity (in its batch) also has the entity's ETag.
   */
  static void assertEmployeeCopiesConsistent(TableBackend backend, String table, BatchVersions versions) {
    EmployeeCopies.assertInStep(backend, table, versions == BatchVersions.SHARED);
  }
}
