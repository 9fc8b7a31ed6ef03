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

/**
 * The wide entities example on the embedded store, on an H2 file (run twice: the second run finds the year the first
 * stored) and on Azurite, whose service refuses any row of more than 252 properties: the year takes a head and a
 * part, reads back whole, and updates in place.
 */
@ExtendWith(Azurite.class)
class WideEntitiesTest {
  @TempDir
  Path directory;

  private static String run(TableBackend backend) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TableMapper mapper = TableMapper.builder().backend(backend).build()) {
      WideEntities.run(mapper, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static void assertAFullRun(String output) {
    assertThat(output)
        .contains("year_2024 (MessageStats): ")
        .contains("year_2024~01 (MessageStats#~part): ")
        .contains("read back whole (a point read of the head, a range read of its parts): day 1 11, day 365 11")
        .contains("years with more than 3000 messages (the total is in the head, so the store filters it): [2024]");
  }

  @Test
  void theYearTakesAHeadAndAPartAndReadsBackWholeInMemory() {
    String output = run(InMemoryBackend.create());

    assertThat(output).contains("stored the year in one entity group transaction: total 5003");
    assertThat(output).contains("day 200: 15 -> 16, total 5004;");
    assertAFullRun(output);
  }

  @Test
  void aSecondRunOnAnH2FileFindsTheYearAndBuildsOnItsUpdate() {
    Path file = directory.resolve("company");
    String first = run(H2Backend.file(file));
    String second = run(H2Backend.file(file));

    assertAFullRun(first);
    assertAFullRun(second);
    assertThat(first).contains("day 200: 15 -> 16, total 5004;");
    assertThat(second).contains("stored by an earlier run, so not inserted again: the year 2024")
        .contains("day 200: 16 -> 17, total 5005;");
  }

  @Test
  void theYearTakesAHeadAndAPartOnAzurite() {
    String connectionString = Azurite.connectionString(Azurite.ACCOUNTS - 3);
    TableServiceClient admin = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    admin.listTables().forEach(table -> {
      if (table.getName().equals("MessageStats")) {
        admin.deleteTable(table.getName());
      }
    });

    String output = run(AzureTablesBackend.fromConnectionString(connectionString));

    assertThat(output).contains("day 200: 15 -> 16, total 5004;");
    assertAFullRun(output);
  }
}
