package io.tablemapper.backend.memory;

/**
 * Told how many rows each partition visit of a query read; lets tests check that a query reads only its key
 * range. Queries of the public API pass {@link #NONE}.
 */
@FunctionalInterface
interface ScanListener {
  ScanListener NONE = rows -> {};

  /** A query visited one partition and read {@code rows} rows of it. */
  void visited(int rows);
}
