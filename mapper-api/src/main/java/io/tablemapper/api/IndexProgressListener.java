package io.tablemapper.api;

/**
 * Told how an {@link IndexAdmin} run over an index proceeds: after each partition it finished (after each page of rows
 * on a store that keeps no key order, such as the Cosmos DB Table API, where no partition is known finished before the
 * end), and at the end.
 * Called on the thread running the build; keep it quick.
 */
@FunctionalInterface
public interface IndexProgressListener {

  /**
   * @param index the index's name
   * @param soFar the counts of the run so far
   * @param partitionsDone partitions of the entity's table this run has scanned to the end (a resumed run counts
   *     from its checkpoint on, not the partitions the run before it finished); 0 on a store that keeps no key order
   * @param finished whether the run is over
   */
  void progress(String index, IndexReport soFar, long partitionsDone, boolean finished);
}
