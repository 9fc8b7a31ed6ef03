package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.LargeValueNotFoundException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Portrait;
import io.tablemapper.runtime.fixtures.PortraitAsyncRepository;
import io.tablemapper.runtime.fixtures.PortraitCaption;
import io.tablemapper.runtime.fixtures.PortraitRepository;
import io.tablemapper.spi.OutOfRowValues.StoredValue;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.values.LargeReferences;

/**
 * {@code @Large} properties on every store: values beyond a row's limits are stored out of the row and read back
 * whole (through the entity, an index copy, a projection); replacing or deleting an entity deletes the values it no
 * longer references; a crash between the steps of a write never leaves a row that references a missing value, only
 * values no row references, which a sweep deletes once the grace period is over; sizes and missing values fail
 * clearly.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class LargeEntitiesTest {
  private static final String TABLE = "Portraits";
  /** Beyond the store's 64 KiB per property. */
  private static final byte[] PHOTO = bytes(200_000, 1);
  /** With PHOTO, beyond the store's 1 MiB per entity. */
  private static final String CAPTION = "Ünïcode caption ✓ ".repeat(60_000);
  private static final Portrait ADA = new Portrait("North", 1, "Ada", PHOTO, CAPTION, List.of("oil", "1843"), null);

  private final CrashingBackend store;
  private final List<TableMapper> mappers = new ArrayList<>();

  LargeEntitiesTest(Stores stores) {
    this.store = new CrashingBackend(stores.newStore());
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  private static byte[] bytes(int size, long seed) {
    byte[] bytes = new byte[size];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  private TableMapper mapper(TableMapper.Builder builder) {
    TableMapper mapper = builder.backend(store).build();
    mappers.add(mapper);
    return mapper;
  }

  private PortraitRepository portraits() {
    return mapper(TableMapper.builder()).repository(PortraitRepository.class);
  }

  /** A mapper whose sweeps delete every unreferenced value at once (no grace): a later process, after a crash. */
  private TableMapper sweeper() {
    return mapper(TableMapper.builder().largeValueGrace(Duration.ZERO));
  }

  private OutOfRowValues values() {
    return store.outOfRowValues().orElseThrow();
  }

  private Set<String> storedNames() {
    return values().list(TABLE).stream().map(StoredValue::name).collect(Collectors.toSet());
  }

  private TableRow raw(String rowKey) {
    return RawRows.get(store, TABLE, "North", rowKey);
  }

  /** The names every row of the table references. */
  private Set<String> referencedNames() {
    Set<String> names = new java.util.HashSet<>();
    for (TableRow row : RawRows.all(store, TABLE)) {
      names.addAll(LargeReferences.references(row));
    }
    return names;
  }

  private static void assertSamePortrait(Portrait read, Portrait expected) {
    assertThat(read.subject()).isEqualTo(expected.subject());
    assertThat(read.photo()).isEqualTo(expected.photo());
    assertThat(read.caption()).isEqualTo(expected.caption());
    assertThat(read.tags()).isEqualTo(expected.tags());
  }

  @Test
  void an_entity_beyond_the_row_limits_is_stored_out_of_row_and_read_back_whole() {
    PortraitRepository portraits = portraits();
    Portrait inserted = portraits.insert(ADA);

    TableRow row = raw("portrait_000001");
    for (String property : List.of("photo", "caption", "tags")) {
      assertThat(row.get(property)).as(property).isInstanceOf(String.class);
      assertThat((String) row.get(property)).startsWith(LargeReferences.PREFIX).hasSizeLessThan(200);
    }
    assertThat(storedNames()).hasSize(3).isEqualTo(LargeReferences.references(row));
    assertThat(inserted.etag()).isNotNull();
    assertSamePortrait(portraits.findByStudioAndId("North", 1).orElseThrow(), ADA);
    assertSamePortrait(portraits.findByStudio("North").get(0), ADA);
    assertThat(portraits.findByStudioAndId("North", 1).orElseThrow().etag()).isEqualTo(inserted.etag());
  }

  @Test
  void an_index_copy_holds_the_references_never_the_values_and_reads_through_it_fetch_them() {
    PortraitRepository portraits = portraits();
    portraits.insert(ADA);

    TableRow copy = raw("subject_Ada");
    assertThat(LargeReferences.references(copy)).isEqualTo(LargeReferences.references(raw("portrait_000001")));
    assertSamePortrait(portraits.findByStudioAndSubject("North", "Ada").orElseThrow(), ADA);
  }

  @Test
  void a_projection_of_a_large_property_reads_its_value() {
    portraits().insert(ADA);

    assertThat(portraits().getByStudio("North")).containsExactly(new PortraitCaption("Ada", CAPTION));
  }

  @Test
  void replacing_an_entity_deletes_the_values_it_no_longer_references() {
    PortraitRepository portraits = portraits();
    Portrait stored = portraits.insert(ADA);
    String oldPhoto = LargeReferences.referenced(raw("portrait_000001").get("photo"));
    String oldCaption = LargeReferences.referenced(raw("portrait_000001").get("caption"));

    Portrait updated = portraits.update(stored.withPhoto(bytes(70_000, 2)).withCaption(null));

    assertThat(storedNames()).hasSize(2).isEqualTo(referencedNames()).doesNotContain(oldPhoto, oldCaption);
    assertThat(raw("portrait_000001").has("caption")).isFalse();
    Portrait read = portraits.findByStudioAndId("North", 1).orElseThrow();
    assertThat(read.photo()).isEqualTo(bytes(70_000, 2));
    assertThat(read.caption()).isNull();
    assertThat(read.tags()).isEqualTo(ADA.tags());
    assertThat(read.etag()).isEqualTo(updated.etag());

    portraits.upsert(read.withPhoto(bytes(10, 3)));
    assertThat(storedNames()).hasSize(2).isEqualTo(referencedNames());
  }

  @Test
  void deleting_entities_deletes_their_values_one_by_one_by_query_or_with_their_table() {
    PortraitRepository portraits = portraits();
    Portrait ada = portraits.insert(ADA);
    portraits.insert(new Portrait("North", 2, "Bob", bytes(100, 4), null, null, null));
    portraits.insert(new Portrait("North", 3, "Cy", bytes(100, 5), "c", null, null));
    portraits.insert(new Portrait("South", 4, "Di", bytes(100, 6), null, null, null));
    assertThat(storedNames()).hasSize(7);

    portraits.delete(ada);
    assertThat(storedNames()).hasSize(4).isEqualTo(referencedNames());

    assertThat(portraits.deleteByStudio("North")).isEqualTo(2);
    assertThat(storedNames()).hasSize(1).isEqualTo(referencedNames());

    mapper(TableMapper.builder()).deleteTable(TABLE);
    assertThat(storedNames()).isEmpty();
  }

  @Test
  void an_async_delete_by_query_deletes_the_values_of_its_entities_as_the_blocking_one_does() {
    TableMapper mapper = mapper(TableMapper.builder());
    PortraitRepository portraits = mapper.repository(PortraitRepository.class);
    portraits.insert(ADA);
    portraits.insert(new Portrait("North", 2, "Bob", bytes(100, 4), null, null, null));
    portraits.insert(new Portrait("North", 3, "Cy", bytes(100, 5), "c", null, null));
    portraits.insert(new Portrait("South", 4, "Di", bytes(100, 6), null, null, null));
    assertThat(storedNames()).hasSize(7);

    assertThat(mapper.repository(PortraitAsyncRepository.class).deleteByStudio("North").join()).isEqualTo(3);

    assertThat(storedNames()).hasSize(1).isEqualTo(referencedNames());
    assertThat(portraits.findByStudio("North")).isEmpty();
    assertThat(portraits.findByStudio("South")).extracting(Portrait::subject).containsExactly("Di");
  }

  @Test
  void a_query_reads_the_values_of_its_entities_in_parallel_and_returns_them_in_key_order() {
    PortraitRepository portraits = portraits();
    for (int id = 1; id <= 12; id++) {
      portraits.insert(new Portrait("North", id, "S" + id, bytes(1000 + id, id), "caption " + id, null, null));
    }

    List<Portrait> read = portraits.findByStudio("North");

    assertThat(read).extracting(Portrait::id).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    for (Portrait portrait : read) {
      assertThat(portrait.photo()).isEqualTo(bytes(1000 + portrait.id(), portrait.id()));
      assertThat(portrait.caption()).isEqualTo("caption " + portrait.id());
    }
    values().delete(TABLE, LargeReferences.referenced(raw("portrait_000007").get("photo")));
    assertThatThrownBy(() -> portraits.findByStudio("North"))
        .isInstanceOf(LargeValueNotFoundException.class).hasMessageContaining("portrait_000007");
  }

  @Test
  void a_null_large_value_stores_nothing() {
    portraits().insert(new Portrait("North", 5, "Eve", null, null, null, null));

    assertThat(storedNames()).isEmpty();
    assertThat(raw("portrait_000005").has("photo")).isFalse();
    Portrait read = portraits().findByStudioAndId("North", 5).orElseThrow();
    assertThat(read.photo()).isNull();
    assertThat(read.caption()).isNull();
  }

  @Test
  void a_value_above_the_mappers_limit_is_refused_before_anything_is_written() {
    PortraitRepository portraits =
        mapper(TableMapper.builder().maxLargeValueSize(100_000)).repository(PortraitRepository.class);

    assertThatThrownBy(() -> portraits.insert(ADA))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("'photo'")
        .hasMessageContaining("200000 bytes")
        .hasMessageContaining("maxLargeValueSize");
    assertThat(storedNames()).isEmpty();
    assertThat(RawRows.all(store, TABLE)).isEmpty();
  }

  @Test
  void a_missing_value_fails_the_read_with_a_clear_exception() {
    portraits().insert(ADA);
    String photo = LargeReferences.referenced(raw("portrait_000001").get("photo"));
    values().delete(TABLE, photo);

    assertThatThrownBy(() -> portraits().findByStudioAndId("North", 1))
        .isInstanceOf(LargeValueNotFoundException.class)
        .hasMessageContaining("'photo'")
        .hasMessageContaining(photo)
        .hasMessageContaining("RowKey 'portrait_000001'");
  }

  @Test
  void a_refused_write_deletes_the_values_it_stored() {
    PortraitRepository portraits = portraits();
    portraits.insert(ADA);
    Set<String> before = storedNames();

    assertThatThrownBy(() -> portraits.insert(ADA.withCaption("another")))
        .isInstanceOf(EntityExistsException.class);

    assertThat(storedNames()).isEqualTo(before);
  }

  @Test
  void a_crash_before_the_transaction_leaves_only_an_unreferenced_value_that_a_sweep_deletes_after_the_grace() {
    PortraitRepository portraits = portraits();
    Portrait bob = portraits.insert(new Portrait("North", 2, "Bob", bytes(100, 7), null, null, null));
    store.crashBeforeNextWrite();

    assertThatThrownBy(() -> portraits.insert(ADA)).isInstanceOf(StoreUnavailableException.class);

    assertThat(portraits.findByStudioAndId("North", 1)).isEmpty();
    assertThat(storedNames()).hasSize(4); // Bob's photo, and Ada's three values that no row references
    assertThat(portraits.findByStudioAndId("North", 2).orElseThrow().photo()).isEqualTo(bob.photo());
    assertThat(mapper(TableMapper.builder()).sweepLargeValues(TABLE)).as("within the grace period").isZero();

    assertThat(sweeper().sweepLargeValues(TABLE)).isEqualTo(3);
    assertThat(storedNames()).isEqualTo(referencedNames()).hasSize(1);
    assertThat(portraits.findByStudioAndId("North", 2).orElseThrow().photo()).isEqualTo(bob.photo());
  }

  @Test
  void the_background_completer_sweeps_what_a_crash_left_once_the_grace_period_is_over() throws InterruptedException {
    PortraitRepository portraits =
        mapper(TableMapper.builder().largeValueGrace(Duration.ofSeconds(3))).repository(PortraitRepository.class);
    portraits.insert(new Portrait("North", 2, "Bob", bytes(100, 13), null, null, null));
    store.crashBeforeNextWrite();
    assertThatThrownBy(() -> portraits.insert(new Portrait("North", 1, "Ada", bytes(100, 14), "a", null, null)))
        .isInstanceOf(StoreUnavailableException.class);
    assertThat(storedNames()).hasSize(3);

    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (storedNames().size() > 1 && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }

    assertThat(storedNames()).isEqualTo(referencedNames()).hasSize(1);
    assertThat(portraits.findByStudioAndId("North", 2).orElseThrow().photo()).isEqualTo(bytes(100, 13));
  }

  @Test
  void a_crash_after_the_transaction_leaves_the_new_values_referenced_and_the_old_ones_to_the_sweep() {
    PortraitRepository portraits = portraits();
    Portrait stored = portraits.insert(ADA);
    store.crashAfterNextWrite();

    assertThatThrownBy(() -> portraits.update(stored.withPhoto(bytes(1000, 8))))
        .isInstanceOf(StoreUnavailableException.class);

    assertThat(portraits.findByStudioAndId("North", 1).orElseThrow().photo()).isEqualTo(bytes(1000, 8));
    // every write stores each of its large values afresh: the three old ones are left unreferenced
    assertThat(storedNames()).hasSize(6).containsAll(referencedNames());
    assertThat(sweeper().sweepLargeValues(TABLE)).isEqualTo(3);
    assertThat(storedNames()).isEqualTo(referencedNames()).hasSize(3);
    assertSamePortrait(portraits.findByStudioAndId("North", 1).orElseThrow(), ADA.withPhoto(bytes(1000, 8)));
  }

  @Test
  void a_crash_before_deleting_replaced_values_leaves_them_to_the_sweep_and_the_entity_whole() {
    PortraitRepository portraits = portraits();
    Portrait stored = portraits.insert(ADA);
    store.crashOnValueDeletes();

    portraits.delete(stored); // the row is gone; deleting its values fails and is left to a sweep
    portraits.insert(new Portrait("North", 2, "Bob", bytes(100, 9), null, null, null));
    store.heal();

    assertThat(portraits.findByStudioAndId("North", 1)).isEmpty();
    assertThat(storedNames()).hasSize(4);
    assertThat(sweeper().sweepLargeValues(TABLE)).isEqualTo(3);
    assertThat(storedNames()).isEqualTo(referencedNames()).hasSize(1);
    assertThat(portraits.findByStudioAndId("North", 2).orElseThrow().photo()).isEqualTo(bytes(100, 9));
  }

  @Test
  void a_read_that_finds_its_value_deleted_by_a_concurrent_replace_reads_the_new_entity() {
    PortraitRepository portraits = mapper(TableMapper.builder().readParallelism(1)).repository(PortraitRepository.class);
    Portrait stored = portraits.insert(new Portrait("North", 1, "Ada", bytes(100, 10), null, null, null));
    PortraitRepository other = portraits();
    store.beforeNextValueGet(() -> other.update(stored.withPhoto(bytes(100, 11))));

    Portrait read = portraits.findByStudioAndId("North", 1).orElseThrow();

    assertThat(read.photo()).isEqualTo(bytes(100, 11));
    assertThat(read.etag()).isNotEqualTo(stored.etag());
  }

  @Test
  void a_merge_keeps_the_values_it_does_not_write_and_replaces_those_it_does() {
    PortraitRepository portraits = portraits();
    portraits.insert(ADA);
    String oldCaption = LargeReferences.referenced(raw("portrait_000001").get("caption"));
    String photo = LargeReferences.referenced(raw("portrait_000001").get("photo"));

    portraits.merge(new Portrait("North", 1, "Ada", null, "new caption", null, null));

    assertThat(storedNames()).hasSize(3).isEqualTo(referencedNames()).contains(photo).doesNotContain(oldCaption);
    Portrait read = portraits.findByStudioAndId("North", 1).orElseThrow();
    assertThat(read.photo()).isEqualTo(PHOTO);
    assertThat(read.caption()).isEqualTo("new caption");
  }

  @Test
  void a_partial_merge_stores_only_the_values_it_names_and_keeps_the_others_referenced() {
    PortraitRepository portraits = portraits();
    portraits.insert(ADA);
    String oldCaption = LargeReferences.referenced(raw("portrait_000001").get("caption"));
    String photo = LargeReferences.referenced(raw("portrait_000001").get("photo"));

    // the patch carries no photo: unnamed, the stored photo stays; named, the caption is stored anew
    portraits.merge(new Portrait("North", 1, "Ada", null, "merged caption", null, null), "caption");

    assertThat(storedNames()).hasSize(3).isEqualTo(referencedNames()).contains(photo).doesNotContain(oldCaption);
    Portrait read = portraits.findByStudioAndId("North", 1).orElseThrow();
    assertThat(read.photo()).isEqualTo(PHOTO);
    assertThat(read.caption()).isEqualTo("merged caption");

    // an insert-or-merge over the stored entity keeps the photo it does not name, as a merge does
    portraits.upsertMerge(new Portrait("North", 1, "Ada", null, "upserted caption", null, null), "caption");
    assertThat(portraits.findByStudioAndId("North", 1).orElseThrow().photo()).isEqualTo(PHOTO);
    assertThat(storedNames()).hasSize(3).isEqualTo(referencedNames()).contains(photo);

    portraits.upsertMerge(new Portrait("North", 7, "Cy", PHOTO, "unnamed caption", null, null), "photo");
    Portrait inserted = portraits.findByStudioAndId("North", 7).orElseThrow();
    assertThat(inserted.photo()).isEqualTo(PHOTO);
    assertThat(inserted.caption()).isNull();
    assertThat(storedNames()).isEqualTo(referencedNames()); // the unnamed caption was never stored
  }

  @Test
  void a_refused_batch_deletes_the_values_of_all_its_writes() {
    TableMapper mapper = mapper(TableMapper.builder());
    mapper.repository(PortraitRepository.class).insert(new Portrait("North", 2, "Bob", null, null, null, null));

    assertThatThrownBy(() -> mapper.batch(TABLE, "North")
            .insert(ADA)
            .insert(new Portrait("North", 2, "Bob", bytes(100, 12), null, null, null))
            .commit())
        .isInstanceOf(BatchException.class);

    assertThat(storedNames()).isEmpty();
    assertThat(mapper.repository(PortraitRepository.class).findByStudioAndId("North", 1)).isEmpty();
  }

  @Test
  void a_large_entity_may_be_the_first_write_of_an_eventual_batch_but_not_a_later_one() {
    TableMapper mapper = mapper(TableMapper.builder());

    assertThatThrownBy(() -> mapper.eventually()
            .insert(new Portrait("North", 2, "Bob", null, null, null, null))
            .insert(ADA)
            .commit())
        .isInstanceOf(BatchException.class)
        .hasMessageContaining("@Large");
    assertThat(storedNames()).isEmpty();

    mapper.eventually().insert(ADA).commit();
    assertSamePortrait(mapper.repository(PortraitRepository.class).findByStudioAndId("North", 1).orElseThrow(), ADA);
  }

  @Test
  void a_backend_without_a_space_for_values_refuses_large_entities_clearly() {
    TableBackend bare = new InterceptingBackend(store); // implements no outOfRowValues()
    TableMapper mapper = TableMapper.builder().backend(bare).build();
    mappers.add(mapper);

    assertThatThrownBy(() -> mapper.repository(PortraitRepository.class).insert(ADA))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("outOfRowValues");
    assertThat(RawRows.all(store, TABLE)).isEmpty();
  }
}
