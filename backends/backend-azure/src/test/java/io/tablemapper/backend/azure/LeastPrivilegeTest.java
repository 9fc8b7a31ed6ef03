package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.core.credential.TokenCredential;
import com.azure.core.exception.ClientAuthenticationException;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Azure backend from credentials with less than the account key's power, on Azurite with signatures the SDK
 * generates: a table-scoped read-only SAS reads and is refused every write with an {@link AccessDeniedException}
 * naming the permission; an account SAS and a named key credential work; a token credential is checked as far as
 * can be without Microsoft Entra ID. No key or signature ever appears in a message.
 */
@ExtendWith(Azurite.class)
class LeastPrivilegeTest {
  private TableServiceClient admin;
  private String table;
  private String endpoint;
  private String accountName;
  private String accountKey;

  @BeforeEach
  void createTable() {
    String connectionString = Azurite.connectionString();
    admin = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    endpoint = setting(connectionString, "TableEndpoint");
    accountName = setting(connectionString, "AccountName");
    accountKey = setting(connectionString, "AccountKey");
    table = "sas" + UUID.randomUUID().toString().replace("-", "");
    AzureTablesBackend owner = AzureTablesBackend.fromConnectionString(connectionString);
    owner.createTableIfNotExists(table);
    owner.write(table, WriteOperation.insert(TableRow.builder("p", "r1").putString("v", "one").build()));
  }

  @AfterEach
  void dropTable() {
    admin.deleteTable(table);
  }

  private static String setting(String connectionString, String name) {
    Matcher matcher = Pattern.compile(name + "=([^;]*)").matcher(connectionString);
    assertThat(matcher.find()).isTrue();
    return matcher.group(1);
  }

  private String tableSas(String permissions) {
    TableClient client = admin.getTableClient(table);
    return client.generateSas(
        new TableSasSignatureValues(OffsetDateTime.now().plusHours(1), TableSasPermission.parse(permissions)));
  }

