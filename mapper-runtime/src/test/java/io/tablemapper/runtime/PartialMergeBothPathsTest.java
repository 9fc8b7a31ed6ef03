package io.tablemapper.runtime;

import static io.tablemapper.runtime.TwiceCompiled.PARCEL;
import static io.tablemapper.runtime.TwiceCompiled.PARCEL_REPOSITORY;
import static io.tablemapper.runtime.TwiceCompiled.PROCESSED;
import static io.tablemapper.runtime.TwiceCompiled.UNPROCESSED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A partial merge of one JavaBean — stored names by a naming strategy and an {@code @Property} — through its
 * generated mapping and through the mapping the runtime builds of the class compiled without the processor: both
 * write the same properties under the same stored names, and refuse the same names with the same messages.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class PartialMergeBothPathsTest {
  private static final UUID ID = UUID.fromString("00000000-0000-0000-0000-00000000002a");

  private final Stores stores;
  private final List<TableMapper> mappers = new ArrayList<>();

  PartialMergeBothPathsTest(Stores stores) {
    this.stores = stores;
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  @SuppressWarnings("unchecked")
  private TableRepository<Object> parcels(TableBackend backend, Javac.Result compiled) {
    TableMapper mapper = TableMapper.builder().backend(backend).build();
    mappers.add(mapper);
    return mapper.repository((Class<TableRepository<Object>>) compiled.load(PARCEL_REPOSITORY));
  }

  private static Object parcel(Javac.Result compiled, Map<String, Object> values) {
    Map<String, Object> all = new HashMap<>(values);
    all.put("depot", "Leeds");
    all.put("id", ID);
    return TwiceCompiled.bean(compiled.load(PARCEL), all);
  }

  /** The stored row after a merge of the weight and destination into a full parcel, through one path. */
  private Map<String, Object> mergedThrough(Javac.Result compiled) {
    TableBackend backend = stores.newStore();
    TableRepository<Object> parcels = parcels(backend, compiled);
    parcels.insert(parcel(compiled, Map.of("heavy", true, "weightGrams", 1250, "volume", 3L, "owner", "Ann",
        "destination", "York")));

    parcels.merge(parcel(compiled, Map.of("weightGrams", 900, "destination", "Hull")), "weightGrams",
        "destination");

    return new HashMap<>(RawRows.all(backend, "Parcels").get(0).properties());
  }

  @Test
  void bothPathsMergeTheSamePropertiesUnderTheSameStoredNames() {
    Map<String, Object> generated = mergedThrough(PROCESSED);
    Map<String, Object> introspected = mergedThrough(UNPROCESSED);

    assertThat(generated).containsEntry("WeightGrams", 900).containsEntry("Dest", "Hull")
        .containsEntry("Owner", "Ann").containsEntry("Heavy", true).containsEntry("Volume", 3L);
    assertThat(introspected).isEqualTo(generated);
  }

  @Test
  void bothPathsRefuseTheSameNamesWithTheSameMessages() {
    List<String> messages = new ArrayList<>();
    for (Javac.Result compiled : new Javac.Result[] {PROCESSED, UNPROCESSED}) {
      TableRepository<Object> parcels = parcels(stores.newStore(), compiled);
      Object parcel = parcel(compiled, Map.of());
      for (String name : new String[] {"weight", "depot", "note", "version"}) {
        Throwable refused = catchThrowable(() -> parcels.merge(parcel, name));
        assertThat(refused).isInstanceOf(InvalidEntityException.class);
        messages.add(refused.getMessage());
      }
    }

    assertThat(messages.subList(0, 4)).isEqualTo(messages.subList(4, 8));
    assertThat(messages.subList(0, 4)).containsExactly(
        "[MergeUnknownProperty] the merge of Parcel names 'weight', which is not a property of Parcel",
        "[MergeKeyProperty] the merge of Parcel names 'depot', which is part of the PartitionKey '{depot}' of Parcel:"
            + " the keys say which entity is merged into, so a key property cannot be merged (another value is"
            + " another entity: insert it under its new keys and delete the old one)",
        "[MergeNotStored] the merge of Parcel names 'note', which is @Transient in Parcel and not stored as a"
            + " property: name only stored properties",
        "[MergeNotStored] the merge of Parcel names 'version', which is its @ETag in Parcel and not stored as a"
            + " property: name only stored properties (an ETag the entity carries is the merge's condition)");
  }
}
