package io.tablemapper.benchmarks;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

/** The scale benchmark's repository. */
@Repository
public interface ReadingRepository extends TableRepository<Reading> {

  Optional<Reading> findByMeterAndSequence(String meter, long sequence);

  List<Reading> findByMeterAndSequenceBetween(String meter, long from, long to);
}
