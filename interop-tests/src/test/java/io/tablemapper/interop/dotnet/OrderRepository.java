package io.tablemapper.interop.dotnet;

import io.tablemapper.annotations.AllowScan;
import io.tablemapper.annotations.Repository;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Orders of a customer: a point read, the partition (newest first), its pages, its count, a filter on a long. */
@Repository
public interface OrderRepository extends TableRepository<Order> {

  Optional<Order> findByCustomerIdAndPlacedAt(String customerId, Instant placedAt);

  @AllowScan // a customer's orders are its partition: reading all of them is the point
  List<Order> findByCustomerId(String customerId);

  @AllowScan
  Page<Order> findByCustomerId(String customerId, PageRequest page);

  @AllowScan
  long countByCustomerId(String customerId);

  @AllowScan
  List<Order> findByCustomerIdAndAmountCents(String customerId, long amountCents);
}
