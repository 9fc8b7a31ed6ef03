package io.tablemapper.samples.company;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** System properties choose the sample's backend: an H2 file by default, memory on request, nothing else. */
class BackendChoiceTest {
  @TempDir
  Path directory;

  @Test
  void withoutPropertiesItIsTheH2FileDataCompanyUnderTheWorkingDirectory() {
    BackendChoice choice = BackendChoice.from(new Properties());

    assertThat(choice.durable()).isTrue();
    assertThat(choice.description())
        .isEqualTo("H2 database file " + Path.of("data", "company.mv.db").toAbsolutePath());
  }

  @Test
  void theH2FileIsAProperty() {
    Properties properties = new Properties();
    properties.setProperty(BackendChoice.H2_FILE, directory.resolve("elsewhere").toString());
    BackendChoice choice = BackendChoice.from(properties);

    try (TableBackend backend = choice.open()) {
      assertThat(backend).isInstanceOf(H2Backend.class);
      assertThat(backend.name()).isEqualTo("h2 " + directory.resolve("elsewhere.mv.db"));
    }
    assertThat(choice.description()).isEqualTo("H2 database file " + directory.resolve("elsewhere.mv.db"));
  }

  @Test
  void memoryIsInMemoryAndNotDurable() {
    Properties properties = new Properties();
    properties.setProperty(BackendChoice.BACKEND, " Memory ");
    BackendChoice choice = BackendChoice.from(properties);

    assertThat(choice.durable()).isFalse();
    try (TableBackend backend = choice.open()) {
      assertThat(backend).isInstanceOf(InMemoryBackend.class);
    }
  }

  @Test
  void anUnknownBackendIsRefusedWithTheChoices() {
    Properties properties = new Properties();
    properties.setProperty(BackendChoice.BACKEND, "cassandra");

    assertThatThrownBy(() -> BackendChoice.from(properties))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-Dtablemapper.backend=cassandra names no backend")
        .hasMessageContaining("choose h2")
        .hasMessageContaining("memory")
        .hasMessageContaining("or azure");
  }

  @Test
  void azureOpensTheAccountOfTheConnectionStringAndNeverPrintsItsKey() {
    Properties properties = new Properties();
    properties.setProperty(BackendChoice.BACKEND, "azure");
    properties.setProperty(BackendChoice.AZURE_CONNECTION_STRING,
        "DefaultEndpointsProtocol=https;AccountName=contoso;AccountKey=c2VjcmV0;EndpointSuffix=core.windows.net");
    BackendChoice choice = BackendChoice.from(properties);

    assertThat(choice.durable()).isTrue();
    assertThat(choice.description()).isEqualTo("Azure Tables account contoso").doesNotContain("c2VjcmV0");
    try (TableBackend backend = choice.open()) {
      assertThat(backend).isInstanceOf(AzureTablesBackend.class);
    }
  }

  @Test
  void azureWithoutAConnectionStringSaysWhereToPutIt() {
    Properties properties = new Properties();
    properties.setProperty(BackendChoice.BACKEND, "azure");

    assertThatThrownBy(() -> BackendChoice.from(properties))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-Dtablemapper.azure.connectionString=")
        .hasMessageContaining("TABLEMAPPER_AZURE_CONNECTION_STRING");
  }
}
