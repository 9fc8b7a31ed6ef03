package io.tablemapper.spring.boot;

import io.tablemapper.spi.TableBackend;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code tableMapper} health indicator ({@link TableMapperHealthIndicator}) when the application has Actuator's
 * health support, unless {@code management.health.tablemapper.enabled=false}.
 */
@AutoConfiguration(after = TableMapperAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
public class TableMapperHealthAutoConfiguration {

  /**
   * Read only once spring-boot-health is known to be there: its condition annotation names a class of that jar, which
   * Spring would fail to load on the outer class of an application without it.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HealthIndicator.class)
  @ConditionalOnBean(TableBackend.class)
  @ConditionalOnEnabledHealthIndicator("tablemapper")
  static class Indicator {

    @Bean
    @ConditionalOnMissingBean(name = "tableMapperHealthIndicator")
    TableMapperHealthIndicator tableMapperHealthIndicator(TableBackend backend) {
      return new TableMapperHealthIndicator(backend);
    }
  }
}
