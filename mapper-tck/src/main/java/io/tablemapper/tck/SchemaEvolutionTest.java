package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.api.SchemaVersionException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Gadget;
import io.tablemapper.tck.fixtures.GadgetRepository;
import io.tablemapper.tck.fixtures.Member;
import io.tablemapper.tck.fixtures.MemberName;
import io.tablemapper.tck.fixtures.MemberRepository;
import io.tablemapper.tck.fixtures.Ticket;
import io.tablemapper.tck.fixtures.TicketRepository;
import io.tablemapper.tck.support.RawRows;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Rows written by older and newer versions of an entity class: version 1 rows of {@link Member} (written raw, as
 * the version 1 class wrote them: one {@code name}, no version marker) read into version 2 through its defaults
 * and upgrade method; merges keep what the class does not know; rows of a newer version are read but not
 * replaced.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class SchemaEvolutionTest {
  private final TableBackend backend;
  private final TableMapper mapper;
  private final MemberRepository members;
  private final GadgetRepository gadgets;

  SchemaEvolutionTest(StoreUnderTest stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.members = mapper.repository(MemberRepository.class);
    this.gadgets = mapper.repository(GadgetRepository.class);
    backend.createTableIfNotExists("Club");
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** A member row as version 1 wrote it, with extra properties; returns it as stored. */
  private TableRow writeRaw(int id, Integer version, Map<String, Object> properties) {
    TableRow.Builder row = TableRow.builder("Chess", String.format("member_%06d", id))
        .putString(EntityMapping.TYPE_PROPERTY, "Member")
        .putString("club", "Chess")
        .putInt32("id", id);
    if (version != null) {
      row.putInt32(EntityMapping.VERSION_PROPERTY, version);
    }
    row.putAll(properties);
    backend.write("Club", WriteOperation.insert(row.build()));
    return stored(id);
  }

  private TableRow writeVersion1(int id, String name, String email) {
    return writeRaw(id, null, Map.of("name", name, "email", email, "nickname", "KK"));
  }

  private TableRow stored(int id) {
    return RawRows.get(backend, "Club", "Chess", String.format("member_%06d", id));
  }

  private static Map<String, Object> withoutSystem(Map<String, Object> properties) {
    Map<String, Object> result = new HashMap<>(properties);
    result.remove(EntityMapping.TYPE_PROPERTY);
    result.remove(EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    return result;
  }

  // ------------------------------------------------------------------ reading older rows

  @Test
  void aVersion1RowReadsIntoVersion2ThroughTheUpgradeMethodAndTheDeclaredDefaults() {
    TableRow row = writeVersion1(7, "Ken Kwok", "ken@chess.org");

    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();

    assertThat(ken).isEqualTo(
        new Member("Chess", 7, "Ken", "Kwok", "ken@chess.org", "EUR", 40, Member.Level.BRONZE, row.etag()));
  }

  @Test
  void everyReadPathUpgradesOlderRows() {
    writeVersion1(7, "Ken Kwok", "ken@chess.org");
    writeVersion1(8, "Kim", "kim@chess.org");

    assertThat(members.findByClub("Chess")).extracting(Member::firstName, Member::lastName, Member::currency)
        .containsExactly(
            tuple("Ken", "Kwok", "EUR"),
            tuple("Kim", "", "EUR"));
    assertThat(mapper.partition("Club", "Chess").all(Member.class)).extracting(Member::hours).containsExactly(40, 40);
  }

  @Test
  void aProjectionReadsAnOlderRowWholeThroughTheUpgradeMethodAndDefaultsAndACurrentRowAsSelected() {
    writeVersion1(7, "Ken Kwok", "ken@chess.org");
    members.insert(new Member("Chess", 9, "Ann", "Lee", "ann@chess.org", null, 20, null, null));

    assertThat(members.getByClub("Chess")).containsExactly(
        new MemberName("Ken", "Kwok", "EUR", 40), new MemberName("Ann", "Lee", null, 20));
  }

  @Test
  void aMalformedOlderRowThatAProjectionReadsWholeFollowsTheMalformedRowPolicy() {
    writeRaw(7, null, Map.of("name", "Ken Kwok", "email", "ken@chess.org", "hours", "forty"));
    members.insert(new Member("Chess", 9, "Ann", "Lee", "ann@chess.org", null, 20, null, null));

    assertThatThrownBy(() -> members.getByClub("Chess"))
        .isInstanceOfSatisfying(MalformedRowException.class, e -> {
          assertThat(e.rowKey()).isEqualTo("member_000007");
          assertThat(e.property()).isEqualTo("hours");
        });
    List<MalformedRowException> heard = new ArrayList<>();
    MemberRepository skipping = TableMapper.builder().backend(backend).malformedRows(MalformedRowPolicy.SKIP)
        .malformedRowListener(heard::add).build().repository(MemberRepository.class);
    assertThat(skipping.getByClub("Chess")).containsExactly(new MemberName("Ann", "Lee", null, 20));
    assertThat(heard).extracting(MalformedRowException::rowKey).containsExactly("member_000007");
  }

  @Test
  void aRowOfTheCurrentVersionCarriesItAndReadsAMissingPropertyAsNullNotAsTheDefault() {
    Member stored = members.insert(new Member("Chess", 9, "Ann", "Lee", "ann@chess.org", null, 20, null, null));

    TableRow row = stored(9);
    assertThat(row.get(EntityMapping.VERSION_PROPERTY)).isEqualTo(2);
    assertThat(row.has("currency")).isFalse();
    assertThat(members.findByClubAndId("Chess", 9).orElseThrow())
        .isEqualTo(stored)
        .satisfies(ann -> assertThat(ann.currency()).isNull())
        .satisfies(ann -> assertThat(ann.level()).isNull());
  }

  @Test
  void aDefaultAppliesOnlyWhereTheOlderRowLacksTheProperty() {
    writeRaw(7, null, Map.of("name", "Ken Kwok", "email", "ken@chess.org", "currency", "USD", "hours", 12));

    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();

    assertThat(ken.currency()).isEqualTo("USD");
    assertThat(ken.hours()).isEqualTo(12);
    assertThat(ken.level()).isEqualTo(Member.Level.BRONZE);
  }

  @Test
  void anUpgradeMethodThatFailsNamesTheRowAndBothVersions() {
    writeRaw(7, null, Map.of("name", 42, "email", "ken@chess.org"));

    assertThatThrownBy(() -> members.findByClubAndId("Chess", 7))
        .isInstanceOf(SchemaVersionException.class)
        .hasMessageContaining("@Upgrade method of Member failed on (PartitionKey 'Chess', RowKey 'member_000007')")
        .hasMessageContaining("stored version 1, class version 2")
        .hasCauseInstanceOf(ClassCastException.class);
  }

  @Test
  void everyKindOfDefaultReadsIntoAJavaBean() {
    writeTicket(1);

    Ticket ticket = mapper.repository(TicketRepository.class).findByClubAndNumber("Chess", 1).orElseThrow();

    assertThat(ticket.club).isEqualTo("Chess");
    assertThat(ticket.number).isEqualTo(1);
    assertThat(ticket.state).isEqualTo("open");
    assertThat(ticket.row).isEqualTo('B');
    assertThat(ticket.valid).isTrue();
    assertThat(ticket.tier).isEqualTo((byte) -7);
    assertThat(ticket.seats).isEqualTo((short) 300);
    assertThat(ticket.limit).isEqualTo(Integer.MAX_VALUE);
    assertThat(ticket.serial).isEqualTo(-9_000_000_000L);
    assertThat(ticket.ratio).isEqualTo(1.5f);
    assertThat(ticket.price).isEqualTo(2.25);
    assertThat(ticket.floor).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(ticket.step).isEqualTo(0.001f);
    assertThat(ticket.token).isEqualTo(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
    assertThat(ticket.issued).isEqualTo(Instant.parse("2024-01-31T10:15:30Z"));
    assertThat(ticket.printed).isEqualTo(OffsetDateTime.parse("2024-01-31T10:15:30+02:00"));
    assertThat(ticket.until).isEqualTo(LocalDate.parse("2024-02-29"));
    assertThat(ticket.local).isEqualTo(LocalDateTime.parse("2024-01-31T10:15:30"));
    assertThat(ticket.level).isEqualTo(Member.Level.SILVER);
    assertThat(ticket.fee).isEqualTo(new BigDecimal("12.50"));
    assertThat(ticket.big).isEqualTo(new BigInteger("123456789012345678901234567890"));
    assertThat(ticket.payload).containsExactly(1, 2, 3);
  }

  @Test
  void aBinaryDefaultIsAFreshArrayForEveryRead() {
    writeTicket(1);
    TicketRepository tickets = mapper.repository(TicketRepository.class);

    tickets.findByClubAndNumber("Chess", 1).orElseThrow().payload[0] = 99;

    assertThat(tickets.findByClubAndNumber("Chess", 1).orElseThrow().payload).containsExactly(1, 2, 3);
  }

  /** A ticket row of version 2, which held nothing but its keys. */
  private void writeTicket(int number) {
    backend.write("Club", WriteOperation.insert(TableRow.builder("Chess", String.format("ticket_%06d", number))
        .putString(EntityMapping.TYPE_PROPERTY, "Ticket")
        .putInt32(EntityMapping.VERSION_PROPERTY, 2)
        .build()));
  }

  // ------------------------------------------------------------------ merge

  @Test
  void mergeKeepsPropertiesTheClassDoesNotKnowAndMarksTheRowWithTheCurrentVersion() {
    writeVersion1(7, "Ken Kwok", "ken@chess.org");
    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();

    Member merged = members.merge(ken.withHours(10));

    TableRow row = stored(7);
    assertThat(merged.etag()).isEqualTo(row.etag());
    assertThat(row.properties()).containsEntry("nickname", "KK").containsEntry("name", "Ken Kwok")
        .containsEntry("firstName", "Ken").containsEntry("hours", 10).containsEntry("currency", "EUR")
        .containsEntry(EntityMapping.VERSION_PROPERTY, 2);
    assertThat(members.findByClubAndId("Chess", 7).orElseThrow()).isEqualTo(merged);
  }

  @Test
  void mergeRewritesTheIndexCopiesFromTheMergedRowInTheSameTransaction() {
    writeVersion1(7, "Ken Kwok", "ken@chess.org");
    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();

    members.merge(ken.withEmail("kk@chess.org"));

    TableRow row = stored(7);
    TableRow copy = RawRows.get(backend, "Club", "Chess", "email_kk@chess.org");
    assertThat(copy).as("the copy under the new email").isNotNull();
    assertThat(withoutSystem(copy.properties())).isEqualTo(withoutSystem(row.properties()));
    assertThat(copy.properties()).containsEntry("nickname", "KK");
    assertThat(RawRows.get(backend, "Club", "Chess", "email_ken@chess.org")).as("no copy under the old").isNull();
    // the raw version 1 row was written without the index: it is not ready until built (which finds it complete)
    assertThat(mapper.indexes(Member.class).build("email").copiesWritten()).isZero();
    assertThat(members.findByClubAndEmail("Chess", "kk@chess.org")).get().extracting(Member::id).isEqualTo(7);
  }

  @Test
  void mergeOfANullPropertyKeepsTheStoredValueWhereUpdateClearsIt() {
    Member ann = members.insert(new Member("Chess", 9, "Ann", "Lee", "ann@chess.org", "GBP", 20, null, null));

    ann = members.merge(ann.withCurrency(null));
    assertThat(stored(9).get("currency")).isEqualTo("GBP");

    members.update(ann.withCurrency(null));
    assertThat(stored(9).has("currency")).isFalse();
  }

  @Test
  void updateReplacesTheRowAndSoDropsWhatTheClassDoesNotKnow() {
    writeVersion1(7, "Ken Kwok", "ken@chess.org");
    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();

    members.update(ken.withHours(10));

    assertThat(stored(7).properties()).doesNotContainKeys("nickname", "name").containsEntry("hours", 10);
  }

  @Test
  void mergeFollowsTheETagRulesOfUpdate() {
    Member ann = members.insert(new Member("Chess", 9, "Ann", "Lee", "ann@chess.org", "GBP", 20, null, null));
    members.update(ann.withHours(21));

    assertThatThrownBy(() -> members.merge(ann.withHours(22))).isInstanceOf(ConcurrencyConflictException.class);
    assertThatThrownBy(() -> members.merge(
            new Member("Chess", 10, "No", "One", "no@chess.org", "EUR", 1, null, null)))
        .isInstanceOf(EntityNotFoundException.class);
    assertThat(stored(9).get("hours")).isEqualTo(21);
    assertThat(stored(10)).isNull();
  }

  @Test
  void aBatchMergesAtomicallyWithItsOtherOperations() {
    writeVersion1(7, "Ken Kwok", "ken@chess.org");
    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();
    Gadget clock = gadgets.insert(new Gadget("Chess", "clock", "Clock", null));

    List<Object> stored = mapper.batch("Club", "Chess").merge(ken.withHours(5)).merge(clock.withLabel("Timer"))
        .commit();

    assertThat(stored).hasSize(2);
    assertThat(stored(7).properties()).containsEntry("hours", 5).containsEntry("nickname", "KK");
    assertThat(gadgets.findByClubAndCode("Chess", "clock")).get().extracting(Gadget::label).isEqualTo("Timer");
  }

  // ------------------------------------------------------------------ newer rows

  @Test
  void aRowOfANewerVersionIsReadIgnoringWhatTheClassDoesNotKnow() {
    writeRaw(7, 3, Map.of("firstName", "Ken", "lastName", "Kwok", "email", "ken@chess.org", "middleName", "K"));

    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();

    assertThat(ken.firstName()).isEqualTo("Ken");
    assertThat(ken.currency()).as("no default: the row is not older").isNull();
  }

  @Test
  void updateAndUpsertOfANewerRowAreRefusedWithoutWritingAnything() {
    TableRow before =
        writeRaw(7, 3, Map.of("firstName", "Ken", "lastName", "Kwok", "email", "ken@chess.org", "middleName", "K"));
    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();

    assertThatThrownBy(() -> members.update(ken.withHours(1)))
        .isInstanceOf(SchemaVersionException.class)
        .hasMessageContaining("cannot update Member (PartitionKey 'Chess', RowKey 'member_000007')")
        .hasMessageContaining("written by version 3 of Member, newer than this class's version 2")
        .hasMessageContaining("use merge");
    assertThatThrownBy(() -> members.upsert(ken.withHours(1).withEtag(null)))
        .isInstanceOf(SchemaVersionException.class);
    assertThat(stored(7)).isEqualTo(before);
  }

  @Test
  void mergeOfANewerRowKeepsItsPropertiesAndItsVersion() {
    writeRaw(7, 3, Map.of("firstName", "Ken", "lastName", "Kwok", "email", "ken@chess.org", "middleName", "K"));
    Member ken = members.findByClubAndId("Chess", 7).orElseThrow();

    members.merge(ken.withHours(1));

    assertThat(stored(7).properties()).containsEntry("middleName", "K").containsEntry("hours", 1)
        .containsEntry(EntityMapping.VERSION_PROPERTY, 3);
  }

  @Test
  void aNewerRowMayBeDeleted() {
    writeRaw(7, 3, Map.of("firstName", "Ken", "lastName", "Kwok", "email", "ken@chess.org"));

    members.delete(members.findByClubAndId("Chess", 7).orElseThrow());

    assertThat(stored(7)).isNull();
  }

  @Test
  void anEntityWithoutIndexesIsProtectedTooAlsoInABatch() {
    backend.write("Club", WriteOperation.insert(TableRow.builder("Chess", "gadget_clock")
        .putString(EntityMapping.TYPE_PROPERTY, "Gadget").putInt32(EntityMapping.VERSION_PROPERTY, 2)
        .putString("label", "Clock").putString("colour", "black").build()));
    Gadget clock = gadgets.findByClubAndCode("Chess", "clock").orElseThrow();

    assertThatThrownBy(() -> gadgets.update(clock.withLabel("Timer"))).isInstanceOf(SchemaVersionException.class);
    assertThatThrownBy(() -> mapper.batch("Club", "Chess").update(clock.withLabel("Timer")).commit())
        .isInstanceOf(BatchException.class)
        .hasCauseInstanceOf(SchemaVersionException.class);
    gadgets.merge(clock.withLabel("Timer"));
    assertThat(RawRows.get(backend, "Club", "Chess", "gadget_clock").properties())
        .containsEntry("label", "Timer").containsEntry("colour", "black")
        .containsEntry(EntityMapping.VERSION_PROPERTY, 2);
  }

  @Test
  void aMergeOfAVersionedClassKeepsANewerRowsVersionAlsoWhereNewerRowsMayBeReplaced() {
    backend.write("Club", WriteOperation.insert(TableRow.builder("Chess", "ticket_000001")
        .putString(EntityMapping.TYPE_PROPERTY, "Ticket").putInt32(EntityMapping.VERSION_PROPERTY, 4)
        .putString("state", "open").putString("colour", "red").build()));
    TicketRepository unguarded = TableMapper.builder().backend(backend)
        .newerVersions(NewerVersionPolicy.ALLOW_REPLACE).build().repository(TicketRepository.class);
    Ticket ticket = unguarded.findByClubAndNumber("Chess", 1).orElseThrow();
    ticket.state = "used";

    unguarded.merge(ticket);

    assertThat(RawRows.get(backend, "Club", "Chess", "ticket_000001").properties())
        .containsEntry(EntityMapping.VERSION_PROPERTY, 4).containsEntry("state", "used")
        .containsEntry("colour", "red");
  }

  @Test
  void aMapperThatAllowsReplacingNewerRowsReplacesThem() {
    writeRaw(7, 3, Map.of("firstName", "Ken", "lastName", "Kwok", "email", "ken@chess.org", "middleName", "K"));
    MemberRepository unguarded = TableMapper.builder().backend(backend)
        .newerVersions(NewerVersionPolicy.ALLOW_REPLACE).build().repository(MemberRepository.class);
    Member ken = unguarded.findByClubAndId("Chess", 7).orElseThrow();

    unguarded.update(ken.withHours(1));

    assertThat(stored(7).properties()).doesNotContainKey("middleName")
        .containsEntry(EntityMapping.VERSION_PROPERTY, 2);
  }
}
