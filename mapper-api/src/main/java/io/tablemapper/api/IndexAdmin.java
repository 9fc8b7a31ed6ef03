package io.tablemapper.api;

import java.util.List;

/**
 * Builds, verifies, repairs and drops the indexes of one entity class over the data its tables already hold; see
 * {@link TableMapper#indexes(Class)}. Each run scans the entity's key spaces one partition at a time in batches of at
 * most 100 entities, with a heap that does not grow with the table, beside writers that keep writing (it reconciles
 * as the write path does). A run records its progress in the store, so one that dies part-way resumes where it
 * stopped when called again; {@code build} and {@code repair} are idempotent.
 *
 * <pre>{@code
 * IndexAdmin indexes = mapper.indexes(Employee.class);
 * if (indexes.state("companyEmail") != IndexState.READY) {
 *   IndexReport built = indexes.build("companyEmail");
 * }
 * }</pre>
 *
 * An instance is immutable; {@link #rateLimit} and {@link #listener} return configured copies.
 */
public interface IndexAdmin {

  /** The entity class whose indexes this administers. */
  Class<?> entityClass();

  /** The names of the indexes the class declares, in declaration order. */
  List<String> declared();

  /**
   * The names of the indexes the store records for the class's tables: those declared and those a class once
   * declared and no longer does, whose rows {@link #drop} deletes.
   */
  List<String> recorded();

  /**
   * The index's state as recorded in the store.
   *
   * @throws IllegalArgumentException if the class declares no index of that name
   */
  IndexState state(String index);

  /**
   * Writes the copies, claims and key-list entries existing entities lack, and marks the index {@link
   * IndexState#READY} unless unique values are held by more than one entity (those are reported, with the keys of
   * both entities, and the index stays {@link IndexState#NOT_BUILT}).
   *
   * @throws IllegalArgumentException if the class declares no index of that name
   */
  IndexReport build(String index);

  /**
   * Reads the index and its entities and reports what is missing, orphaned, stale or in conflict; writes nothing.
   *
   * @throws IllegalArgumentException if the class declares no index of that name
   */
  IndexReport verify(String index);

  /**
   * Does what {@link #build} does, rewrites stale copies and deletes orphans; afterwards {@link #verify} reports 0 of
   * each, and the index is {@link IndexState#READY} unless conflicts remain.
   *
   * @throws IllegalArgumentException if the class declares no index of that name
   */
  IndexReport repair(String index);

  /**
   * Deletes every row of an index the class no longer declares (its copies, claims and key-list entries, found by
   * the name the store records) and forgets it.
   *
   * @throws IllegalArgumentException if the class still declares the index, or the store records none of that name
   */
  IndexReport drop(String index);

  /**
   * A copy of this admin whose runs read at most this many entities per second (so a backfill does not throttle the
   * live application); 0 for no limit, the default.
   *
   * @throws IllegalArgumentException if negative
   */
  IndexAdmin rateLimit(double entitiesPerSecond);

  /** A copy of this admin whose runs report their progress to the listener. */
  IndexAdmin listener(IndexProgressListener listener);
}
