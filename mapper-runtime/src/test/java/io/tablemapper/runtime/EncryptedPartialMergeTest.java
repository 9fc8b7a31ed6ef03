package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Patient;
import io.tablemapper.runtime.fixtures.PatientRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A partial merge of an {@code @Encrypted} property on every store: the merged value is stored as ciphertext for the
 * entity's keys, reads return it decrypted, the other encrypted properties are untouched, and the partial index copy
 * that holds it is rewritten with the new ciphertext in the same transaction.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class EncryptedPartialMergeTest {
  private final TableBackend store;
  private final TableMapper mapper;
  private final PatientRepository patients;

  EncryptedPartialMergeTest(Stores stores) {
    this.store = stores.newStore();
    byte[] key = new byte[32];
    Arrays.fill(key, (byte) 1);
    this.mapper = TableMapper.builder().backend(store).encryptionKey("k1", new SecretKeySpec(key, "AES")).build();
    this.patients = mapper.repository(PatientRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aMergedEncryptedPropertyIsStoredEncryptedAndItsCopyFollows() {
    byte[] scan = {1, 2, 3};
    patients.insert(new Patient("North", 7, "Ken", "ken@contoso.com", "flu", scan, List.of("penicillin"), null));

    patients.merge(new Patient("North", 7, null, null, "recovered", null, null, null), "diagnosis");

    Patient read = patients.findByWardAndId("North", 7).orElseThrow();
    assertThat(read.diagnosis()).isEqualTo("recovered");
    assertThat(read.scan()).isEqualTo(scan);
    assertThat(read.allergies()).containsExactly("penicillin");
    assertThat(read.name()).isEqualTo("Ken");
    Object stored = RawRows.get(store, "Clinic", "North", "patient_000007").get("diagnosis");
    assertThat(stored).isInstanceOf(byte[].class);
    assertThat(new String((byte[]) stored, StandardCharsets.ISO_8859_1)).doesNotContain("recovered");
    assertThat(patients.findByWardAndName("North", "Ken")).extracting(Patient::diagnosis)
        .as("read through the partial copy, which holds the diagnosis").containsExactly("recovered");
    Object copied = RawRows.get(store, "Clinic", "North", "name_Ken_000007").get("diagnosis");
    assertThat(copied).isInstanceOf(byte[].class);
  }
}
