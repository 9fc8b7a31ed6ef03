package io.tablemapper.runtime.twice;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;

/** A derived query, which only the processor can plan. */
@Repository
public interface ShipmentRepository extends TableRepository<Shipment> {
  List<Shipment> findByCarrierAndRegion(Shipment.Carrier carrier, String region);
}
