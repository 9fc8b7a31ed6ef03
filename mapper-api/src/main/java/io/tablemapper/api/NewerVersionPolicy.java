package io.tablemapper.api;

/**
 * What a mapper does with a row written by a newer {@code @Entity(version = ...)} of an entity's class than the
 * one it runs — during a rolling deployment, or when an older application shares a table with a newer one.
 * Reading such a row is always allowed: properties the class does not know are ignored. Chosen with
 * {@link TableMapper.Builder#newerVersions(NewerVersionPolicy)}.
 */
public enum NewerVersionPolicy {

  /**
   * The default: an {@code update} or {@code upsert} (in a repository or a batch) over a newer row is refused
   * with {@link SchemaVersionException}, since replacing the row would drop what this class does not know;
   * {@code merge}, {@code upsertMerge} and {@code delete} are allowed (and so read nothing for this policy). To know the stored version, an update or upsert of an entity
   * without indexes reads the row first (one point read more; entities with indexes read it anyway), and the
   * replace is conditional on the ETag read, so a newer writer cannot slip in between.
   */
  REFUSE_REPLACE,

  /**
   * Replaces newer rows like any other, and so drops their unknown properties: for tables written by one version
   * at a time. Updates and upserts of entities without indexes then cost one request, as merges of version 1
   * classes always do; a merge of a class above version 1 still reads the row, to keep a newer row's version.
   */
  ALLOW_REPLACE
}
