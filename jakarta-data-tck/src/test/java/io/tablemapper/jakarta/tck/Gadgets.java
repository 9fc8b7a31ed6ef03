package io.tablemapper.jakarta.tck;

import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.Query;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;

/** Gadgets by id, as the TCK's repositories find their entities. */
@Repository
public interface Gadgets extends BasicRepository<Gadget, Long> {
  /** A RANGE of one partition: ids are RowKeys in their order-preserving encoding. */
  List<Gadget> findByIdBetween(long minimum, long maximum);

  /** A PARTITION_SCAN with a filter the store evaluates. */
  List<Gadget> findByIsSpareTrue();

  /** IgnoreCase: the client compares (-Atablemapper.jakarta.allowScan=true). */
  List<Gadget> findByNameIgnoreCase(String name);

  /** A POINT by the id, whose one entity the client then tests: its name, ignoring case. */
  Optional<Gadget> findByIdAndNameIgnoreCase(long id, String name);

  /** A POINT by the id whose one entity the client tests against a pattern: it, or EmptyResultException. */
  Gadget findByIdAndNameLike(long id, String pattern);

  /** A JDQL UPDATE by the key: a POINT read and one conditional write. */
  @Query("UPDATE Gadget SET name = :name WHERE id = :id")
  boolean rename(long id, String name);

  /** A JDQL DELETE of a key range: a RANGE, each match deleted under the ETag it was read with. */
  @Query("DELETE FROM Gadget WHERE id < :id")
  long deleteBelow(long id);

  /** A JDQL DELETE the client filters (-Atablemapper.jakarta.allowScan=true): it reads the whole partition. */
  @Query("DELETE FROM Gadget WHERE isSpare = true OR name = :name")
  int deleteSparesOr(String name);
}
