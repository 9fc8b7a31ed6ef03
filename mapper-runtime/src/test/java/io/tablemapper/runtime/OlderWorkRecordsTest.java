package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.runtime.fixtures.Patient;
import io.tablemapper.runtime.fixtures.PatientRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.runtime.rows.PendingStep;

/**
 * Work records that an earlier version of tablemapper wrote, whose later writes hold their rows as {@code toRow} made
 * them — plaintext, under {@code properties} in their steps' JSON: still completed by this version, their writes
 * encrypted on their way to the store; a mapper without keys leaves them pending rather than failing them.
 */
class OlderWorkRecordsTest {
  private static final SecretKey K1 = new SecretKeySpec(filled(1), "AES");
  private static final Patient FIRST =
      new Patient("South", 1, "Ann", "ann@contoso.com", "asthma", new byte[] {1}, List.of(), null);
  private static final Patient LATER =
      new Patient("North", 2, "Ken", "ken@contoso.com", "fracture", new byte[] {7, 8}, List.of("latex"), null);

  private static byte[] filled(int seed) {
    byte[] bytes = new byte[32];
    Arrays.fill(bytes, (byte) seed);
    return bytes;
  }

  @Test
  void aRecordOfPlaintextRowsIsCompletedAndItsWriteStoredEncrypted() {
    TableBackend store = InMemoryBackend.create();
    leaveOlderRecord(store);

    try (TableMapper keyless = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
      assertThatThrownBy(keyless::completePending).isInstanceOf(EncryptionException.class)
          .hasMessageContaining("stays pending").hasMessageContaining("must be encrypted to be written");
    }
    assertThat(records(store)).as("left pending by the mapper without keys").hasSize(1)
        .allSatisfy(record -> assertThat(PendingRows.state(record)).isEqualTo(PendingRows.State.PENDING));

    try (TableMapper completer =
        ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).encryptionKey("k1", K1).build()) {
      assertThat(completer.completePending()).isEqualTo(1);
      assertThat(completer.repository(PatientRepository.class).findByWardAndId("North", 2).orElseThrow())
          .usingRecursiveComparison().ignoringFields("etag").isEqualTo(LATER);
    }
    assertThat(records(store)).isEmpty();
    TableRow stored = store.get("Clinic", "North", "patient_000002").orElseThrow();
    assertThat(stored.get("diagnosis")).as("encrypted on its way to the store").isInstanceOf(byte[].class);
    assertThat(new String((byte[]) stored.get("diagnosis"), StandardCharsets.ISO_8859_1)).doesNotContain("fracture");
  }

  /**
   * Commits an eventual batch whose process dies right after the transaction that records its work, then rewrites
   * the record's steps as an earlier version wrote them: each later write's row with its plaintext values, unmarked.
   */
  private static void leaveOlderRecord(TableBackend store) {
    DyingBackend dying = DyingBackend.afterRecording(store);
    try (TableMapper doomed = ManualCompletion.builder(dying).encryptionKey("k1", K1).build()) {
      doomed.eventually().insert(FIRST).insert(LATER).commit();
    }
    TableRow record = records(store).get(0);
    assertThat(record.getString(PendingRows.STEPS + 0)).as("what an earlier version cannot take for plaintext")
        .contains("\"storedProperties\"").doesNotContain("\"properties\"");
    List<PendingStep> older = new ArrayList<>();
    for (PendingStep step : PendingRows.steps(record)) {
      assertThat(step.stored()).isTrue();
      TableRow plaintext = step.row().toBuilder()
          .putString("diagnosis", LATER.diagnosis())
          .putBinary("scan", LATER.scan())
          .putString("allergies", "[\"latex\"]")
          .build();
      older.add(new PendingStep(step.position(), step.kind(), step.entityClass(), step.table(), plaintext, false,
          step.etag(), null, List.of(), null));
    }
    String id = record.rowKey().substring(PendingRows.WORK_ROW_PREFIX.length());
    TableRow rewritten = PendingRows.workRecord(new Discriminator(TableMapper.DEFAULT_DISCRIMINATOR, null), id,
        record.partitionKey(), older);
    assertThat(rewritten.getString(PendingRows.STEPS + 0)).contains("\"fracture\"").doesNotContain("storedProperties");
    store.write("Clinic", WriteOperation.upsertReplace(rewritten));
  }

  private static List<TableRow> records(TableBackend store) {
    return store.query(TableQuery.builder("Clinic").partitionKey("South").limit(1000).build()).rows().stream()
        .filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)).toList();
  }
}
