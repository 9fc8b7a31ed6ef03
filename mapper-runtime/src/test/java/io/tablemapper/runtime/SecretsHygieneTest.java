package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.TableCreation;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.azure.AzureTablesBackend;
import io.tablemapper.backend.azure.Azurite;
import io.tablemapper.runtime.fixtures.Patient;
import io.tablemapper.runtime.fixtures.PatientRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.Stores;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Connection strings, SAS tokens and keys never appear in an exception (its whole cause chain and stack trace
 * included), nor in a {@code toString()} of the mapper, its backend or its keys.
 */
@ExtendWith(Azurite.class)
class SecretsHygieneTest {

  /** Everything a log line of an exception would show: every message and stack frame of its cause chain. */
  private static String printed(Throwable thrown) {
    StringWriter text = new StringWriter();
    thrown.printStackTrace(new PrintWriter(text));
    return text.toString();
  }

  private static String setting(String connectionString, String name) {
    Matcher matcher = Pattern.compile(name + "=([^;]*)").matcher(connectionString);
    assertThat(matcher.find()).isTrue();
    return matcher.group(1);
  }

  @Test
  void aSasTokenAppearsNowhere() {
    String connectionString = Azurite.connectionString(Azurite.ACCOUNTS - 2);
    TableServiceClient admin = new TableServiceClientBuilder().connectionString(connectionString).buildClient();
    admin.createTableIfNotExists("Hygiene");
    String sas = admin.getTableClient("Hygiene").generateSas(
        new TableSasSignatureValues(OffsetDateTime.now().plusHours(1), TableSasPermission.parse("r")));
    Matcher sig = Pattern.compile("sig=([^&]*)").matcher(sas);
    assertThat(sig.find()).isTrue();
    String signature = URLDecoder.decode(sig.group(1), StandardCharsets.UTF_8);
    AzureTablesBackend backend = AzureTablesBackend.fromSas(setting(connectionString, "TableEndpoint"), sas);

    try (TableMapper mapper = TableMapper.builder().backend(backend).tableCreation(TableCreation.NEVER).build()) {
      Throwable denied = catchThrowable(() -> mapper.dynamic("Hygiene")
          .insert(DynamicEntity.builder("p", "r").build()));
      Throwable outOfScope = catchThrowable(() -> mapper.dynamic("Other").get("p", "r"));

      for (String text : List.of(printed(denied), printed(outOfScope), mapper.toString(), backend.toString())) {
        assertThat(text).doesNotContain(signature).doesNotContain(sig.group(1));
      }
    } finally {
      admin.deleteTable("Hygiene");
    }
  }

  @Test
  void anAccountKeyAppearsNowhere() {
    String connectionString = Azurite.connectionString();
    String key = setting(connectionString, "AccountKey");
    Throwable invalid = catchThrowable(() -> AzureTablesBackend.fromConnectionString(
        "DefaultEndpointsProtocol=http;AccountKey=" + key + ";Nonsense"));
    AzureTablesBackend backend = AzureTablesBackend.fromConnectionString(connectionString);

    assertThat(invalid).isNotNull();
    assertThat(printed(invalid)).doesNotContain(key);
    assertThat(backend.toString()).doesNotContain(key);
  }

  /** On every store, each returning the encrypted row as its own types and system properties make it. */
  @ParameterizedTest
  @EnumSource(Stores.class)
  void anEncryptionKeyAppearsNowhere(Stores stores) {
    byte[] bytes = new byte[32];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (0x40 + i);
    }
    TableBackend store = stores.newStore();
    try (TableMapper writer = TableMapper.builder().backend(store)
            .encryptionKey("k1", new SecretKeySpec(bytes, "AES")).build();
        TableMapper reader = TableMapper.builder().backend(store)
            .encryptionKey("k1", new SecretKeySpec(new byte[32], "AES")).build()) {
      writer.repository(PatientRepository.class).insert(
          new Patient("North", 1, "Ken", "ken@contoso.com", "secret diagnosis", new byte[] {1}, List.of(), null));
      Throwable failed = catchThrowable(() -> reader.repository(PatientRepository.class).findByWardAndId("North", 1));

      assertThat(failed).isNotNull();
      for (String text : List.of(printed(failed), writer.toString(), reader.toString())) {
        assertThat(text).doesNotContain(new String(bytes, StandardCharsets.ISO_8859_1))
            .doesNotContain(HexFormat.of().formatHex(bytes))
            .doesNotContain(Base64.getEncoder().encodeToString(bytes))
            .doesNotContain("secret diagnosis");
      }
    }
  }
}
