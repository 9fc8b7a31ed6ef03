package io.tablemapper.runtime.twice.fleet;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;

/** The writes of the hierarchy's root: usable whether or not the processor ran. */
@Repository
public interface VehicleRepository extends TableRepository<Vehicle> {}
