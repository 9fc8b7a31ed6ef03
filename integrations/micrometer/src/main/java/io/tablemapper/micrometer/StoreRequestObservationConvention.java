package io.tablemapper.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The names and keys of a {@link TableMapperObservationDocumentation#STORE_REQUEST} observation. Implement it (or
 * extend {@link DefaultStoreRequestObservationConvention}) and give it to {@link TableMapperObservations} to replace
 * the default.
 */
public interface StoreRequestObservationConvention extends ObservationConvention<StoreRequestObservationContext> {

  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof StoreRequestObservationContext;
  }
}
