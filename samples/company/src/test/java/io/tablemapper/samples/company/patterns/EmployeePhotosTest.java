package io.tablemapper.samples.company.patterns;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableBackend;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The large entities pattern of the sample on memory, an H2 file and Azurite (blob service included): the photo is
 * stored out of the row, read back whole, replaced and deleted, and no value is left behind.
 */
class EmployeePhotosTest {
  @TempDir
  Path directory;

  private TableBackend backend(String kind) {
    switch (kind) {
      case "memory":
        return InMemoryBackend.create();
      case "h2":
        return H2Backend.file(directory.resolve("photos"));
      default:
        return AzureTablesBackend.fromConnectionString(Azurite.connectionString(Azurite.ACCOUNTS - 4));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"memory", "h2", "azure"})
  void thePhotoIsStoredOutOfTheRowReadBackWholeReplacedAndDeletedWithItsEmployee(String kind) {
    TableBackend backend = backend(kind);
    OutOfRowValues values = backend.outOfRowValues().orElseThrow();
    values.deleteAll(EmployeePhotos.TABLE); // an earlier run's, on Azurite's shared account
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TableMapper mapper = TableMapper.builder().backend(backend).build();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      EmployeePhotos.run(mapper, out);
      assertThat(values.list(EmployeePhotos.TABLE)).as("values left behind").isEmpty();
    }
    String output = bytes.toString(StandardCharsets.UTF_8);

    assertThat(output)
        .contains("stored Ken Kwok with a photo of 2097152 bytes")
        .contains("in place of the photo: tmlarge:1:B:...")
        .contains("read back: 2097152 bytes, the same photo: true")
        .contains("new photo of 300000 bytes")
        .contains("values no row references, swept: 0")
        .contains("deleted Ken Kwok and his photo: found again false");
  }
}
