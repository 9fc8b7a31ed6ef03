package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.PendingWorkException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Dossier;
import io.tablemapper.runtime.fixtures.DossierRepository;
import io.tablemapper.runtime.fixtures.Login;
import io.tablemapper.runtime.fixtures.LoginRepository;
import io.tablemapper.runtime.fixtures.Patient;
import io.tablemapper.runtime.fixtures.PatientRepository;
import io.tablemapper.runtime.fixtures.Radiograph;
import io.tablemapper.runtime.fixtures.RadiographRepository;
import io.tablemapper.runtime.fixtures.Referral;
import io.tablemapper.runtime.fixtures.ReferralRepository;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.Stores;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * Nothing any store is asked to keep holds the plaintext of an {@code @Encrypted} property: every row of every write
 * and batch, and every large value put, is scanned for a marker that only the encrypted properties hold — as text in
 * String properties, as UTF-8 bytes in Binary properties and values, and as the Base64 a work record's JSON gives a
 * Binary. The paths: an eventual batch's work record while pending, left by a crash and kept once failed for good;
 * its registry entry, the claims, remote copies (full and partial) and key lists of an encrypted entity;
 * {@code @Large} values and the head and parts of a wide entity. Work that needs a key is left pending, never failed,
 * by a mapper without it, and completed by one with it.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class PlaintextAtRestTest {
  /** What only the encrypted properties hold. */
  private static final String MARKER = "PlainMarker-d1f7c9";
  private static final byte[] MARKER_BYTES = MARKER.getBytes(StandardCharsets.UTF_8);
  private static final SecretKey K1 = key(1);
  private static final SecretKey K2 = key(2);
  private static final Instant AT = Instant.parse("2025-03-04T05:06:07Z");

  private final RecordingBackend store;
  private final List<TableMapper> mappers = new ArrayList<>();

  PlaintextAtRestTest(Stores stores) {
    this.store = new RecordingBackend(stores.newStore());
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
    store.delegateClose();
  }

  private static SecretKey key(int seed) {
    byte[] bytes = new byte[32];
    Arrays.fill(bytes, (byte) seed);
    return new SecretKeySpec(bytes, "AES");
  }

  /** A mapper over the recorded store without a background completer, retiring orphaned entries at once. */
  private TableMapper mapper(String keyId, SecretKey key) {
    TableMapperBuilder builder = ManualCompletion.retiringAtOnce(store);
    if (keyId != null) {
      builder.encryptionKey(keyId, key);
    }
    TableMapper mapper = builder.build();
    mappers.add(mapper);
    return mapper;
  }

  private static Referral referral(String clinic, int id, String code) {
    return new Referral(clinic, id, code, "Dr " + id, "Ward" + id, "note " + id + " " + MARKER, MARKER_BYTES, null);
  }

  private static Patient patient(String ward, int id, String diagnosis) {
    return new Patient(ward, id, "P" + id, "p" + id + "@contoso.com", diagnosis, MARKER_BYTES,
        List.of("allergy " + MARKER), null);
  }

  @Test
  void workLeftByACrashHoldsCiphertextWaitsForItsKeyAndIsCompletedByAMapperWithIt() {
    TableMapper writer = mapper("k1", K1);
    ReferralRepository referrals = writer.repository(ReferralRepository.class);
    referrals.insert(referral("East", 1, "c-1"));
    Patient leaving = writer.repository(PatientRepository.class).insert(patient("West", 5, "leaving " + MARKER));
    store.dieAfterRecording();

    // the later writes: a delete (which records no encrypted value, so needs no key), a referral in another
    // partition (claim, copies, key list), an update of the first, and a login in a table per day (its values bound
    // to its day's table)
    writer.eventually()
        .insert(patient("North", 1, "first " + MARKER))
        .delete(leaving)
        .insert(referral("South", 2, "c-2"))
        .update(referrals.findByClinicAndId("East", 1).orElseThrow().withNote("changed " + MARKER))
        .insert(Login.of("ken", AT, 1, "ok", "address " + MARKER))
        .commit(); // the process dies right after the transaction that records the work
    store.heal();
    assertThat(workRecords("Clinic", "North")).as("the work left by the crash").hasSize(1);
    assertNoPlaintextKept();

    TableMapper keyless = mapper(null, null);
    EncryptionException noKeys = catchThrowableOfType(EncryptionException.class, keyless::completePending);
    assertThat(noKeys).isNotNull();
    assertThat(noKeys.getMessage()).contains("stays pending", "'k1'", "encryptionKey(\"k1\", key)")
        .doesNotContain(MARKER);
    TableMapper otherKey = mapper("k2", K2);
    assertThatThrownBy(otherKey::completePending).isInstanceOf(EncryptionException.class)
        .hasMessageContaining("'k1'").hasMessageNotContaining(MARKER);
    assertThat(workRecords("Clinic", "North")).as("left pending, not failed").hasSize(1)
        .allSatisfy(record -> assertThat(PendingRows.state(record)).isEqualTo(PendingRows.State.PENDING));
    assertThat(keyless.repository(ReferralRepository.class).findByCode("c-2")).isEmpty();
    assertThat(store.delegate().get("Clinic", "West", "patient_000005")).as("the delete needs no key").isEmpty();

    TableMapper completer = mapper("k1", K1);
    assertThat(completer.completePending()).isGreaterThanOrEqualTo(3);
    ReferralRepository completed = completer.repository(ReferralRepository.class);
    assertThat(completed.findByCode("c-2")).hasValueSatisfying(
        found -> assertThat(found.note()).isEqualTo("note 2 " + MARKER));
    assertThat(completed.findByDoctor("Dr 2")).hasSize(1);
    assertThat(completed.findByWard("Ward2")).hasSize(1);
    assertThat(completed.findByClinicAndId("East", 1).orElseThrow().note()).isEqualTo("changed " + MARKER);
    assertThat(completer.repository(LoginRepository.class).findByUserAndAtAndAttempt("ken", AT, 1).orElseThrow()
        .address()).isEqualTo("address " + MARKER);
    assertThat(workRecords("Clinic", "North")).isEmpty();
    assertNoPlaintextKept();
  }

  @Test
  void aLaterWriteAppliedWhoseAnswerWasLostCountsAsAppliedThoughItsCiphertextIsNew() {
    TableMapper writer = mapper("k1", K1);
    store.loseAnswerOfNextBatch(operation -> operation.row().rowKey().equals("patient_000002"));

    writer.eventually()
        .insert(patient("South", 20, "first " + MARKER))
        .insert(patient("North", 2, "second " + MARKER))
        .commit(); // the second patient's transaction is applied, its answer lost: the work stays recorded
    assertThat(workRecords("Clinic", "South")).hasSize(1);

    assertThat(mapper("k1", K1).completePending()).isEqualTo(1);
    assertThat(workRecords("Clinic", "South")).as("applied, not failed for good").isEmpty();
    assertThat(writer.repository(PatientRepository.class).findByWardAndId("North", 2).orElseThrow().diagnosis())
        .isEqualTo("second " + MARKER);
    assertNoPlaintextKept();
  }

  @Test
  void workThatFailsForGoodKeepsOnlyCiphertextInItsFailedRecord() {
    TableMapper writer = mapper("k1", K1);
    TableMapper other = mapper("k1", K1);
    // another writer inserts the referral between the commit's checks and its write: the write fails for good
    store.afterRecording(() -> other.repository(ReferralRepository.class).insert(referral("South", 4, "c-4")
        .withNote("another " + MARKER)));

    assertThatThrownBy(() -> writer.eventually()
        .insert(patient("North", 3, "third " + MARKER))
        .insert(referral("South", 4, "c-4"))
        .commit()).isInstanceOf(PendingWorkException.class).hasMessageNotContaining(MARKER);
    assertThat(workRecords("Clinic", "North")).hasSize(1)
        .allSatisfy(record -> assertThat(PendingRows.state(record)).isEqualTo(PendingRows.State.FAILED));
    assertNoPlaintextKept();
  }

  @Test
  void largeValuesAndTheRowsOfAWideEntityHoldCiphertext() {
    TableMapper writer = mapper("k1", K1);
    RadiographRepository radiographs = writer.repository(RadiographRepository.class);
    radiographs.insert(new Radiograph("North", 1, "report " + MARKER, MARKER_BYTES));
    radiographs.upsert(new Radiograph("North", 1, "report again " + MARKER, MARKER_BYTES));
    DossierRepository dossiers = writer.repository(DossierRepository.class);
    String[] chapters = new String[Dossier.CHAPTERS];
    for (int i = 0; i < 20; i++) {
      chapters[i] = String.valueOf((char) ('a' + i)).repeat(30_000); // over 1 MiB: a head and a part
    }
    dossiers.insert(Dossier.make("Paris", 1, "a dossier", "note " + MARKER, new byte[] {1}, chapters, null));

    assertThat(store.rows.stream().filter(row -> row.rowKey().startsWith("dossier_000001~"))).isNotEmpty();
    assertThat(store.values).isNotEmpty();
    Radiograph read = radiographs.findByWardAndId("North", 1).orElseThrow();
    assertThat(read.report()).isEqualTo("report again " + MARKER);
    assertThat(read.image()).isEqualTo(MARKER_BYTES);
    assertThat(dossiers.findByOfficeAndId("Paris", 1).orElseThrow().note()).isEqualTo("note " + MARKER);
    assertNoPlaintextKept();
  }

  /** The work records in one partition, read from the store itself. */
  private List<TableRow> workRecords(String table, String partitionKey) {
    return store.delegate().query(TableQuery.builder(table).partitionKey(partitionKey).limit(1000).build()).rows()
        .stream().filter(row -> row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)).toList();
  }

  /** No row any write sent and no large value put holds the marker. */
  private void assertNoPlaintextKept() {
    String base64 = Base64.getEncoder().encodeToString(MARKER_BYTES);
    assertThat(store.rows).as("rows written").isNotEmpty();
    for (TableRow row : store.snapshotOfRows()) {
      for (Map.Entry<String, Object> property : row.properties().entrySet()) {
        String where = "property " + property.getKey() + " of " + row.describeKeys();
        if (property.getValue() instanceof String text) {
          assertThat(text).as(where).doesNotContain(MARKER).doesNotContain(base64);
        } else if (property.getValue() instanceof byte[] bytes) {
          assertThat(contains(bytes, MARKER_BYTES)).as(where).isFalse();
        }
      }
    }
    for (byte[] value : store.snapshotOfValues()) {
      assertThat(contains(value, MARKER_BYTES)).as("a large value").isFalse();
    }
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  /**
   * A store that records every row it is asked to write and every large value it is asked to put; that can die
   * right after the transaction that records pending work (every write refused until healed, as a process gone),
   * run an action then (another writer's race), and lose the answer of one batch it applied.
   */
  private static final class RecordingBackend extends ForwardingBackend {
    final List<TableRow> rows = new ArrayList<>();
    final List<byte[]> values = new ArrayList<>();
    private final OutOfRowValues recordedValues;
    private volatile boolean dieAfterRecording;
    private volatile boolean dead;
    private volatile Runnable afterRecording;
    private volatile Predicate<WriteOperation> loseAnswer;

    RecordingBackend(TableBackend delegate) {
      super(delegate, Async.THROUGH_BLOCKING_CALLS);
      this.recordedValues = delegate.outOfRowValues().map(Values::new).orElse(null);
    }

    TableBackend delegate() {
      return delegate;
    }

    void dieAfterRecording() {
      dieAfterRecording = true;
    }

    void afterRecording(Runnable action) {
      afterRecording = action;
    }

    void loseAnswerOfNextBatch(Predicate<WriteOperation> which) {
      loseAnswer = which;
    }

    void heal() {
      dieAfterRecording = false;
      dead = false;
    }

    synchronized List<TableRow> snapshotOfRows() {
      return List.copyOf(rows);
    }

    synchronized List<byte[]> snapshotOfValues() {
      return List.copyOf(values);
    }

    private synchronized void record(WriteOperation operation) {
      if (operation.row() != null) {
        rows.add(operation.row());
      }
    }

    private void alive() {
      if (dead) {
        throw new StoreUnavailableException("simulated: the process died after recording its work");
      }
    }

    @Override
    public Optional<OutOfRowValues> outOfRowValues() {
      return Optional.ofNullable(recordedValues);
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      alive();
      record(operation);
      return delegate.write(table, operation);
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      alive();
      operations.forEach(this::record);
      List<WriteResult> results = delegate.batch(table, operations);
      Predicate<WriteOperation> lost = loseAnswer;
      if (lost != null && operations.stream().anyMatch(lost)) {
        loseAnswer = null;
        throw new StoreUnavailableException("simulated: the answer of an applied transaction was lost");
      }
      if (operations.stream().anyMatch(op -> op.row().rowKey().startsWith(PendingRows.WORK_ROW_PREFIX))) {
        dead = dieAfterRecording;
        Runnable action = afterRecording;
        afterRecording = null;
        if (action != null) {
          action.run();
        }
      }
      return results;
    }

    @Override
    public void close() {
      // the mappers over this store share it: the test closes it once they are all closed
    }

    void delegateClose() {
      delegate.close();
    }

    /** The store's large values, each put recorded. */
    private final class Values implements OutOfRowValues {
      private final OutOfRowValues values;

      Values(OutOfRowValues values) {
        this.values = values;
      }

      @Override
      public void put(String table, String name, byte[] value) {
        alive();
        synchronized (RecordingBackend.this) {
          RecordingBackend.this.values.add(value.clone());
        }
        values.put(table, name, value);
      }

      @Override
      public Optional<byte[]> get(String table, String name) {
        return values.get(table, name);
      }

      @Override
      public boolean delete(String table, String name) {
        return values.delete(table, name);
      }

      @Override
      public List<StoredValue> list(String table) {
        return values.list(table);
      }

      @Override
      public long deleteAll(String table) {
        return values.deleteAll(table);
      }
    }
  }
}
