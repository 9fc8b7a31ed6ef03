package io.tablemapper.api;

import java.util.List;

/**
 * The entities of one partition, in RowKey order, each resolved to its class through its discriminator (or, for a
 * row without one, to the one known class whose key templates its keys fit). Index copies are never returned. A row
 * that cannot be read as its class is handled as {@link TableMapper.Builder#malformedRows} says.
 */
public interface Partition {

  /**
   * Every entity of the partition, of whatever type; rows of types no known class declares are handled as
   * {@link TableMapper.Builder#unknownTypes} says.
   *
   * @throws UnknownEntityTypeException under {@link UnknownTypePolicy#FAIL} (the default), if a row's type is
   *     declared by no entity class known to the mapper
   * @throws MalformedRowException under {@link MalformedRowPolicy#FAIL} (the default), if a row cannot be read as
   *     its class; under {@link MalformedRowPolicy#DYNAMIC} it is returned as a {@link DynamicEntity}
   */
  List<Object> all();

  /** The entities of one class and its {@code @Entity} subtypes (and only those) in the partition. */
  <T> List<T> all(Class<T> type);

  /** One page of every entity of the partition. */
  Page<Object> page(PageRequest request);

  /** One page of the entities of one class and its {@code @Entity} subtypes in the partition. */
  <T> Page<T> page(Class<T> type, PageRequest request);
}
