package io.tablemapper.samples.company.patterns;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.time.Instant;
import java.util.List;

/** Reads of the daily log tables: one day's table, or a range of days merged in time order. */
@Repository
public interface LogEntryRepository extends TableRepository<LogEntry> {

  /** A service's messages between two instants: one query per day's table in the range. */
  List<LogEntry> findByServiceAndAtBetween(String service, Instant from, Instant to);

  /** How many messages a service logged between two instants. */
  long countByServiceAndAtBetween(String service, Instant from, Instant to);

  /** Every message of a service that is still kept: one query per day's table. */
  List<LogEntry> findByService(String service);
}
