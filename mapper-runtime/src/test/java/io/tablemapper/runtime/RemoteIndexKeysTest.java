package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Courier;
import io.tablemapper.runtime.fixtures.CourierRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * The keys of remote indexes on every store: a key list of an entity with an encrypted property is kept (its
 * reconciliation reads the entity's keys without its encrypted values), and a write whose index keys cannot be
 * composed is refused before anything is written, never left without its copy.
 */
class RemoteIndexKeysTest {
  private static final SecretKey KEY = new SecretKeySpec(new byte[32], "AES");
  private static final List<String> TABLES = List.of("Couriers", "CourierZones", "CourierCodes",
      PendingRows.REGISTRY_TABLE);

  @ParameterizedTest
  @EnumSource(Stores.class)
  void theKeyListOfAnEntityWithAnEncryptedPropertyFollowsItsMoves(Stores stores) {
    try (TableMapper mapper = mapper(stores.newStore())) {
      CourierRepository couriers = mapper.repository(CourierRepository.class);
      Courier ann = couriers.insert(new Courier("Dock", 1, "red", "north", "a1", "secret route"));
      couriers.insert(new Courier("Dock", 2, "red", "north", "a2", "other route"));
      assertThat(mapper.completePending()).isZero();
      assertThat(couriers.findByZone("red")).extracting(Courier::courierId).containsExactly(1, 2);

      couriers.update(new Courier("Dock", 1, "blue", "north", "a1", ann.route()));
      mapper.completePending();

      assertThat(couriers.findByZone("red")).extracting(Courier::courierId).containsExactly(2);
      assertThat(couriers.findByZone("blue")).singleElement()
          .satisfies(courier -> assertThat(courier.route()).isEqualTo("secret route"));
      assertThat(couriers.findByRegionAndCode("north", "a1")).hasValueSatisfying(
          courier -> assertThat(courier.zone()).isEqualTo("blue"));
    }
  }

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aWriteWhoseRemoteIndexKeyCannotBeComposedIsRefusedAndWritesNothing(Stores stores) {
    TableBackend store = stores.newStore();
    try (TableMapper mapper = mapper(store)) {
      CourierRepository couriers = mapper.repository(CourierRepository.class);

      assertThatThrownBy(() -> couriers.insert(new Courier("Dock", 7, "red", "north_east", "b7", "route")))
          .isInstanceOf(InvalidKeyException.class)
          .hasMessageContaining("index 'byCode'")
          .hasMessageContaining("CourierCodes")
          .hasMessageContaining("nothing was written");
      for (String table : TABLES) {
        assertThat(store.tableExists(table) ? RawRows.all(store, table) : List.of()).as(table).isEmpty();
      }

      Courier kept = couriers.insert(new Courier("Dock", 8, "red", "north", "b8", "route"));
      assertThatThrownBy(() -> couriers.update(new Courier("Dock", 8, "red", "south_west", "b8", "route")))
          .isInstanceOf(InvalidKeyException.class);
      mapper.completePending();
      assertThat(couriers.findByRegionAndCode("north", "b8")).contains(kept);
    }
  }

  private static TableMapper mapper(TableBackend store) {
    return ManualCompletion.builder(store).encryptionKey("k1", KEY).build();
  }
}
