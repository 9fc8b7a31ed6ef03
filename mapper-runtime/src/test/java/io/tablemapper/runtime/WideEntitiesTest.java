package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.runtime.fixtures.Dossier;
import io.tablemapper.runtime.fixtures.DossierRepository;
import io.tablemapper.runtime.fixtures.MessageStats;
import io.tablemapper.runtime.fixtures.MessageStatsRepository;
import io.tablemapper.runtime.fixtures.StatsTotal;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Wide entities ({@code @Wide}) on every backend: an entity of more than 252 properties ({@link MessageStats}) and one
 * of more than 1 MiB ({@link Dossier}) are written over a head row and part rows in one transaction, read back whole
 * by point reads, ranges, pages, partition reads and projections, replaced (a replace that needs fewer rows deletes
 * the others), merged and deleted whole, guarded by the head's ETag; their part rows are never read as entities,
 * copies or malformed rows; the limits of one transaction are refused before anything is written.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class WideEntitiesTest {
  private static final int ALMOST_FULL = StoreLimits.MAX_STRING_LENGTH - 1;

  private static final SecretKeySpec K1 = key(7);
  private static final SecretKeySpec K2 = key(8);

  private final TableBackend store;
  private final TableMapper mapper;
  private final MessageStatsRepository stats;
  private final DossierRepository dossiers;

  WideEntitiesTest(Stores stores) {
    this.store = stores.newStore();
    this.mapper = TableMapper.builder().backend(store).encryptionKey("k1", K1).build();
    this.stats = mapper.repository(MessageStatsRepository.class);
    this.dossiers = mapper.repository(DossierRepository.class);
  }

  private final List<TableMapper> others = new ArrayList<>();

  @AfterEach
  void close() {
    others.forEach(TableMapper::close);
    mapper.close();
  }

  private static SecretKeySpec key(int seed) {
    byte[] bytes = new byte[32];
    Arrays.fill(bytes, (byte) seed);
    return new SecretKeySpec(bytes, "AES");
  }

  private TableMapper other(TableMapper.Builder builder) {
    TableMapper other = builder.backend(store).build();
    others.add(other);
    return other;
  }

  private List<TableRow> rows(String table, String partitionKey) {
    return RawRows.partition(store, table, partitionKey);
  }

  private static void assertSameStats(MessageStats read, MessageStats expected) {
    assertThat(read.employeeId).isEqualTo(expected.employeeId);
    assertThat(read.year).isEqualTo(expected.year);
    assertThat(read.total).isEqualTo(expected.total);
    for (int d = 1; d <= 366; d++) {
      assertThat(read.day(d)).as("day %d", d).isEqualTo(expected.day(d));
    }
  }

  private static void assertSameDossier(Dossier read, Dossier expected) {
    assertThat(read.title()).isEqualTo(expected.title());
    assertThat(read.note()).isEqualTo(expected.note());
    assertThat(read.photo()).isEqualTo(expected.photo());
    assertThat(read.chapters()).isEqualTo(expected.chapters());
  }

  @Test
  void an_entity_of_more_than_252_properties_round_trips_over_a_head_and_a_part() {
    MessageStats written = MessageStats.of("emp7", 2024, 3);

    MessageStats inserted = stats.insert(written);

    List<TableRow> rows = rows("Stats", "emp7");
    assertThat(rows).extracting(TableRow::rowKey)
        .containsExactly("bytotal_" + String.format("%08d", written.total) + "_2024", "stats_2024", "stats_2024~01");
    TableRow head = rows.get(1);
    TableRow part = rows.get(2);
    assertThat(head.properties()).hasSizeLessThanOrEqualTo(StoreLimits.MAX_PROPERTIES);
    assertThat(head.get("total")).isEqualTo(written.total);
    assertThat(head.get(WideRows.PARTS_PROPERTY)).isEqualTo(1);
    assertThat(part.get("EntityType")).isEqualTo("MessageStats#~part");
    assertThat(part.get(WideRows.WRITE_PROPERTY)).isEqualTo(head.get(WideRows.WRITE_PROPERTY));
    assertThat(head.properties().size() + part.properties().size()).isGreaterThan(366);
    assertThat(inserted.etag).isEqualTo(head.etag());

    MessageStats read = stats.findByEmployeeIdAndYear("emp7", 2024).orElseThrow();
    assertSameStats(read, written);
    assertThat(read.etag).isEqualTo(head.etag());
  }

  @Test
  void an_entity_of_more_than_1_MiB_round_trips_and_its_encrypted_property_is_ciphertext_in_every_row() {
    Dossier written = Dossier.of("Oslo", 1, "big", 20, ALMOST_FULL, 'a');

    dossiers.insert(written);

    List<TableRow> rows = rows("Files", "Oslo");
    assertThat(rows.size()).isGreaterThanOrEqualTo(2);
    long size = rows.stream().mapToLong(StoreLimits::entitySize).sum();
    assertThat(size).isGreaterThan(StoreLimits.MAX_ENTITY_SIZE);
    for (TableRow row : rows) {
      assertThat(StoreLimits.entitySize(row)).isLessThanOrEqualTo(StoreLimits.MAX_ENTITY_SIZE);
      row.properties().values().forEach(value -> assertThat(String.valueOf(value)).doesNotContain("note of big"));
      if (row.get("note") != null) {
        assertThat(row.get("note")).isInstanceOf(byte[].class);
        assertThat(new String((byte[]) row.get("note"), StandardCharsets.ISO_8859_1)).doesNotContain("note of");
      }
    }
    assertSameDossier(dossiers.findByOfficeAndId("Oslo", 1).orElseThrow(), written);
  }

  @Test
  void a_replace_that_needs_fewer_rows_deletes_the_parts_it_no_longer_needs_in_its_transaction() {
    Dossier big = dossiers.insert(Dossier.of("Oslo", 2, "big", 40, ALMOST_FULL, 'a'));
    int bigRows = rows("Files", "Oslo").size();
    assertThat(bigRows).isGreaterThanOrEqualTo(3);

    Dossier small = Dossier.of("Oslo", 2, "small", 3, 10, 'x').withEtag(big.etag());
    dossiers.update(small);

    assertThat(rows("Files", "Oslo")).extracting(TableRow::rowKey).containsExactly("dossier_000002");
    assertSameDossier(dossiers.findByOfficeAndId("Oslo", 2).orElseThrow(), small);

    Dossier again = dossiers.upsert(Dossier.of("Oslo", 2, "again", 30, ALMOST_FULL, 'k'));
    assertThat(rows("Files", "Oslo").size()).isGreaterThanOrEqualTo(2);
    assertSameDossier(dossiers.findByOfficeAndId("Oslo", 2).orElseThrow(), again);
  }

  @Test
  void the_head_ETag_guards_the_whole_entity_and_a_stale_write_changes_no_row() {
    Dossier first = dossiers.insert(Dossier.of("Oslo", 3, "first", 20, ALMOST_FULL, 'a'));
    Dossier second = dossiers.update(Dossier.of("Oslo", 3, "second", 25, ALMOST_FULL, 'c').withEtag(first.etag()));
    List<TableRow> before = rows("Files", "Oslo");

    assertThatThrownBy(() -> dossiers.update(Dossier.of("Oslo", 3, "stale", 1, 5, 'z').withEtag(first.etag())))
        .isInstanceOf(ConcurrencyConflictException.class);
    assertThatThrownBy(() -> dossiers.delete(first)).isInstanceOf(ConcurrencyConflictException.class);

    assertThat(rows("Files", "Oslo")).extracting(TableRow::rowKey)
        .containsExactlyElementsOf(before.stream().map(TableRow::rowKey).toList());
    assertSameDossier(dossiers.findByOfficeAndId("Oslo", 3).orElseThrow(), second);
  }

  @Test
  void a_merge_keeps_the_stored_properties_it_does_not_set_wherever_they_are_stored() {
    Dossier stored = dossiers.insert(Dossier.of("Oslo", 4, "stored", 30, ALMOST_FULL, 'a'));
    String[] chapters = new String[Dossier.CHAPTERS];
    chapters[29] = "last one, short";
    Dossier patch = Dossier.make("Oslo", 4, "patched", null, null, chapters, stored.etag());

    dossiers.merge(patch);

    Dossier read = dossiers.findByOfficeAndId("Oslo", 4).orElseThrow();
    assertThat(read.title()).isEqualTo("patched");
    assertThat(read.note()).isEqualTo(stored.note());
    assertThat(read.photo()).isEqualTo(stored.photo());
    List<String> expected = new ArrayList<>(stored.chapters());
    expected.set(29, "last one, short");
    assertThat(read.chapters()).isEqualTo(expected);
  }

  @Test
  void a_partial_merge_and_an_upsert_merge_keep_every_other_property_wherever_its_row() {
    MessageStats stored = stats.insert(MessageStats.of("emp11", 2024, 3));
    MessageStats patch = new MessageStats();
    patch.employeeId = "emp11";
    patch.year = 2024;
    patch.day(300, 777);

    stats.merge(patch, "day300"); // a part row's property, the others of the record's primitives unnamed

    MessageStats read = stats.findByEmployeeIdAndYear("emp11", 2024).orElseThrow();
    assertThat(read.day(300)).isEqualTo(777);
    assertThat(read.day(1)).isEqualTo(stored.day(1));
    assertThat(read.day(366)).isEqualTo(stored.day(366));
    assertThat(read.total).isEqualTo(stored.total);
    assertThat(stats.findByEmployeeIdAndTotalGreaterThan("emp11", stored.total - 1)).hasSize(1);

    MessageStats fresh = new MessageStats();
    fresh.employeeId = "emp11";
    fresh.year = 2025;
    fresh.day(365, 5);
    stats.upsertMerge(fresh, "day365"); // none stored: inserted with the keys and the named property

    MessageStats inserted = stats.findByEmployeeIdAndYear("emp11", 2025).orElseThrow();
    assertThat(inserted.day(365)).isEqualTo(5);
    assertThat(inserted.day(1)).isZero();

    MessageStats whole = MessageStats.of("emp11", 2025, 2);
    stats.upsertMerge(whole); // stored: merged over every row, replacing each part as the split now says
    assertThat(stats.findByEmployeeIdAndYear("emp11", 2025).orElseThrow().day(365)).isEqualTo(whole.day(365));
  }

  @Test
  void a_delete_removes_every_row_of_the_entity_and_its_index_copy() {
    MessageStats inserted = stats.insert(MessageStats.of("emp8", 2023, 5));
    stats.insert(MessageStats.of("emp8", 2024, 6));

    stats.delete(inserted);

    assertThat(rows("Stats", "emp8")).extracting(TableRow::rowKey)
        .allMatch(key -> key.contains("2024")).hasSize(3);
    assertThat(stats.deleteByEmployeeIdAndYear("emp8", 2024)).isEqualTo(1);
    assertThat(rows("Stats", "emp8")).isEmpty();
  }

  @Test
  void ranges_pages_counts_and_projections_see_whole_entities_only() {
    for (int year = 2020; year < 2025; year++) {
      stats.insert(MessageStats.of("emp9", year, year - 2015));
    }

    List<MessageStats> all = stats.findByEmployeeId("emp9");
    assertThat(all).extracting(s -> s.year).containsExactly(2020, 2021, 2022, 2023, 2024);
    for (MessageStats each : all) {
      assertSameStats(each, MessageStats.of("emp9", each.year, each.year - 2015));
    }
    assertThat(stats.countByEmployeeId("emp9")).isEqualTo(5);

    List<Integer> paged = new ArrayList<>();
    Page<MessageStats> page = stats.findByEmployeeId("emp9", PageRequest.of(2));
    while (true) {
      assertThat(page.items()).hasSizeLessThanOrEqualTo(2);
      page.items().forEach(each -> {
        assertSameStats(each, MessageStats.of("emp9", each.year, each.year - 2015));
        paged.add(each.year);
      });
      if (!page.hasNext()) {
        break;
      }
      page = stats.findByEmployeeId("emp9", PageRequest.after(page.continuationToken().orElseThrow(), 2));
    }
    assertThat(paged).containsExactly(2020, 2021, 2022, 2023, 2024);

    int threshold = MessageStats.of("emp9", 2022, 7).total;
    assertThat(stats.findByEmployeeIdAndTotalGreaterThan("emp9", threshold - 1)).extracting(s -> s.total)
        .allMatch(total -> total >= threshold).isNotEmpty();
    assertThat(stats.findByEmployeeIdOrderByTotal("emp9")).extracting(s -> s.total).isSorted().hasSize(5);
    assertThat(stats.getByEmployeeId("emp9")).extracting(StatsTotal::year)
        .containsExactly(2020, 2021, 2022, 2023, 2024);
  }

  @Test
  void partition_reads_return_each_wide_entity_once_and_never_a_part_as_an_entity_or_a_malformed_row() {
    stats.insert(MessageStats.of("emp10", 2023, 2));
    stats.insert(MessageStats.of("emp10", 2024, 4));

    List<Object> all = mapper.partition("Stats", "emp10").all();

    assertThat(all).hasSize(2).allMatch(MessageStats.class::isInstance);
    assertSameStats((MessageStats) all.get(1), MessageStats.of("emp10", 2024, 4));
    assertThat(mapper.partition("Stats", "emp10").all(MessageStats.class)).hasSize(2);
  }

  @Test
  void a_batch_writes_wide_entities_whole_and_counts_their_rows_toward_its_100_operations() {
    List<Object> written = mapper.batch("Files", "Bergen")
        .insert(Dossier.of("Bergen", 1, "one", 20, ALMOST_FULL, 'a'))
        .insert(Dossier.of("Bergen", 2, "two", 3, 10, 'b'))
        .commit();

    assertThat(written).hasSize(2);
    assertSameDossier(dossiers.findByOfficeAndId("Bergen", 1).orElseThrow(),
        Dossier.of("Bergen", 1, "one", 20, ALMOST_FULL, 'a'));
    assertThat(dossiers.findByOffice("Bergen")).hasSize(2);

    var batch = mapper.batch("Stats", "emp11");
    for (int year = 1; year <= 34; year++) {
      batch.insert(MessageStats.of("emp11", year, 1)); // three rows each: head, part, index copy
    }
    assertThatThrownBy(batch::commit).isInstanceOf(BatchException.class)
        .hasMessageContaining("100");
    assertThat(rows("Stats", "emp11")).isEmpty();
  }

  @Test
  void an_entity_beyond_one_transaction_is_refused_with_the_limit_before_anything_is_written() {
    Dossier tooBig = Dossier.of("Oslo", 5, "too big", Dossier.CHAPTERS, ALMOST_FULL, 'a');

    assertThatThrownBy(() -> dossiers.insert(tooBig)).isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("Dossier").hasMessageContaining("4194304");
    assertThat(rows("Files", "Oslo")).isEmpty();
  }

  @Test
  void parts_that_are_not_of_the_write_of_their_head_are_a_malformed_row() {
    dossiers.insert(Dossier.of("Oslo", 6, "mixed", 20, ALMOST_FULL, 'a'));
    TableRow part = RawRows.get(store, "Files", "Oslo", "dossier_000006~01");
    store.write("Files", WriteOperation.upsertReplace(
        part.toBuilder().put(WideRows.WRITE_PROPERTY, "another write").build()));

    assertThatThrownBy(() -> dossiers.findByOfficeAndId("Oslo", 6)).isInstanceOf(MalformedRowException.class)
        .hasMessageContaining("dossier_000006~01");
  }

  @Test
  void reencryption_rewrites_a_wide_entity_whole_under_the_newest_key() {
    Dossier written = Dossier.of("Oslo", 7, "rotated", 20, ALMOST_FULL, 'a');
    dossiers.insert(written);

    TableMapper rotating = other(TableMapper.builder().entities(Dossier.class).encryptionKey("k1", K1)
        .encryptionKey("k2", K2));
    assertThat(rotating.reencrypt("Files")).isEqualTo(1);

    TableMapper newOnly = other(TableMapper.builder().encryptionKey("k2", K2));
    assertSameDossier(newOnly.repository(DossierRepository.class).findByOfficeAndId("Oslo", 7).orElseThrow(),
        written);
  }

  @Test
  void a_wide_entity_is_refused_as_a_later_write_of_an_eventual_batch_and_nothing_is_written() {
    assertThatThrownBy(() -> mapper.eventually()
            .insert(Dossier.of("Oslo", 8, "first", 1, 10, 'a'))
            .insert(Dossier.of("Bergen", 8, "second", 1, 10, 'b'))
            .commit())
        .isInstanceOf(BatchException.class).hasMessageContaining("@Wide").hasMessageContaining("first write");
    assertThat(RawRows.all(store, "Files")).isEmpty();
  }
}
