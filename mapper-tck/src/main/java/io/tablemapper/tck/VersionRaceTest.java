package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.SchemaVersionException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Gadget;
import io.tablemapper.tck.fixtures.GadgetRepository;
import io.tablemapper.tck.fixtures.Member;
import io.tablemapper.tck.fixtures.MemberRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Merges and protected replaces racing with other writers between the read that tells the stored version and the
 * write: the write reads again, so a newer row that slipped in is still not replaced, and a merge rebuilds its
 * index copies from what is stored then.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class VersionRaceTest {
  private final TableBackend store;
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final MemberRepository members;
  private final MemberRepository otherMembers;
  private final GadgetRepository gadgets;

  VersionRaceTest(StoreUnderTest under) {
    this.store = under.newStore();
    this.backend = new InterceptingBackend(store);
    this.mapper = TableMapper.builder().backend(backend).build();
    this.members = mapper.repository(MemberRepository.class);
    this.gadgets = mapper.repository(GadgetRepository.class);
    this.otherMembers = TableMapper.builder().backend(store).build().repository(MemberRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aNewerRowWrittenBetweenTheVersionReadAndTheReplaceIsStillNotReplaced() {
    Gadget clock = gadgets.insert(new Gadget("Chess", "clock", "Clock", null));
    TableRow newer = TableRow.builder("Chess", "gadget_clock")
        .putString(EntityMapping.TYPE_PROPERTY, "Gadget").putInt32(EntityMapping.VERSION_PROPERTY, 2)
        .putString("label", "Clock").putString("colour", "black").build();
    backend.beforeNextWrite(() -> store.write("Club", WriteOperation.upsertReplace(newer)));

    assertThatThrownBy(() -> gadgets.update(clock.withLabel("Timer").withoutEtag()))
        .isInstanceOf(SchemaVersionException.class);

    assertThat(RawRows.get(store, "Club", "Chess", "gadget_clock").properties())
        .containsEntry("colour", "black").containsEntry("label", "Clock");
  }

  @Test
  void aMergeRacingWithAnotherWriterReadsAgainAndKeepsTheCopiesInStep() {
    Member ken = members.insert(
        new Member("Chess", 7, "Ken", "Kwok", "ken@chess.org", "EUR", 40, Member.Level.GOLD, null));
    backend.beforeNextWrite(() -> otherMembers.update(ken.withEmail("kk@chess.org").withHours(1)));

    Member merged = members.merge(ken.withCurrency("USD").withEtag(null));

    TableRow row = RawRows.get(store, "Club", "Chess", "member_000007");
    assertThat(merged.etag()).isEqualTo(row.etag());
    assertThat(row.properties()).containsEntry("currency", "USD").containsEntry("email", "ken@chess.org");
    TableRow copy = RawRows.get(store, "Club", "Chess", "email_ken@chess.org");
    assertThat(withoutSystem(copy.properties())).isEqualTo(withoutSystem(row.properties()));
    assertThat(RawRows.get(store, "Club", "Chess", "email_kk@chess.org")).as("the other writer's copy").isNull();
  }

  private static Map<String, Object> withoutSystem(Map<String, Object> properties) {
    Map<String, Object> result = new HashMap<>(properties);
    result.remove(EntityMapping.TYPE_PROPERTY);
    result.remove(EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    return result;
  }
}
