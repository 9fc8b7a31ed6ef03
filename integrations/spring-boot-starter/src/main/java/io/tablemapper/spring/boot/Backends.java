package io.tablemapper.spring.boot;

import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spring.boot.TableMapperProperties.Backend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.util.ClassUtils;

/** Opens the store the {@code tablemapper.*} properties describe: the one place that chooses it. */
final class Backends {
  private static final Logger LOG = LoggerFactory.getLogger(Backends.class);
  static final String AZURE_CLIENT = "com.azure.data.tables.TableServiceClient";

  private Backends() {}

  static TableBackend open(TableMapperProperties properties, ConfigurableListableBeanFactory beans) {
    Backend backend = chosen(properties, beans);
    switch (backend) {
      case MEMORY:
        LOG.info("tablemapper: an in-memory store, emptied when the application stops"
            + " (set tablemapper.backend=h2 and tablemapper.h2.file to keep the data)");
        return InMemoryBackend.create();
      case H2:
        if (properties.getH2().getFile() == null) {
          LOG.info("tablemapper: an in-memory H2 database (set tablemapper.h2.file to keep the data)");
          return H2Backend.inMemory();
        }
        LOG.info("tablemapper: the H2 database file {}", properties.getH2().getFile().toAbsolutePath());
        try {
          return H2Backend.file(properties.getH2().getFile());
        } catch (RuntimeException unusable) {
          throw new TableMapperConfigurationException("tablemapper.h2.file=" + properties.getH2().getFile()
              + " cannot be opened: " + unusable.getMessage(), "Set tablemapper.h2.file to an H2 database file"
              + " (created with its directories when missing), or remove it for a database in memory", unusable);
        }
      default:
        if (!azurePresent(beans)) {
          throw new TableMapperConfigurationException("tablemapper.backend=azure needs the Azure backend, which is"
              + " not on the class path", "Add the dependency io.tablemapper:backend-azure, or set"
              + " tablemapper.backend to memory or h2", null);
        }
        return AzureBackends.open(properties, beans);
    }
  }

  /** The backend the properties name, or the one the application's beans and other properties imply. */
  static Backend chosen(TableMapperProperties properties, ConfigurableListableBeanFactory beans) {
    if (properties.getBackend() != null) {
      return properties.getBackend();
    }
    if (azurePresent(beans) && AzureBackends.clientDeclared(beans)) {
      return Backend.AZURE;
    }
    if (properties.getH2().getFile() != null) {
      return Backend.H2;
    }
    if (properties.getAzure().getConnectionString() != null) {
      return Backend.AZURE;
    }
    return Backend.MEMORY;
  }

  /** Whether the application's class loader sees the Azure backend and the SDK. */
  private static boolean azurePresent(ConfigurableListableBeanFactory beans) {
    ClassLoader loader = beans.getBeanClassLoader();
    return ClassUtils.isPresent(AZURE_CLIENT, loader)
        && ClassUtils.isPresent("io.tablemapper.backend.azure.AzureTablesBackend", loader);
  }
}
