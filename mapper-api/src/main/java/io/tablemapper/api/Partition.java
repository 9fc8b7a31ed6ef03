package io.tablemapper.api;

import java.util.List;

/**
 * The entities of one partition, in RowKey order, each resolved to its class through its discriminator.
 * Index copies are never returned.
 */
public interface Partition {

  /**
   * Every entity of the partition, of whatever type.
   *
   * @throws UnknownEntityTypeException if a row's type is declared by no entity class known to the mapper
   */
  List<Object> all();

  /** The entities of one type (and only that type) in the partition. */
  <T> List<T> all(Class<T> type);

  /** One page of every entity of the partition. */
  Page<Object> page(PageRequest request);

  /** One page of the entities of one type in the partition. */
  <T> Page<T> page(Class<T> type, PageRequest request);
}
