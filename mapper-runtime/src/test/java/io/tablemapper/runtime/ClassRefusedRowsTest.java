package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Thermostat;
import io.tablemapper.runtime.fixtures.ThermostatRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A stored row that the entity's own code refuses — a record's constructor that validates its components, as a
 * Kotlin non-null property's setter refuses null — is a malformed row, on every backend: under the default policy
 * the read fails with {@link MalformedRowException} naming the row and the class's message (never the class's own
 * exception), and under {@code SKIP} the row is left out and the listener hears of it.
 */
class ClassRefusedRowsTest {

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRowTheClassRefusesIsAMalformedRowUnderTheMappersPolicy(Stores stores) {
    try (TableBackend store = stores.newStore();
        TableMapper failing = TableMapper.builder().backend(DyingBackend.unclosed(store)).build()) {
      ThermostatRepository thermostats = failing.repository(ThermostatRepository.class);
      thermostats.insert(new Thermostat("HQ", "101", "lobby", 21));
      thermostats.insert(new Thermostat("HQ", "102", "office", 19));
      // another application stores 40 degrees in one row, and no label in the other
      TableRow hot = RawRows.get(store, "Thermostats", "HQ", "room_101");
      store.write("Thermostats", WriteOperation.replace(hot.toBuilder().putInt32("celsius", 40).build(), "*"));
      TableRow unlabelled = RawRows.get(store, "Thermostats", "HQ", "room_102");
      store.write("Thermostats", WriteOperation.replace(unlabelled.toBuilder().remove("label").build(), "*"));

      assertThatThrownBy(() -> thermostats.findByBuildingAndRoom("HQ", "101"))
          .isInstanceOf(MalformedRowException.class)
          .hasMessageContaining("room_101")
          .hasMessageContaining("Thermostat refused a value of the stored row")
          .hasMessageContaining("a setting of 40 degrees is outside 5 to 30")
          .hasCauseInstanceOf(InvalidEntityException.class)
          .hasRootCauseInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> thermostats.findByBuilding("HQ"))
          .isInstanceOf(MalformedRowException.class)
          .hasRootCauseInstanceOf(IllegalArgumentException.class);

      List<MalformedRowException> heard = new ArrayList<>();
      try (TableMapper skipping = TableMapper.builder().backend(DyingBackend.unclosed(store))
          .malformedRows(MalformedRowPolicy.SKIP).malformedRowListener(heard::add).build()) {
        ThermostatRepository lenient = skipping.repository(ThermostatRepository.class);
        assertThat(lenient.findByBuilding("HQ")).isEmpty();
        assertThat(heard).extracting(MalformedRowException::getMessage)
            .anySatisfy(message -> assertThat(message).contains("room_101").contains("40 degrees"))
            .anySatisfy(message -> assertThat(message).contains("room_102").contains("label"));
        assertThat(lenient.findByBuildingAndRoom("HQ", "102")).isEmpty();
      }
    }
  }
}
