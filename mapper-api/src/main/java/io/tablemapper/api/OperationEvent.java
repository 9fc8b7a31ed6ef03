package io.tablemapper.api;

import java.time.Duration;
import java.util.Objects;

/**
 * What one operation of a mapper did, reported to an {@link OperationListener} once it ended.
 *
 * @param type what kind of operation it was
 * @param table the table it addressed
 * @param partitionKey the one PartitionKey every request it sent to {@code table} addressed (a point read, a
 *     write, a query of one partition); null where they addressed several or none that can be told (a query over a
 *     range of partitions or the whole table, a batch over partitions, a dropped table). Requests to other tables
 *     (index copies elsewhere, the pending-work registry) do not count here.
 * @param entity the simple name of the entity class it read or wrote ({@code DynamicEntity} for a
 *     {@link DynamicTable}'s writes); null where it has none: a partition read of every type, a batch of several
 *     classes, a dynamic read, a dropped table
 * @param method for a repository method, the method, for example {@code EmployeeRepository.findByEmail}; for a run
 *     of an index's lifecycle, the call and its index, for example {@code IndexAdmin.build(email)}; else null
 * @param kind for a {@link OperationType#QUERY} or {@link OperationType#DELETE_BY_QUERY}, how it reached the store;
 *     else null
 * @param plan for a {@link OperationType#QUERY} or {@link OperationType#DELETE_BY_QUERY}, its plan as written in the
 *     generated Javadoc; else null
 * @param rowsRead every row the store returned to it: the entities and index copies read, and the rows a write read
 *     before writing (its entity, the copies whose ETags it needed)
 * @param rowsWritten the rows the store applied: entities and their index copies, every operation of an applied
 *     entity group transaction
 * @param requests the requests it sent to the store, including reads of a write and retries after a race; not
 *     the backend's own retries of one request ({@code retries})
 * @param retries the attempts the backend (or its client library) made of its requests after their first: the
 *     retries of transient and throttling answers, summed over its requests; 0 where the backend reports none
 * @param throttled the answers among all those attempts that refused a request as too busy (HTTP 429, or 503
 *     {@code ServerBusy}): the partition or the account over its scalability target
 * @param duration how long it took, from the call to its return or exception
 * @param failure the exception it ended with (the one the application received), or null if it succeeded
 * @param foundWork for a {@link OperationType#POLL_PENDING}, whether the look found pending work to act on (work it
 *     completed, retired or found done, or work that waits for another write); false for every other operation
 */
public record OperationEvent(
    OperationType type,
    String table,
    String partitionKey,
    String entity,
    String method,
    QueryKind kind,
    String plan,
    int rowsRead,
    int rowsWritten,
    int requests,
    int retries,
    int throttled,
    Duration duration,
    Throwable failure,
    boolean foundWork) {

  /** Checks the event. */
  public OperationEvent {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(duration, "duration");
  }

  /**
   * The event of an operation that is no look for pending work ({@link #foundWork()} false).
   *
   * @param type what kind of operation it was
   * @param table the table it addressed
   * @param partitionKey the one PartitionKey its requests to {@code table} addressed, or null
   * @param entity the simple name of its entity class, or null
   * @param method the repository method or the index's call, or null
   * @param kind the plan's kind of a query, or null
   * @param plan the plan of a query, or null
   * @param rowsRead the rows the store returned to it
   * @param rowsWritten the rows the store applied
   * @param requests the requests it sent
   * @param retries the backend's retries of its requests
   * @param throttled the answers that refused a request as too busy
   * @param duration how long it took
   * @param failure the exception it ended with, or null
   */
  public OperationEvent(OperationType type, String table, String partitionKey, String entity, String method,
      QueryKind kind, String plan, int rowsRead, int rowsWritten, int requests, int retries, int throttled,
      Duration duration, Throwable failure) {
    this(type, table, partitionKey, entity, method, kind, plan, rowsRead, rowsWritten, requests, retries, throttled,
        duration, failure, false);
  }

  /** Whether the operation ended without an exception. */
  public boolean succeeded() {
    return failure == null;
  }

  /** {@code "success"}, or the simple name of the exception it ended with: {@code EntityExistsException}, say. */
  public String outcome() {
    return failure == null ? "success" : failure.getClass().getSimpleName();
  }
}
