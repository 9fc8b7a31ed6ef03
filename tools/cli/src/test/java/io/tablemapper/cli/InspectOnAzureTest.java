package io.tablemapper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code inspect} on Azure Table Storage (Azurite), through {@code --azure} and its connection string. */
@ExtendWith(Azurite.class)
class InspectOnAzureTest {

  @Test
  void aPartitionOnAzureShowsItsEntitiesIndexRowsAndUnknownTypesInKeyOrder() {
    String account = Azurite.connectionString();
    try (AzureTablesBackend backend = AzureTablesBackend.fromConnectionString(account)) {
      InspectCommandTest.writeCompany(backend);
    }

    CliRun run = CliRun.of(TableMapperCli.Tools.standard(), "inspect", "Company", "Sales", "--azure", account,
        "--entity", InspectCommandTest.EMPLOYEE, "--entity", InspectCommandTest.DEPARTMENT);

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out().lines().map(line -> line.replaceAll("  +", " | ")).toList()).containsExactly(
        "PARTITION KEY | ROW KEY | TYPE | PROPERTIES",
        "Sales | department | Department | name=Sales, manager=Ken, employeeCount=2",
        "Sales | email_ken@contoso.com | Employee#email [index row] | EntityType=Employee#email,"
            + " TmPrimaryRowKey=empid_000001, age=40, department=Sales, email=ken@contoso.com, employeeId=1,"
            + " firstName=Ken",
        "Sales | email_lee@contoso.com | Employee#email [index row] | EntityType=Employee#email,"
            + " TmPrimaryRowKey=empid_000002, age=31, department=Sales, email=lee@contoso.com, employeeId=2,"
            + " firstName=Lee",
        "Sales | empid_000001 | Employee | department=Sales, employeeId=1, firstName=Ken, age=40,"
            + " email=ken@contoso.com",
        "Sales | empid_000002 | Employee | department=Sales, employeeId=2, firstName=Lee, age=31,"
            + " email=lee@contoso.com",
        "Sales | visitor_01 | Visitor [unknown type] | EntityType=Visitor, Name=Zoe",
        "",
        "6 rows of partition Sales of table Company, 3 decoded as entities");
  }
}
