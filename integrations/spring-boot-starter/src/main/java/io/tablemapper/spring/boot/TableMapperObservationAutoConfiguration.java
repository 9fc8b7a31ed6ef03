package io.tablemapper.spring.boot;

import io.micrometer.observation.ObservationRegistry;
import io.tablemapper.api.TableMapper;
import io.tablemapper.micrometer.OperationObservationConvention;
import io.tablemapper.micrometer.StoreRequestObservationConvention;
import io.tablemapper.micrometer.TableMapperObservations;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * Traces every operation of the auto-configured {@link TableMapper}, and each store request it sends, as Micrometer
 * Observations in the application's {@link ObservationRegistry} ({@link TableMapperObservations}:
 * {@code tablemapper.operation}, {@code tablemapper.store.request}), when it has one (Actuator's, with a tracing
 * bridge for spans), unless {@code tablemapper.observations.enabled=false}. An
 * {@link OperationObservationConvention} or {@link StoreRequestObservationConvention} bean replaces the default
 * names and keys.
 */
@AutoConfiguration(
    before = TableMapperAutoConfiguration.class,
    afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass({ObservationRegistry.class, TableMapperObservations.class})
@ConditionalOnBean(ObservationRegistry.class)
@ConditionalOnProperty(prefix = "tablemapper.observations", name = "enabled", matchIfMissing = true)
public class TableMapperObservationAutoConfiguration {

  /** The tracer that makes the observations; the mapper takes it as its one operation tracer. */
  @Bean
  @ConditionalOnMissingBean
  public TableMapperObservations tableMapperObservations(ObservationRegistry registry,
      ObjectProvider<OperationObservationConvention> operationConvention,
      ObjectProvider<StoreRequestObservationConvention> requestConvention) {
    return new TableMapperObservations(registry, operationConvention.getIfUnique(), requestConvention.getIfUnique());
  }
}
