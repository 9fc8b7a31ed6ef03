package io.tablemapper.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.tablemapper.api.TableMapper;
import io.tablemapper.micrometer.TableMapperMetrics;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * Times and counts every operation of the auto-configured {@link TableMapper} in the application's
 * {@link MeterRegistry} ({@link TableMapperMetrics}: {@code tablemapper.operations}, {@code tablemapper.requests},
 * {@code tablemapper.rows.read}, {@code tablemapper.rows.written}), when it has one (Actuator's, for example), unless
 * {@code tablemapper.metrics.enabled=false}.
 */
@AutoConfiguration(
    before = TableMapperAutoConfiguration.class,
    afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass({MeterRegistry.class, TableMapperMetrics.class})
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnProperty(prefix = "tablemapper.metrics", name = "enabled", matchIfMissing = true)
public class TableMapperMetricsAutoConfiguration {

  /** The listener that records the meters; the mapper adds it as it adds every OperationListener bean. */
  @Bean
  @ConditionalOnMissingBean
  public TableMapperMetrics tableMapperMetrics(MeterRegistry registry) {
    return new TableMapperMetrics(registry);
  }
}
