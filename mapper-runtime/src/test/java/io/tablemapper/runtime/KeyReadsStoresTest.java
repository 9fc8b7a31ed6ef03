package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.Keycard;
import io.tablemapper.runtime.fixtures.KeycardRepository;
import io.tablemapper.runtime.fixtures.KeycardView;
import io.tablemapper.runtime.fixtures.KeycardViews;
import io.tablemapper.runtime.fixtures.Keycard_;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Keys read straight-line by the generated mapping and projection ({@link KeyReadsTest}) on every store: what is
 * written is read back through point reads, partitions and projections, and a row another application wrote under
 * a malformed key is refused with the template's message.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class KeyReadsStoresTest {
  private static final String TABLE = "Keycards";

  private final TableBackend backend;
  private final TableMapper mapper;
  private final KeycardRepository keycards;
  private final KeycardViews views;

  KeyReadsStoresTest(Stores stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
    this.keycards = mapper.repository(KeycardRepository.class);
    this.views = mapper.repository(KeycardViews.class);
  }

  @AfterEach
  void close() {
    mapper.close();
    backend.close();
  }

  @Test
  void everyKeyComponentIsReadBackByPointReadsPartitionsAndProjections() {
    List<Keycard> cards = List.of(
        new Keycard(-3, Keycard.Level.GUEST, "ann", 0, Long.MIN_VALUE, "first"),
        new Keycard(-3, Keycard.Level.STAFF, "bo b", 99_999, -1L, "second"),
        new Keycard(-3, Keycard.Level.ADMIN, "cy", 42, Long.MAX_VALUE, null),
        new Keycard(Integer.MAX_VALUE, Keycard.Level.STAFF, "dee", 7, 0L, "alone"));
    cards.forEach(keycards::insert);

    for (Keycard card : cards) {
      assertThat(keycards.findByFloorAndLevelAndHolderAndNumberAndSerial(card.floor(), card.level(), card.holder(),
          card.number(), card.serial())).contains(card);
    }
    // in key order: the level's name first
    assertThat(keycards.findByFloor(-3)).containsExactly(cards.get(2), cards.get(0), cards.get(1));
    assertThat(views.findByFloor(-3)).containsExactly(new KeycardView(-3, "cy", Long.MAX_VALUE, null),
        new KeycardView(-3, "ann", Long.MIN_VALUE, "first"), new KeycardView(-3, "bo b", -1L, "second"));
  }

  @Test
  void aForeignRowUnderAMalformedKeyIsRefusedByEveryReadWithTheMessageOfTheTemplate() {
    String rowKey = "STAFF_ann_9995x_00000000000000000007";
    backend.createTableIfNotExists(TABLE);
    backend.batch(TABLE, List.of(WriteOperation.insert(TableRow.builder(Keycard_.partitionKey(5), rowKey)
        .putString(EntityMapping.TYPE_PROPERTY, "Keycard").putString("note", "foreign").build())));
    String expected = catchThrowable(() -> Keycard_.ROW_KEY_SPEC.decode(rowKey)).getMessage();

    assertThat(catchThrowable(() -> keycards.findByFloor(5))).hasMessageContaining(expected);
    assertThat(catchThrowable(() -> views.findByFloor(5))).hasMessageContaining(expected);
  }
}
