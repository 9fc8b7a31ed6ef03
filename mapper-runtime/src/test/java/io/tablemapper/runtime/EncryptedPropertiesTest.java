package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.DecryptionException;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Patient;
import io.tablemapper.runtime.fixtures.PatientDiagnosis;
import io.tablemapper.runtime.fixtures.PatientRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code @Encrypted} properties on every backend: the store holds only ciphertext (entity rows, full and partial index
 * copies alike), reads return the plaintext (entities, index reads, projections), and a value that cannot be
 * decrypted — tampered, under an unknown key id or another key, moved to another entity or property, or never
 * encrypted — fails with a {@link DecryptionException} naming the entity, its keys and the property. Keys rotate:
 * new writes use the newest key, old values stay readable, and {@link TableMapper#reencrypt} rewrites the rest.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class EncryptedPropertiesTest {
  private static final SecretKey K1 = key(1);
  private static final SecretKey K2 = key(2);
  private static final String DIAGNOSIS = "hypertension, stage 2";
  private static final byte[] SCAN = {1, 2, 3, 4, 5, -1};
  private static final Patient KEN =
      new Patient("North", 7, "Ken", "ken@contoso.com", DIAGNOSIS, SCAN, List.of("penicillin"), null);
  private static final Patient ANN =
      new Patient("North", 8, "Ann", "ann@contoso.com", "asthma", new byte[] {9}, List.of(), null);

  private final TableBackend store;
  private final List<TableMapper> mappers = new ArrayList<>();

  EncryptedPropertiesTest(Stores stores) {
    this.store = stores.newStore();
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close); // each closes the store, which allows that
  }

  private static SecretKey key(int seed) {
    byte[] bytes = new byte[32];
    Arrays.fill(bytes, (byte) seed);
    return new SecretKeySpec(bytes, "AES");
  }

  /** A mapper over the test's store. */
  private PatientRepository patients(TableMapper.Builder builder) {
    TableMapper mapper = builder.backend(store).build();
    mappers.add(mapper);
    return mapper.repository(PatientRepository.class);
  }

  private PatientRepository patients(String keyId, SecretKey key) {
    return patients(TableMapper.builder().encryptionKey(keyId, key));
  }

  private TableMapper mapper(TableMapper.Builder builder) {
    TableMapper mapper = builder.backend(store).build();
    mappers.add(mapper);
    return mapper;
  }

  private TableRow raw(String rowKey) {
    return RawRows.get(store, "Clinic", "North", rowKey);
  }

  private static void assertSamePatient(Patient read, Patient expected) {
    assertThat(read.ward()).isEqualTo(expected.ward());
    assertThat(read.id()).isEqualTo(expected.id());
    assertThat(read.diagnosis()).isEqualTo(expected.diagnosis());
    assertThat(read.scan()).isEqualTo(expected.scan());
    assertThat(read.allergies()).isEqualTo(expected.allergies());
  }

  /**
   * Asserts a stored value is ciphertext: Binary, in the format's version 1, naming the key id, and without the
   * plaintext's bytes (when given).
   */
  private static void assertCiphertext(Object stored, String keyId, byte[] plaintext) {
    assertThat(stored).isInstanceOf(byte[].class);
    byte[] bytes = (byte[]) stored;
    assertThat(bytes[0]).isEqualTo((byte) 1);
    assertThat(new String(bytes, 3, bytes[2], StandardCharsets.UTF_8)).isEqualTo(keyId);
    if (plaintext != null) {
      assertThat(indexOf(bytes, plaintext)).as("plaintext inside the stored value").isEqualTo(-1);
    }
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      if (Arrays.equals(Arrays.copyOfRange(haystack, i, i + needle.length), needle)) {
        return i;
      }
    }
    return -1;
  }

  private void rewriteRaw(String rowKey, String property, Object value) {
    TableRow row = raw(rowKey);
    store.write("Clinic", WriteOperation.upsertReplace(row.toBuilder().put(property, value).build()));
  }

  @Test
  void encryptedPropertiesRoundTripAndTheStoreHoldsOnlyCiphertext() {
    PatientRepository patients = patients("k1", K1);
    patients.insert(KEN);

    assertSamePatient(patients.findByWardAndId("North", 7).orElseThrow(), KEN);
    TableRow row = raw("patient_000007");
    assertCiphertext(row.get("diagnosis"), "k1", DIAGNOSIS.getBytes(StandardCharsets.UTF_8));
    assertCiphertext(row.get("scan"), "k1", SCAN);
    assertCiphertext(row.get("allergies"), "k1", "penicillin".getBytes(StandardCharsets.UTF_8));
    assertThat(row.get("name")).isEqualTo("Ken");
  }

  @Test
  void equalPlaintextsHaveDifferentCiphertexts() {
    PatientRepository patients = patients("k1", K1);
    patients.insert(KEN);
    patients.insert(new Patient("North", 9, "Kim", "kim@contoso.com", DIAGNOSIS, SCAN, List.of("penicillin"), null));

    assertThat((byte[]) raw("patient_000007").get("diagnosis"))
        .isNotEqualTo((byte[]) raw("patient_000009").get("diagnosis"));
  }

  @Test
  void indexCopiesCarryCiphertextAndReadsThroughThemDecrypt() {
    PatientRepository patients = patients("k1", K1);
    patients.insert(KEN);

    TableRow fullCopy = raw("email_ken@contoso.com");
    TableRow partialCopy = raw("name_Ken_000007");
    assertCiphertext(fullCopy.get("diagnosis"), "k1", DIAGNOSIS.getBytes(StandardCharsets.UTF_8));
    assertCiphertext(fullCopy.get("scan"), "k1", SCAN);
    assertCiphertext(partialCopy.get("diagnosis"), "k1", DIAGNOSIS.getBytes(StandardCharsets.UTF_8));
    assertSamePatient(patients.findByWardAndEmail("North", "ken@contoso.com").orElseThrow(), KEN);
    assertThat(patients.findByWardAndName("North", "Ken")).singleElement()
        .satisfies(read -> assertSamePatient(read, KEN));
  }

  @Test
  void projectionsReadTheCiphertextAndReturnThePlaintext() {
    PatientRepository patients = patients("k1", K1);
    patients.insert(KEN);
    patients.insert(ANN);

    assertThat(patients.getByWard("North")).containsExactly(
        new PatientDiagnosis("Ken", DIAGNOSIS), new PatientDiagnosis("Ann", "asthma"));
  }

  @Test
  void updatesMergesAndPartitionReadsEncryptAndDecryptAlike() {
    TableMapper mapper = mapper(TableMapper.builder().encryptionKey("k1", K1));
    PatientRepository patients = mapper.repository(PatientRepository.class);
    Patient stored = patients.insert(KEN);

    patients.update(stored.withDiagnosis("cured"));
    Patient merged = patients.findByWardAndId("North", 7).orElseThrow();
    patients.merge(merged.withDiagnosis("relapsed"));

    assertThat(patients.findByWardAndEmail("North", "ken@contoso.com").orElseThrow().diagnosis())
        .isEqualTo("relapsed");
    assertThat(mapper.partition("Clinic", "North").all(Patient.class)).singleElement()
        .satisfies(read -> assertThat(read.diagnosis()).isEqualTo("relapsed"));
    assertCiphertext(raw("email_ken@contoso.com").get("diagnosis"), "k1",
        "relapsed".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aTamperedValueFailsNamingEntityKeysAndPropertyWithoutItsPlaintext() {
    PatientRepository patients = patients("k1", K1);
    patients.insert(KEN);
    byte[] tampered = ((byte[]) raw("patient_000007").get("diagnosis")).clone();
    tampered[tampered.length - 20] ^= 1;
    rewriteRaw("patient_000007", "diagnosis", tampered);

    assertThatThrownBy(() -> patients.findByWardAndId("North", 7))
        .isInstanceOfSatisfying(DecryptionException.class, e -> {
          assertThat(e.entity()).isEqualTo("Patient");
          assertThat(e.partitionKey()).isEqualTo("North");
          assertThat(e.rowKey()).isEqualTo("patient_000007");
          assertThat(e.property()).isEqualTo("diagnosis");
          assertThat(e.keyId()).isEqualTo("k1");
        })
        .hasMessageContaining("does not authenticate")
        .hasMessageNotContaining(DIAGNOSIS)
        .hasNoCause();
  }

  @Test
  void aTruncatedValueFailsAsNoEncryptedValue() {
    PatientRepository patients = patients("k1", K1);
    patients.insert(KEN);
    rewriteRaw("patient_000007", "scan", new byte[] {1, 2});

    assertThatThrownBy(() -> patients.findByWardAndId("North", 7))
        .isInstanceOf(DecryptionException.class)
        .hasMessageContaining("property 'scan' of Patient (PartitionKey 'North', RowKey 'patient_000007')")
        .hasMessageContaining("no encrypted value");
  }

  @Test
  void anotherKeyUnderTheSameIdFailsToAuthenticate() {
    patients("k1", K1).insert(KEN);

    assertThatThrownBy(() -> patients("k1", K2).findByWardAndId("North", 7))
        .isInstanceOf(DecryptionException.class)
        .hasMessageContaining("does not authenticate");
  }

  @Test
  void anUnknownKeyIdFailsNamingTheId() {
    patients("k1", K1).insert(KEN);

    assertThatThrownBy(() -> patients("k2", K2).findByWardAndId("North", 7))
        .isInstanceOfSatisfying(DecryptionException.class, e -> assertThat(e.keyId()).isEqualTo("k1"))
        .hasMessageContaining("no key with that id");
  }

  @Test
  void aCiphertextMovedToAnotherEntityOrPropertyFails() {
    PatientRepository patients = patients("k1", K1);
    patients.insert(KEN);
    patients.insert(ANN);
    Object kensDiagnosis = raw("patient_000007").get("diagnosis");

    rewriteRaw("patient_000008", "diagnosis", kensDiagnosis);
    assertThatThrownBy(() -> patients.findByWardAndId("North", 8))
        .isInstanceOfSatisfying(DecryptionException.class, e -> assertThat(e.rowKey()).isEqualTo("patient_000008"))
        .hasMessageContaining("does not authenticate");

    rewriteRaw("patient_000007", "allergies", kensDiagnosis);
    assertThatThrownBy(() -> patients.findByWardAndId("North", 7))
        .isInstanceOfSatisfying(DecryptionException.class, e -> assertThat(e.property()).isEqualTo("allergies"));
  }

  @Test
  void aPlaintextValueIsRefusedUntilReencrypted() {
    TableMapper mapper = mapper(TableMapper.builder().encryptionKey("k1", K1));
    PatientRepository patients = mapper.repository(PatientRepository.class);
    patients.insert(KEN);
    rewriteRaw("patient_000007", "diagnosis", "written before @Encrypted");

    assertThatThrownBy(() -> patients.findByWardAndId("North", 7))
        .isInstanceOf(DecryptionException.class)
        .hasMessageContaining("not encrypted")
        .hasMessageContaining("reencrypt(\"Clinic\")");

    assertThat(mapper.reencrypt("Clinic")).isEqualTo(1);
    assertThat(patients.findByWardAndId("North", 7).orElseThrow().diagnosis())
        .isEqualTo("written before @Encrypted");
    assertCiphertext(raw("patient_000007").get("diagnosis"), "k1",
        "written before".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void rotationEncryptsNewWritesWithTheNewestKeyAndReencryptionRewritesTheRest() {
    patients("k1", K1).insert(KEN);
    TableMapper rotated = mapper(TableMapper.builder().encryptionKey("k1", K1).encryptionKey("k2", K2));
    PatientRepository both = rotated.repository(PatientRepository.class);
    both.insert(ANN);

    assertSamePatient(both.findByWardAndId("North", 7).orElseThrow(), KEN);
    assertCiphertext(raw("patient_000007").get("diagnosis"), "k1", null);
    assertCiphertext(raw("patient_000008").get("diagnosis"), "k2", null);

    assertThat(rotated.reencrypt("Clinic")).isEqualTo(1);
    assertThat(rotated.reencrypt("Clinic")).as("a second run finds nothing stale").isZero();

    for (String rowKey : List.of("patient_000007", "email_ken@contoso.com", "name_Ken_000007")) {
      assertCiphertext(raw(rowKey).get("diagnosis"), "k2", null);
    }
    PatientRepository newOnly = patients("k2", K2);
    assertSamePatient(newOnly.findByWardAndId("North", 7).orElseThrow(), KEN);
    assertSamePatient(newOnly.findByWardAndEmail("North", "ken@contoso.com").orElseThrow(), KEN);
    assertSamePatient(newOnly.findByWardAndId("North", 8).orElseThrow(), ANN);
  }

  @Test
  void aCiphertextOverTheStoresBinaryLimitIsRefusedBeforeAnythingIsWritten() {
    PatientRepository patients = patients("k1", K1);
    String longText = "\u20ac".repeat(30_000); // within the 32,768 characters of a String, 90,000 bytes of UTF-8

    assertThatThrownBy(() -> patients.insert(KEN.withDiagnosis(longText)))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("diagnosis");
    assertThat(RawRows.all(store, "Clinic")).isEmpty();
  }

  @Test
  void aMapperWithoutKeysRefusesToWriteOrReadEncryptedProperties() {
    patients("k1", K1).insert(KEN);
    PatientRepository keyless = patients(TableMapper.builder());

    assertThatThrownBy(() -> keyless.insert(ANN))
        .isInstanceOf(EncryptionException.class)
        .hasMessageContaining("no encryption keys");
    assertThatThrownBy(() -> keyless.findByWardAndId("North", 7))
        .isInstanceOf(EncryptionException.class)
        .hasMessageContaining("no encryption keys");
    assertThat(RawRows.rowKeys(store, "Clinic", "North")).doesNotContain("patient_000008");
  }

  @Test
  void theRawRowsOfADynamicTableShowOnlyCiphertext() {
    patients("k1", K1).insert(KEN);
    TableMapper keyless = mapper(TableMapper.builder());

    Map<String, Object> properties = keyless.dynamic("Clinic").get("North", "patient_000007").orElseThrow()
        .properties();

    assertCiphertext(properties.get("diagnosis"), "k1", DIAGNOSIS.getBytes(StandardCharsets.UTF_8));
  }
}
