package io.tablemapper.spring.boot;

import io.tablemapper.spi.TableBackend;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code tableMapper} health indicator ({@link TableMapperHealthIndicator}) when the application has Actuator's
 * health support, unless {@code management.health.tablemapper.enabled=false}.
 */
@AutoConfiguration(after = TableMapperAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(TableBackend.class)
@ConditionalOnEnabledHealthIndicator("tablemapper")
public class TableMapperHealthAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "tableMapperHealthIndicator")
  public TableMapperHealthIndicator tableMapperHealthIndicator(TableBackend backend) {
    return new TableMapperHealthIndicator(backend);
  }
}
