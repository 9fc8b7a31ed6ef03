package io.tablemapper.benchmarks;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

/**
 * The benchmarks' repository: a point read and a RowKey range of one customer's orders; every order of a region,
 * whole or projected, and their count.
 */
@Repository
public interface OrderRepository extends TableRepository<Order> {

  Optional<Order> findByRegionAndCustomerIdAndOrderId(String region, long customerId, int orderId);

  List<Order> findByRegionAndCustomerIdAndOrderIdBetween(String region, long customerId, int from, int to);

  List<Order> findByRegion(String region);

  List<OrderTotal> getByRegion(String region);

  long countByRegion(String region);
}
