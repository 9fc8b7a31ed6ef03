package io.tablemapper.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.tablemapper.micrometer.DefaultOperationObservationConvention;
import io.tablemapper.micrometer.DefaultStoreRequestObservationConvention;
import io.tablemapper.micrometer.OperationObservationConvention;
import io.tablemapper.micrometer.TableMapperMetrics;
import io.tablemapper.micrometer.TableMapperObservations;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spring.boot.app.CompanyApplication;
import io.tablemapper.spring.boot.app.Employee;
import io.tablemapper.spring.boot.app.Directory;
import io.tablemapper.spring.boot.app.EmployeeRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The starter's auto-configuration, in application contexts of each kind of store: memory, H2 in memory and on
 * file, Azure (Azurite) by a connection string and through the application's own {@code TableServiceClient}.
 */
class TableMapperAutoConfigurationTest {
  private final ApplicationContextRunner contexts = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(TableMapperAutoConfiguration.class,
          TableMapperMetricsAutoConfiguration.class, TableMapperObservationAutoConfiguration.class,
          TableMapperHealthAutoConfiguration.class))
      .withUserConfiguration(CompanyApplication.class);

  @TempDir
  Path directory;

  /** Stores an employee through the repository bean and reads it back. */
  private static void storesAndReads(EmployeeRepository employees) {
    Employee ken = employees.insert(new Employee("Sales", 123, "Ken", null));
    assertThat(ken.etag()).isNotNull();
    assertThat(employees.findByDepartmentAndEmployeeId("Sales", 123)).contains(ken);
  }

  @Test
  void withoutPropertiesTheStoreIsInMemoryAndTheRepositoriesAreBeans() {
    contexts.run(context -> {
      assertThat(context).hasSingleBean(TableMapper.class).hasSingleBean(EmployeeRepository.class);
      assertThat(context.getBean(TableBackend.class)).isInstanceOf(InMemoryBackend.class);
      assertThat(context).hasBean("employeeRepository");
      storesAndReads(context.getBean(EmployeeRepository.class));
    });
  }

  @Test
  void aJakartaDataRepositoryIsABeanBesideTablemappersOwn() {
    contexts.run(context -> {
      assertThat(context).hasSingleBean(Directory.class).hasBean("directory");
      Directory directory = context.getBean(Directory.class);
      directory.hire(new Employee("Sales", 7, "Ann", null));
      directory.hire(new Employee("Sales", 3, "Bo", null));
      assertThat(directory.inDepartment("Sales")).extracting(Employee::employeeId).containsExactly(3, 7);
      // the same entities, through tablemapper's own repository bean
      assertThat(context.getBean(EmployeeRepository.class).findByDepartmentAndEmployeeId("Sales", 7)).isPresent();
    });
  }

  @Test
  void withoutJakartaDataOnTheClassPathTheStartRegistersOnlyTablemappersRepositories() {
    contexts.withClassLoader(new FilteredClassLoader("jakarta.data")).run(context -> {
      assertThat(context).hasNotFailed().doesNotHaveBean("directory");
      storesAndReads(context.getBean(EmployeeRepository.class));
    });
  }

  @Test
  void closingTheContextClosesTheMapper() {
    EmployeeRepository[] kept = new EmployeeRepository[1];
    contexts.run(context -> kept[0] = context.getBean(EmployeeRepository.class));

    assertThatThrownBy(() -> kept[0].findByDepartment("Sales"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
  }

  @Test
  void h2WithoutAFileIsAnInMemoryDatabase() {
    contexts.withPropertyValues("tablemapper.backend=h2").run(context -> {
      assertThat(context.getBean(TableBackend.class)).isInstanceOf(H2Backend.class);
      assertThat(context.getBean(TableBackend.class).name()).contains("in-memory");
      storesAndReads(context.getBean(EmployeeRepository.class));
    });
  }

  @Test
  void anH2FileKeepsTheDataForTheNextContextOnceTheFirstIsClosed() {
    String file = "tablemapper.h2.file=" + directory.resolve("data/company");
    contexts.withPropertyValues("tablemapper.backend=h2", file)
        .run(context -> storesAndReads(context.getBean(EmployeeRepository.class)));

    // the backend is chosen by the file alone, and the first context released the file when it closed
    contexts.withPropertyValues(file).run(context -> {
      assertThat(context.getBean(TableBackend.class)).isInstanceOf(H2Backend.class);
      assertThat(context.getBean(EmployeeRepository.class).findByDepartment("Sales"))
          .extracting(Employee::name).containsExactly("Ken");
    });
    assertThat(directory.resolve("data/company.mv.db")).exists();
  }

  @Test
  void anH2FileThatIsNoDatabaseStopsTheStartNamingTheProperty() throws Exception {
    Path file = directory.resolve("junk.mv.db");
    Files.writeString(file, "not a database ".repeat(1000));

    contexts.withPropertyValues("tablemapper.h2.file=" + file).run(context -> {
      assertThat(context).hasFailed();
      assertThat(cause(context.getStartupFailure(), TableMapperConfigurationException.class))
          .hasMessageStartingWith("tablemapper.h2.file=" + file + " cannot be opened")
          .hasMessageContaining("damaged or is not an H2 2.x database");
    });
  }

  @Test
  void azureByConnectionString() {
    String connectionString = emptyAzurite(0);
    contexts.withPropertyValues("tablemapper.backend=azure", "tablemapper.azure.connection-string=" + connectionString)
        .run(context -> {
          assertThat(context.getBean(TableBackend.class)).isInstanceOf(AzureTablesBackend.class);
          storesAndReads(context.getBean(EmployeeRepository.class));
          assertThat(health(context)).isEqualTo(Status.UP);
        });
  }

  @Test
  void azureThroughTheApplicationsTableServiceClientWithoutAnyProperty() {
    String connectionString = emptyAzurite(1);
    contexts.withBean(TableServiceClient.class,
            () -> new TableServiceClientBuilder().connectionString(connectionString)
                .addPolicy(AzureTablesBackend.batchPolicy()).buildClient())
        .run(context -> {
          assertThat(context.getBean(TableBackend.class)).isInstanceOf(AzureTablesBackend.class);
          storesAndReads(context.getBean(EmployeeRepository.class));
        });
  }

  @Test
  void azureWithoutAnAccountFailsSayingWhatToSet() {
    contexts.withPropertyValues("tablemapper.backend=azure").run(context -> {
      assertThat(context).hasFailed();
      assertThat(context.getStartupFailure()).rootCause()
          .isInstanceOf(TableMapperConfigurationException.class)
          .hasMessageContaining("Set tablemapper.azure.connection-string")
          .hasMessageContaining("TableServiceClient bean");
    });
  }

  @Test
  void anInvalidConnectionStringFailsNamingThePropertyWithoutItsSecrets() {
    contexts.withPropertyValues("tablemapper.azure.connection-string=AccountName=x;AccountKey=secret;Nonsense")
        .run(context -> {
          assertThat(context).hasFailed();
          assertThat(cause(context.getStartupFailure(), TableMapperConfigurationException.class))
              .hasMessageStartingWith("tablemapper.azure.connection-string cannot be used")
              .hasMessageNotContaining("secret");
        });
  }

  @Test
  void azureWithoutTheAzureBackendOnTheClassPathFailsNamingTheDependency() {
    contexts.withClassLoader(new FilteredClassLoader("com.azure", "io.tablemapper.backend.azure"))
        .withPropertyValues("tablemapper.backend=azure",
            "tablemapper.azure.connection-string=UseDevelopmentStorage=true")
        .run(context -> {
          assertThat(context).hasFailed();
          assertThat(cause(context.getStartupFailure(), TableMapperConfigurationException.class))
              .hasMessageContaining("Add the dependency io.tablemapper:backend-azure");
        });
  }

  @Test
  void withoutActuatorsHealthSupportTheMapperStillStartsWithoutAnIndicator() {
    contexts.withClassLoader(new FilteredClassLoader("org.springframework.boot.health")).run(context -> {
      assertThat(context).hasNotFailed().doesNotHaveBean("tableMapperHealthIndicator");
      storesAndReads(context.getBean(EmployeeRepository.class));
    });
  }

  @Test
  void thePoliciesAndEntitiesOfThePropertiesReachTheMapper() {
    contexts.withPropertyValues("tablemapper.table-creation=verify-at-start",
        "tablemapper.entities=" + Employee.class.getName()).run(context -> {
          assertThat(context).hasFailed();
          assertThat(context.getStartupFailure()).rootCause()
              .isInstanceOf(TableNotFoundException.class).hasMessageContaining("Company");
        });
  }

  @Test
  void theDefaultNamingReachesTheMapperWhichRefusesAClassCompiledUnderAnother() {
    contexts.withPropertyValues("tablemapper.naming=pascal-case", "tablemapper.entities=" + Employee.class.getName())
        .run(context -> {
          assertThat(context).hasFailed();
          assertThat(context.getStartupFailure()).rootCause().isInstanceOf(TableMapperException.class)
              .hasMessageContaining(Employee.class.getSimpleName()).hasMessageContaining("PASCAL_CASE");
        });
  }

  @Test
  void theDefaultsOfThePropertiesAreTheMappers() {
    TableMapperProperties properties = new TableMapperProperties();
    assertThat(properties.getDiscriminator()).isEqualTo(TableMapper.DEFAULT_DISCRIMINATOR);
    assertThat(properties.getReadParallelism()).isEqualTo(TableMapper.DEFAULT_READ_PARALLELISM);
    assertThat(properties.getTableCreation()).isEqualTo(TableCreation.CREATE_ON_WRITE);
  }

  @Test
  void theApplicationsOwnMapperReplacesTheStartersAndStillGetsTheRepositories() {
    contexts.withUserConfiguration(OwnMapper.class).run(context -> {
      assertThat(context).hasSingleBean(TableMapper.class).hasBean("ownMapper").doesNotHaveBean("tableMapper");
      storesAndReads(context.getBean(EmployeeRepository.class));
    });
  }

  @Test
  void repositoriesCanBeLeftOut() {
    contexts.withPropertyValues("tablemapper.repositories.enabled=false")
        .run(context -> assertThat(context).hasSingleBean(TableMapper.class)
            .doesNotHaveBean(EmployeeRepository.class));
  }

  @Test
  void theApplicationsMeterRegistryGetsTheMeters() {
    contexts.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
      assertThat(context).hasSingleBean(TableMapperMetrics.class);
      storesAndReads(context.getBean(EmployeeRepository.class));
      MeterRegistry registry = context.getBean(MeterRegistry.class);
      assertThat(registry.get(TableMapperMetrics.OPERATIONS).tags("operation", "insert", "entity", "Employee")
          .timer().count()).isEqualTo(1);
      assertThat(registry.get(TableMapperMetrics.OPERATIONS)
          .tags("method", "EmployeeRepository.findByDepartmentAndEmployeeId").timer().count()).isEqualTo(1);
    });
  }

  @Test
  void metricsCanBeLeftOut() {
    contexts.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .withPropertyValues("tablemapper.metrics.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(TableMapperMetrics.class));
  }

  @Test
  void theApplicationsObservationRegistryGetsAnObservationPerOperationAndRequest() {
    contexts.withBean(ObservationRegistry.class, TestObservationRegistry::create).run(context -> {
      assertThat(context).hasSingleBean(TableMapperObservations.class);
      storesAndReads(context.getBean(EmployeeRepository.class));
      TestObservationRegistry registry = context.getBean(TestObservationRegistry.class);
      TestObservationRegistryAssert.assertThat(registry).hasHandledContextsThatSatisfy(contexts -> assertThat(contexts)
          .filteredOn(each -> each.getName().equals(DefaultOperationObservationConvention.NAME))
          .as("the application's operations (not the background completer's looks for pending work)")
          .filteredOn(each -> !"poll_pending".equals(each.getLowCardinalityKeyValue("db.operation.name").getValue()))
          .hasSize(2).first().satisfies(insert -> {
            assertThat(insert.getContextualName()).isEqualTo("insert Company");
            assertThat(insert.getLowCardinalityKeyValue("db.system.name").getValue()).isEqualTo("tablemapper.memory");
          }));
      TestObservationRegistryAssert.assertThat(registry).hasHandledContextsThatSatisfy(contexts -> assertThat(contexts)
          .filteredOn(each -> each.getName().equals(DefaultStoreRequestObservationConvention.NAME))
          .as("the requests, each under its operation").isNotEmpty()
          .allSatisfy(request -> assertThat(request.getParentObservation().getContextView().getName())
              .isEqualTo(DefaultOperationObservationConvention.NAME)));
      TestObservationRegistryAssert.assertThat(registry).hasAnObservation(observation -> observation
          .hasContextualNameEqualTo("EmployeeRepository.findByDepartmentAndEmployeeId")
          .hasLowCardinalityKeyValue("tablemapper.query.kind", "point"));
    });
  }

  @Test
  void anObservationConventionBeanReplacesTheDefaultNames() {
    contexts.withBean(ObservationRegistry.class, TestObservationRegistry::create)
        .withBean(OperationObservationConvention.class, () -> new DefaultOperationObservationConvention() {
          @Override
          public String getName() {
            return "company.store.operation";
          }
        })
        .run(context -> {
          storesAndReads(context.getBean(EmployeeRepository.class));
          TestObservationRegistryAssert.assertThat(context.getBean(TestObservationRegistry.class))
              .hasNumberOfObservationsWithNameEqualTo("company.store.operation", 2)
              .hasNumberOfObservationsWithNameEqualTo(DefaultOperationObservationConvention.NAME, 0);
        });
  }

  @Test
  void withoutAnObservationRegistryOrWithObservationsOffNothingIsObserved() {
    contexts.run(context -> {
      assertThat(context).doesNotHaveBean(TableMapperObservations.class);
      storesAndReads(context.getBean(EmployeeRepository.class));
    });
    contexts.withBean(ObservationRegistry.class, TestObservationRegistry::create)
        .withPropertyValues("tablemapper.observations.enabled=false").run(context -> {
          assertThat(context).doesNotHaveBean(TableMapperObservations.class);
          storesAndReads(context.getBean(EmployeeRepository.class));
          TestObservationRegistryAssert.assertThat(context.getBean(TestObservationRegistry.class))
              .doesNotHaveAnyObservation();
        });
    contexts.withClassLoader(new FilteredClassLoader(ObservationRegistry.class)).run(context -> {
      assertThat(context).hasNotFailed().doesNotHaveBean(TableMapperObservations.class);
      storesAndReads(context.getBean(EmployeeRepository.class));
    });
  }

  @Test
  void theHealthIsUpWhileTheStoreAnswersAndDownOnceItDoesNot() {
    contexts.withPropertyValues("tablemapper.backend=h2").run(context -> {
      assertThat(context).hasBean("tableMapperHealthIndicator");
      assertThat(health(context)).isEqualTo(Status.UP);
      context.getBean(TableBackend.class).close();
      assertThat(health(context)).isEqualTo(Status.DOWN);
    });
  }

  @Test
  void theHealthIndicatorCanBeLeftOut() {
    contexts.withPropertyValues("management.health.tablemapper.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(TableMapperHealthIndicator.class));
  }

  /** The first exception of a type in a chain of causes. */
  private static <X extends Throwable> X cause(Throwable failure, Class<X> type) {
    for (Throwable each = failure; each != null; each = each.getCause()) {
      if (type.isInstance(each)) {
        return type.cast(each);
      }
    }
    throw new AssertionError("no " + type.getSimpleName() + " among the causes of " + failure, failure);
  }

  private static Status health(org.springframework.context.ApplicationContext context) {
    return context.getBean(TableMapperHealthIndicator.class).health().getStatus();
  }

  /** One of the Azurite accounts of the test run, emptied of the tables earlier tests left. */
  private static String emptyAzurite(int account) {
    String connectionString = Azurite.connectionString(account);
    TableServiceClient service = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    service.listTables().forEach(table -> service.deleteTable(table.getName()));
    return connectionString;
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnMapper {
    @Bean
    TableMapper ownMapper() {
      return TableMapper.builder().backend(InMemoryBackend.create()).build();
    }
  }
}
