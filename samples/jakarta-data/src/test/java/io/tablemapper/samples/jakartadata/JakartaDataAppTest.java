package io.tablemapper.samples.jakartadata;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.spi.TableBackend;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The Jakarta Data sample on an H2 file (run twice) and on Azurite: the same output, plans included, every time. */
@ExtendWith(Azurite.class)
class JakartaDataAppTest {
  static final String EXPECTED = String.join("\n",
      "== a department from scratch",
      "    plan: RANGE: PartitionKey = {department}, RowKey starts with empid_",
      "    plan: RANGE: PartitionKey = emp_{employeeId:08}, RowKey starts with claim_",
      "hired 3, each with its ETag: true",
      "== finds",
      "    plan: POINT: PartitionKey = {department}, RowKey = empid_{employeeId:08}",
      "by key: Ken",
      "    plan: POINT via index email: PartitionKey = {department}, RowKey = email_{email}",
      "by email: Ann",
      "    plan: RANGE: PartitionKey = {department}, RowKey starts with empid_",
      "in department: Ann Lee, Ken Kwok, Bo Chan",
      "    plan: RANGE: PartitionKey = {department}, RowKey starts with empid_",
      "count: 3",
      "== pages of 2, by continuation token",
      "    plan: RANGE: PartitionKey = {department}, RowKey starts with empid_",
      "    plan: RANGE: PartitionKey = {department}, RowKey starts with empid_",
      "page 1: Ann Lee, Ken Kwok of 3",
      "    plan: RANGE: PartitionKey = {department}, RowKey starts with empid_",
      "    plan: RANGE: PartitionKey = {department}, RowKey starts with empid_",
      "page 2: Bo Chan",
      "== optimistic locking",
      "    plan: POINT: PartitionKey = {department}, RowKey = empid_{employeeId:08}",
      "a stale update: OptimisticLockingFailureException",
      "== claims",
      "a second claim 1: EntityExistsException",
      "    plan: RANGE: PartitionKey = emp_{employeeId:08}, RowKey starts with claim_",
      "claims of 7: train, hotel",
      "    plan: TABLE_SCAN: every partition of table Company, RowKey starts with empid_",
      "everyone: Ann Lee, Ken Kwok-Lee, Bo Chan",
      "");

  @TempDir
  Path directory;

  private static String run(TableBackend backend) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    JakartaDataApp.run(backend, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
  }

  @Test
  void onAnH2FileASecondRunStartsTheDepartmentAgainAndPrintsTheSame() {
    Path file = directory.resolve("jakarta-data");
    assertThat(run(H2Backend.file(file))).isEqualTo(EXPECTED);
    assertThat(run(H2Backend.file(file))).isEqualTo(EXPECTED);
  }

  @Test
  void onAzuriteTheRepositoriesPlanAndBehaveAsOnH2() {
    String connectionString = Azurite.connectionString(0);
    TableServiceClient admin = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    admin.listTables().forEach(table -> admin.deleteTable(table.getName()));

    assertThat(run(AzureTablesBackend.fromConnectionString(connectionString))).isEqualTo(EXPECTED);
    assertThat(admin.listTables()).extracting(table -> table.getName()).contains("Company", "Claims");
  }
}
