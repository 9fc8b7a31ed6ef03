package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.Repository;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.IndexNotReadyException;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.IndexedVisit;
import io.tablemapper.tck.support.Stores;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A query through an index bound to one day whose table does not exist yet reads no table: it must not record the
 * index ready for that day, since a writer without the index (a rolling deployment) may create the day's table later,
 * and the day's entities then lack their copies.
 */
class PeriodQueryStateTest {
  private static final Instant DAY = Instant.parse("2026-11-05T08:00:00Z");
  private static final Instant FROM = Instant.parse("2026-11-05T00:00:00Z");
  private static final Instant TO = Instant.parse("2026-11-05T23:59:59Z");

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aQueryOfADayNotCreatedYetLeavesTheDayToItsFirstWriter(Stores stores) {
    try (TableBackend store = stores.newStore();
        TableMapper after = TableMapper.builder().backend(DyingBackend.unclosed(store)).build();
        TableMapper before = TableMapper.builder().backend(DyingBackend.unclosed(store)).build()) {
      DayVisitRepository days = after.repository(DayVisitRepository.class);
      assertThat(days.findBySiteAndPageAndAtBetween("contoso", "page0", FROM, TO)).isEmpty();

      // an instance of the version without the index creates the day: its entity lacks its copy
      before.repository(VisitRepository.class).insert(new Visit("contoso", DAY, 1, "page0", null));

      try (TableMapper later = TableMapper.builder().backend(DyingBackend.unclosed(store)).build()) {
        assertThat(later.indexes(IndexedVisit.class).state("byPage")).isEqualTo(IndexState.NOT_BUILT);
        assertThatThrownBy(() -> later.repository(DayVisitRepository.class)
            .findBySiteAndPageAndAtBetween("contoso", "page0", FROM, TO))
            .isInstanceOf(IndexNotReadyException.class)
            .hasMessageContaining("in table Visits20261105");
      }
    }
  }

  /** A visit as the first version of the application wrote it: {@link IndexedVisit} without its index. */
  @Entity(table = "Visits{at:day}", type = "Visit")
  @PartitionKey("{site}")
  @RowKey("at_{at}_{id:04}")
  public record Visit(String site, Instant at, int id, String page, @ETag String etag) {}

  /** The writes of {@link Visit}. */
  @Repository
  public interface VisitRepository extends TableRepository<Visit> {}
}
