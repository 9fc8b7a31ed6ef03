package io.tablemapper.samples.company.patterns;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/** The days of message counts, and merges of one hour's count. */
@Repository
public interface HourlyMessagesRepository extends TableRepository<HourlyMessages> {

  /** The whole day of an employee, in one point read. */
  Optional<HourlyMessages> findByDepartmentAndEmployeeIdAndDay(String department, int employeeId, LocalDate day);

  /** Every day of an employee, in key order (oldest first). */
  List<HourlyMessages> findByDepartmentAndEmployeeId(String department, int employeeId);

  /**
   * Records the count of the hour from 9 to 10: one request, which inserts the day when it is the first count of it
   * and otherwise merges this hour into it, leaving the other hours as they are; nothing is read first.
   */
  void upsertMergeH09ByDepartmentAndEmployeeIdAndDay(int h09, String department, int employeeId, LocalDate day);

  /** Corrects the count of the hour from 9 to 10 of a day read with {@code etag}: refused if the day changed since. */
  HourlyMessages mergeH09ByDepartmentAndEmployeeIdAndDay(int h09, String department, int employeeId, LocalDate day,
      @ETag String etag);
}
