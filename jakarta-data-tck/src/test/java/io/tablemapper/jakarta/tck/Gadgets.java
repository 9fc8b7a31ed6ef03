package io.tablemapper.jakarta.tck;

import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.Repository;
import java.util.List;

/** Gadgets by id, as the TCK's repositories find their entities. */
@Repository
public interface Gadgets extends BasicRepository<Gadget, Long> {
  /** A RANGE of one partition: ids are RowKeys in their order-preserving encoding. */
  List<Gadget> findByIdBetween(long minimum, long maximum);

  /** A PARTITION_SCAN with a filter the store evaluates. */
  List<Gadget> findByIsSpareTrue();

  /** IgnoreCase: the client compares (-Atablemapper.jakarta.allowScan=true). */
  List<Gadget> findByNameIgnoreCase(String name);
}
