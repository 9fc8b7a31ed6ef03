package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Sketch;
import io.tablemapper.runtime.fixtures.SketchAsyncRepository;
import io.tablemapper.runtime.fixtures.SketchRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.values.LargeReferences;

/**
 * {@code @Large} values of an entity kept in a table per period, on every store: the async reads fetch them from the
 * row's own day table as the blocking ones do (the entity's mapping names only the template of its tables), and a
 * delete by query strips only the {@code @Large} properties' references, so an indexed String that starts like a
 * reference keeps its value and its index copy is counted and deleted with the row.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class PeriodLargeValuesTest {
  private static final Instant DAY1 = Instant.parse("2025-03-01T10:00:00Z");
  private static final Instant DAY2 = Instant.parse("2025-03-02T09:30:00Z");
  private static final List<String> TABLES = List.of("Sketches20250301", "Sketches20250302");

  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();
  private TableBackend store;

  PeriodLargeValuesTest(Stores stores) {
    this.stores = stores;
  }

  private TableMapper mapper() {
    store = stores.newStore();
    return one.mapper(TableMapper.builder().backend(store));
  }

  private static Sketch sketch(String artist, Instant at, String title, int size) {
    byte[] drawing = new byte[size];
    new Random(size).nextBytes(drawing);
    return new Sketch(artist, at, title, drawing, null);
  }

  private static void assertSame(List<Sketch> read, List<Sketch> expected) {
    assertThat(read).hasSameSizeAs(expected);
    for (int i = 0; i < read.size(); i++) {
      assertThat(read.get(i).at()).isEqualTo(expected.get(i).at());
      assertThat(read.get(i).title()).isEqualTo(expected.get(i).title());
      assertThat(read.get(i).drawing()).isEqualTo(expected.get(i).drawing());
    }
  }

  private List<TableRow> rows() {
    return TABLES.stream().flatMap(table -> RawRows.all(store, table).stream()).toList();
  }

  @Test
  void asyncReadsOfAPeriodTableFetchTheValuesFromTheRowsOwnTable() {
    TableMapper mapper = mapper();
    SketchRepository sync = mapper.repository(SketchRepository.class);
    SketchAsyncRepository async = mapper.repository(SketchAsyncRepository.class);
    Sketch first = sync.insert(sketch("ada", DAY1, "harbour", 70_000));
    Sketch second = sync.insert(sketch("ada", DAY2, "hills", 90_000));
    // the values are really out of the rows, named after each day's table
    assertThat(rows()).filteredOn(row -> row.rowKey().startsWith("at_"))
        .allSatisfy(row -> assertThat(LargeReferences.references(row)).hasSize(1));

    List<Sketch> blocking = sync.findByArtistAndAtBetween("ada", DAY1, DAY2);
    assertSame(blocking, List.of(first, second));
    assertSame(OneThreadAsync.join(async.findByArtistAndAtBetween("ada", DAY1, DAY2)), blocking);
    Optional<Sketch> one = OneThreadAsync.join(async.findByArtistAndAt("ada", DAY2));
    assertSame(one.stream().toList(), sync.findByArtistAndAt("ada", DAY2).stream().toList());
    assertSame(one.stream().toList(), List.of(second));
  }

  /**
   * Titles that start like a reference, 60 sketches a partition in one day: decoded as null, the delete would count
   * no index copy for them and send the 60 entities and their 60 copies in one transaction, beyond its 100.
   */
  @Test
  void aDeleteByQueryRemovesTheIndexCopiesOfTitlesThatLookLikeReferences() {
    TableMapper mapper = mapper();
    SketchRepository sync = mapper.repository(SketchRepository.class);
    SketchAsyncRepository async = mapper.repository(SketchAsyncRepository.class);
    String lookalike = LargeReferences.PREFIX + "S:not-a-value-";
    for (String artist : List.of("ada", "bob")) {
      for (int i = 0; i < 60; i++) {
        sync.insert(sketch(artist, DAY1.plusSeconds(i), lookalike + i, 16 + i));
      }
    }
    sync.insert(sketch("cyd", DAY2, lookalike + "kept", 20));
    assertThat(rows()).hasSize(242); // an entity and its copy by title each

    assertThat(sync.deleteByArtistAndAtBetween("ada", DAY1, DAY2)).isEqualTo(60);
    assertThat(rows()).extracting(TableRow::partitionKey).doesNotContain("ada").hasSize(122);
    assertThat(OneThreadAsync.join(async.deleteByArtistAndAtBetween("bob", DAY1, DAY2))).isEqualTo(60);
    assertThat(rows()).as("no entity or index copy left behind").extracting(TableRow::partitionKey)
        .containsOnly("cyd").hasSize(2);
    assertThat(sync.findByArtistAndAt("cyd", DAY2)).get().extracting(Sketch::title).isEqualTo(lookalike + "kept");
  }
}
