package io.tablemapper.samples.company.patterns;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The data series sample on memory, an H2 file and Azurite: each hour's count is one request that reads nothing and
 * lands in the one entity of the day, which holds exactly the hours merged into it (no zeros written for the
 * others), and a stale ETag is refused.
 */
@ExtendWith(Azurite.class)
class HourlyReadingsTest {
  @TempDir
  Path directory;

  private TableBackend store(String backend) {
    switch (backend) {
      case "memory":
        return InMemoryBackend.create();
      case "h2":
        return H2Backend.file(directory.resolve("series"));
      default:
        String connectionString = Azurite.connectionString(Azurite.ACCOUNTS - 4);
        TableServiceClient admin = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
        admin.listTables().forEach(table -> admin.deleteTable(table.getName()));
        return AzureTablesBackend.fromConnectionString(connectionString);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"memory", "h2", "azure"})
  void eachHourIsOneMergeIntoTheDaysEntityAndTheDayIsReadWhole(String backend) {
    TableBackend store = store(backend);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    List<DynamicEntity> rows;
    List<OperationEvent> merges = new CopyOnWriteArrayList<>();
    try (TableMapper mapper = TableMapper.builder().backend(store)
        .operationListener(event -> {
          if (event.type() == OperationType.UPSERT_MERGE) {
            merges.add(event);
          }
        })
        .build()) {
      HourlyReadings.run(mapper, new PrintStream(bytes, true, StandardCharsets.UTF_8));
      rows = mapper.dynamic("HourlyMessages").query(DynamicQuery.partition("Sales"));
    }
    String output = bytes.toString(StandardCharsets.UTF_8);

    assertThat(output)
        .contains("hour 7: 2 messages merged into the day (one request, no read)")
        .contains("the whole day in one point read: [0, 0, 0, 0, 0, 0, 0, 2, 11, 26, 19, 14, 0, 0, 0, 0, 0, 0, 0, 0,"
            + " 0, 0, 0, 0]")
        .contains("hour 9 corrected to 25, conditional on the ETag read: accepted")
        .contains("a second correction with the ETag read before the first was refused: the day changed since")
        .contains("hour 9 now: 25 (ETag renewed)");
    assertThat(merges).as("five hours and one recount").hasSize(6)
        .allSatisfy(merge -> assertThat(merge.rowsRead()).as("nothing read").isZero());
    assertThat(merges.subList(1, merges.size())).as("after the table's creation, one request each")
        .allSatisfy(merge -> assertThat(merge.requests()).isEqualTo(1));
    assertThat(rows).singleElement().satisfies(row -> assertThat(row.properties()).as("only the merged hours")
        .containsOnlyKeys("EntityType", "department", "employeeId", "day", "h07", "h08", "h09", "h10", "h11"));
  }
}
