package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexNotReadyException;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.fixtures.IndexedVisit;
import io.tablemapper.tck.fixtures.IndexedVisitRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * An index added to a class with a table per period: {@link Visit}s written to two days' tables by a class without
 * the index (mapped at run time, as {@code IndexLifecycleTest}'s first version), then met by {@link IndexedVisit}, the
 * same entity with an index in the site's partition. Each day's table keeps its own state: the days written before
 * are not ready, so a query through the index that reads them is refused, while a day this version created is ready
 * at once; a build runs over every day and makes the index ready; a day a writer without the index adds later (a
 * rolling deployment) makes it not ready again until it is built.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class PeriodIndexLifecycleTest {
  private static final Instant DAY1 = Instant.parse("2026-11-01T08:00:00Z");
  private static final Instant DAY2 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant DAY3 = Instant.parse("2026-11-03T08:00:00Z");
  private static final Instant DAY4 = Instant.parse("2026-11-04T08:00:00Z");

  private final TableBackend store;
  /** The application before it added the index. Never closed: closing a mapper closes its backend. */
  private final TableMapper before;
  private final VisitRepository visits;
  private final TableMapper after;
  private final IndexedVisitRepository indexed;

  PeriodIndexLifecycleTest(StoreUnderTest stores) {
    this.store = stores.newStore();
    this.before = TableMapper.builder().backend(store).build();
    this.visits = before.repository(VisitRepository.class);
    this.after = TableMapper.builder().backend(store).build();
    this.indexed = after.repository(IndexedVisitRepository.class);
  }

  @AfterEach
  void close() {
    after.close();
  }

  @Test
  void anIndexNewToThePeriodsWrittenBeforeIsNotReadyThereUntilBuiltOverEveryPeriod() throws Exception {
    for (int i = 0; i < 6; i++) {
      visits.insert(new Visit("contoso", (i < 3 ? DAY1 : DAY2).plusSeconds(i), i, "page" + i % 2));
    }
    IndexAdmin admin = after.indexes(IndexedVisit.class);
    assertThat(admin.state("byPage")).isEqualTo(IndexState.NOT_BUILT);
    assertThatThrownBy(() -> indexed.findBySiteAndPage("contoso", "page0"))
        .isInstanceOf(IndexNotReadyException.class)
        .hasMessageContaining("'byPage'")
        .hasMessageContaining("in table Visits20261101")
        .hasMessageContaining("mapper.indexes(IndexedVisit.class).build(\"byPage\")");
    assertThatThrownBy(() -> indexed.getBySiteAndPage("contoso", "page0").get())
        .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(IndexNotReadyException.class);

    // a day this version creates is ready at once; the index as a whole is not, while older days are not
    indexed.insert(new IndexedVisit("contoso", DAY3, 6, "page0"));
    assertThat(admin.state("byPage")).isEqualTo(IndexState.NOT_BUILT);

    List<Boolean> finished = new ArrayList<>();
    List<Long> read = new ArrayList<>();
    IndexReport built = admin.listener((index, soFar, partitions, done) -> {
      finished.add(done);
      read.add(soFar.entitiesRead());
    }).build("byPage");
    assertThat(built.entitiesRead()).isEqualTo(7);
    assertThat(built.copiesWritten()).isEqualTo(6);
    assertThat(built.missing()).isEqualTo(6);
    assertThat(finished).containsOnlyOnce(true).last().isEqualTo(true);
    assertThat(read).isSorted().last().isEqualTo(7L);
    assertThat(admin.state("byPage")).isEqualTo(IndexState.READY);
    assertThat(admin.recorded()).containsExactly("byPage");

    assertThat(indexed.findBySiteAndPage("contoso", "page0")).extracting(IndexedVisit::id)
        .containsExactly(0, 2, 4, 6);
    assertThat(indexed.getBySiteAndPage("contoso", "page1").get()).extracting(IndexedVisit::id)
        .containsExactly(1, 3, 5);
    IndexReport verified = admin.verify("byPage");
    assertThat(verified.clean()).as(verified.toString()).isTrue();
    assertThat(verified.entitiesRead()).isEqualTo(7);
    assertThat(admin.build("byPage").copiesWritten()).isZero();

    // an instance of the version without the index writes a new day: that day's entities lack their copies
    visits.insert(new Visit("contoso", DAY4, 7, "page0"));
    assertThatThrownBy(() -> indexed.findBySiteAndPage("contoso", "page0"))
        .isInstanceOf(IndexNotReadyException.class)
        .hasMessageContaining("in table Visits20261104");
    assertThat(admin.state("byPage")).isEqualTo(IndexState.NOT_BUILT);
    assertThat(admin.build("byPage").copiesWritten()).isEqualTo(1);
    assertThat(indexed.findBySiteAndPage("contoso", "page0")).extracting(IndexedVisit::id)
        .containsExactly(0, 2, 4, 6, 7);
  }

  /** A visit as the first version of the application wrote it: {@link IndexedVisit} without its index. */
  @Entity(table = "Visits{at:day}", type = "Visit")
  @PartitionKey("{site}")
  @RowKey("at_{at}_{id:04}")
  public record Visit(String site, Instant at, int id, String page, @ETag String etag) {

    public Visit(String site, Instant at, int id, String page) {
      this(site, at, id, page, null);
    }
  }

  /** The writes of {@link Visit}. */
  public interface VisitRepository extends TableRepository<Visit> {}
}
