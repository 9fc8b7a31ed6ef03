package io.tablemapper.api;

/**
 * Told how an {@link IndexAdmin} run over an index proceeds: after each partition it finished, and at the end.
 * Called on the thread running the build; keep it quick.
 */
@FunctionalInterface
public interface IndexProgressListener {

  /**
   * @param index the index's name
   * @param soFar the counts of the run so far
   * @param partitionsDone partitions of the entity's table finished by this run (including those a resumed run
   *     skipped by its checkpoint)
   * @param finished whether the run is over
   */
  void progress(String index, IndexReport soFar, long partitionsDone, boolean finished);
}
