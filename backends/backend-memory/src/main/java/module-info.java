/** The in-memory, key-sorted, thread-safe table store. */
module io.tablemapper.backend.memory {
  requires transitive io.tablemapper.api;

  exports io.tablemapper.backend.memory;
}
