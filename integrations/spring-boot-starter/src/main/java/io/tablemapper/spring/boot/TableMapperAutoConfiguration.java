package io.tablemapper.spring.boot;

import io.tablemapper.api.OperationListener;
import io.tablemapper.api.OperationTracer;
import io.tablemapper.api.QueryListener;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * A {@link TableMapper} on the store the {@code tablemapper.*} properties describe ({@link TableMapperProperties}),
 * closed with the application context, and every {@code @Repository} interface under the application's packages as
 * a bean. The application's own {@link TableBackend} or {@link TableMapper} bean replaces the starter's; its
 * {@link OperationListener} beans (the Micrometer meters of {@link TableMapperMetricsAutoConfiguration} among them)
 * and {@link QueryListener} bean are added to the mapper, and so is its one {@link OperationTracer} bean (the
 * Micrometer Observations of {@link TableMapperObservationAutoConfiguration}).
 */
@AutoConfiguration
@ConditionalOnClass(TableMapper.class)
@EnableConfigurationProperties(TableMapperProperties.class)
public class TableMapperAutoConfiguration {

  /**
   * The store. Not closed by the context itself: the mapper, which owns it, closes it (an application's own mapper
   * over this bean closes it too).
   */
  @Bean(destroyMethod = "")
  @ConditionalOnMissingBean
  public TableBackend tableMapperBackend(TableMapperProperties properties, ConfigurableListableBeanFactory beans) {
    return Backends.open(properties, beans);
  }

  /** The mapper, closed (with its store) when the context closes. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public TableMapper tableMapper(TableBackend backend, TableMapperProperties properties,
      ObjectProvider<OperationListener> operationListeners, ObjectProvider<QueryListener> queryListener,
      ObjectProvider<OperationTracer> operationTracer) {
    TableMapper.Builder builder = TableMapper.builder()
        .backend(backend)
        .entities(properties.getEntities().toArray(Class<?>[]::new))
        .tableCreation(properties.getTableCreation())
        .unknownTypes(properties.getUnknownTypes())
        .newerVersions(properties.getNewerVersions())
        .timePrecision(properties.getTimePrecision())
        .discriminator(properties.getDiscriminator())
        .readParallelism(properties.getReadParallelism());
    if (properties.getNaming() != null) {
      builder.naming(properties.getNaming());
    }
    operationListeners.orderedStream().forEach(builder::operationListener);
    queryListener.ifUnique(builder::queryListener);
    operationTracer.ifUnique(builder::operationTracer);
    return builder.build();
  }

  /** Registers the application's repositories, unless {@code tablemapper.repositories.enabled=false}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(prefix = "tablemapper.repositories", name = "enabled", matchIfMissing = true)
  @Import(RepositoryRegistrar.class)
  static class Repositories {}
}