  @Test
  void aTableScopedReadOnlySasReadsButCannotWriteAndSaysWhichPermissionIsMissing() {
    String sas = tableSas("r");
    AzureTablesBackend reader = AzureTablesBackend.fromSas(endpoint, sas);

    assertThat(reader.get(table, "p", "r1")).hasValueSatisfying(row -> assertThat(row.getString("v")).isEqualTo("one"));
    assertThat(reader.query(TableQuery.builder(table).partitionKey("p").build()).rows()).hasSize(1);
    assertThat(reader.tableExists(table)).isTrue();

    assertThatThrownBy(() -> reader.write(table, WriteOperation.insert(TableRow.builder("p", "r2").build())))
        .isInstanceOfSatisfying(AccessDeniedException.class, e -> assertThat(e.permission()).isEqualTo("a (add)"))
        .hasMessageContaining("HTTP 403")
        .hasMessageContaining("table '" + table + "'")
        .hasMessageNotContaining(sas);
    assertThatThrownBy(() -> reader.write(table, WriteOperation.delete("p", "r1", "*")))
        .isInstanceOfSatisfying(AccessDeniedException.class, e -> assertThat(e.permission()).isEqualTo("d (delete)"));
    assertThatThrownBy(() -> reader.write(table, WriteOperation.replace(TableRow.builder("p", "r1").build(), "*")))
        .isInstanceOfSatisfying(AccessDeniedException.class,
            e -> assertThat(e.permission()).startsWith("u (update)"));
    assertThatThrownBy(() -> reader.batch(table, List.of(WriteOperation.insert(TableRow.builder("p", "r3")
        .build()), WriteOperation.insert(TableRow.builder("p", "r4").build()))))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> reader.createTableIfNotExists("other" + table))
        .isInstanceOfSatisfying(AccessDeniedException.class,
            e -> assertThat(e.permission()).startsWith("to create tables"));
    assertThat(admin.getTableClient(table).getEntity("p", "r1").getProperty("v")).isEqualTo("one");
  }

  @Test
  void aTableScopedSasOfAnotherTableIsRefused() {
    String other = "other" + table;
    admin.createTable(other);
    try {
      AzureTablesBackend reader = AzureTablesBackend.fromSas(endpoint, "?" + tableSas("raud"));

      assertThat(reader.get(table, "p", "r1")).isPresent();
      assertThatThrownBy(() -> reader.get(other, "p", "r1")).isInstanceOf(AccessDeniedException.class);
    } finally {
      admin.deleteTable(other);
    }
  }

  @Test
  void anAccountSasAndANamedKeyCredentialWorkWithoutAConnectionString() {
    String accountSas = admin.generateAccountSas(new TableAccountSasSignatureValues(OffsetDateTime.now().plusHours(1),
        TableAccountSasPermission.parse("rwdlacu"), new TableAccountSasService().setTableAccess(true),
        new TableAccountSasResourceType().setService(true).setContainer(true).setObject(true)));
    AzureTablesBackend bySas = AzureTablesBackend.fromSas(endpoint, accountSas);
    AzureTablesBackend byKey =
        AzureTablesBackend.fromCredential(endpoint, new AzureNamedKeyCredential(accountName, accountKey));

    bySas.write(table, WriteOperation.insert(TableRow.builder("p", "r2").putString("v", "two").build()));
    assertThat(byKey.get(table, "p", "r2")).isPresent();
    byKey.write(table, WriteOperation.delete("p", "r2", "*"));
    assertThat(bySas.get(table, "p", "r2")).isEmpty();
    String created = "made" + table;
    assertThat(bySas.createTableIfNotExists(created)).isTrue();
    assertThat(byKey.deleteTableIfExists(created)).isTrue();
  }

  @Test
  void aWrongKeyIsNotAcceptedAndNotShown() {
    String wrongKey = Base64.getEncoder().encodeToString(new byte[64]);
    AzureTablesBackend wrong = AzureTablesBackend.fromCredential(endpoint, new AzureNamedKeyCredential(accountName,
        wrongKey));

    assertThatThrownBy(() -> wrong.get(table, "p", "r1"))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("not accepted")
        .hasMessageNotContaining(wrongKey);
  }

  @Test
  void aTokenCredentialNeedsHttpsAndItsFailureToAuthenticateIsTheContractsException() {
    TokenCredential failing = request -> {
      throw new ClientAuthenticationException("no identity is configured here", null);
    };
    assertThatThrownBy(() -> AzureTablesBackend.fromCredential(endpoint, failing))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs an HTTPS endpoint");

    AzureTablesBackend byToken =
        AzureTablesBackend.fromCredential(endpoint.replace("http://", "https://"), failing);
    assertThatThrownBy(() -> byToken.get(table, "p", "r1"))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("could not authenticate (no identity is configured here)");
  }

  @Test
  void secretsNeverAppearInMessagesOrText() {
    String sas = tableSas("r");
    assertThatThrownBy(() -> AzureTablesBackend.fromSas("not a url", sas))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining(sas);
    assertThatThrownBy(() -> AzureTablesBackend.fromSas(endpoint, "sv=2020&sp=r"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has a 'sig' parameter, and this one has none");
    String badConnection = "DefaultEndpointsProtocol=http;AccountName=x;AccountKey=" + accountKey + ";Nonsense";
    assertThatThrownBy(() -> AzureTablesBackend.fromConnectionString(badConnection))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining(accountKey);
    AzureTablesBackend bySas = AzureTablesBackend.fromSas(endpoint + "?" + sas, sas);
    assertThat(bySas.toString()).doesNotContain(sas).doesNotContain(sig(sas));
    assertThat(Secrets.redact("https://a.table.core.windows.net/T?sv=1&sig=abc%2Bdef&sp=r")).doesNotContain("abc");
  }

  private static String sig(String sas) {
    Matcher matcher = Pattern.compile("sig=([^&]*)").matcher(sas);
    assertThat(matcher.find()).isTrue();
    return matcher.group(1);
  }
}
