package io.tablemapper.runtime;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import io.tablemapper.tck.fixtures.IndexedVisit;
import java.time.Instant;
import java.util.List;

/** A query of {@link IndexedVisit} through its index bound to a range of times, for {@link PeriodQueryStateTest}. */
@Repository
public interface DayVisitRepository extends TableRepository<IndexedVisit> {

  /** RANGE via index byPage, in the tables of the days from {@code from} to {@code to}. */
  List<IndexedVisit> findBySiteAndPageAndAtBetween(String site, String page, Instant from, Instant to);
}
