package io.tablemapper.api;

/**
 * What partition reads ({@link Partition#all()}, {@link Partition#page}) do with a row whose type no entity class
 * known to the mapper declares — a row written by another application, by a newer version of this one, or by a
 * class not registered with {@link TableMapper.Builder#entities}. Set with
 * {@link TableMapper.Builder#unknownTypes}. Index copies are never returned, whatever the policy; reads of one
 * class ({@link Partition#all(Class)}) and repositories select their own types and never meet other rows.
 */
public enum UnknownTypePolicy {
  /** Fail with {@link UnknownEntityTypeException} naming the type, the table and the row's keys (the default). */
  FAIL,
  /** Leave the row out, as if it were not there. */
  SKIP,
  /** Return the row as a {@link DynamicEntity}, in its place in RowKey order. */
  DYNAMIC
}
