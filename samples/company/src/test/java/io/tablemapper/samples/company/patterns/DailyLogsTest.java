package io.tablemapper.samples.company.patterns;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The daily logs sample on memory, on an H2 file (run twice) and on Azurite: the same output every time. */
@ExtendWith(Azurite.class)
class DailyLogsTest {
  private static final String EXPECTED = String.join("\n",
      "== Table per period: a log table per day, old days dropped whole",
      "tables: [Logs20260301, Logs20260302, Logs20260303, Logs20260304, Logs20260305]",
      "billing from 2026-03-02T12:00:00Z to 2026-03-04T12:00:00Z (one query per day's table, merged in time order):",
      "  2026-03-02T17:00:00Z INFO day closed",
      "  2026-03-03T09:00:00Z INFO invoices sent",
      "  2026-03-03T17:00:00Z ERROR payment gateway timed out",
      "  2026-03-04T09:00:00Z INFO invoices sent",
      "messages of search in those days: 3",
      "dropped Logs20260301 (older than 3 days)",
      "dropped Logs20260302 (older than 3 days)",
      "tables kept: [Logs20260303, Logs20260304, Logs20260305]",
      "billing messages kept: 6, the oldest at 2026-03-03T09:00:00Z",
      "");

  @TempDir
  Path directory;

  private static String run(TableBackend backend) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TableMapper mapper = TableMapper.builder().backend(backend).build()) {
      DailyLogs.run(mapper, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }
    return bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
  }

  @Test
  void inMemoryTheOldDaysAreDroppedAndTheRestReadAcrossDays() {
    assertThat(run(InMemoryBackend.create())).isEqualTo(EXPECTED);
  }

  @Test
  void onAnH2FileASecondRunFindsTheSameState() {
    Path file = directory.resolve("logs");
    assertThat(run(H2Backend.file(file))).isEqualTo(EXPECTED);
    assertThat(run(H2Backend.file(file))).isEqualTo(EXPECTED);
  }

  @Test
  void onAzuriteEachDayIsATableOfTheAccount() {
    String connectionString = Azurite.connectionString(Azurite.ACCOUNTS - 4);
    TableServiceClient admin = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    admin.listTables().forEach(table -> admin.deleteTable(table.getName()));

    assertThat(run(AzureTablesBackend.fromConnectionString(connectionString))).isEqualTo(EXPECTED);
    assertThat(admin.listTables()).extracting(table -> table.getName())
        .containsExactly("Logs20260303", "Logs20260304", "Logs20260305");
  }
}
