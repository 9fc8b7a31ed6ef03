package io.tablemapper.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The names and keys of an {@link TableMapperObservationDocumentation#OPERATION} observation. Implement it (or
 * extend {@link DefaultOperationObservationConvention}) and give it to {@link TableMapperObservations} to replace the
 * default; an {@code ObservationFilter} or a global convention of the registry may change them as well.
 */
public interface OperationObservationConvention extends ObservationConvention<OperationObservationContext> {

  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof OperationObservationContext;
  }
}
