package io.tablemapper.api;

import java.time.Duration;
import java.util.Objects;

/**
 * What one operation of a mapper did, reported to an {@link OperationListener} once it ended.
 *
 * @param type what kind of operation it was
 * @param table the table it addressed
 * @param entity the simple name of the entity class it read or wrote ({@code DynamicEntity} for a
 *     {@link DynamicTable}'s writes); null where it has none: a partition read of every type, a batch of several
 *     classes, a dynamic read, a dropped table
 * @param method for a repository method, the method, for example {@code EmployeeRepository.findByEmail}; else null
 * @param kind for a {@link OperationType#QUERY} or {@link OperationType#DELETE_BY_QUERY}, how it reached the store;
 *     else null
 * @param plan for a {@link OperationType#QUERY} or {@link OperationType#DELETE_BY_QUERY}, its plan as written in the
 *     generated Javadoc; else null
 * @param rowsRead every row the store returned to it: the entities and index copies read, and the rows a write read
 *     before writing (its entity, the copies whose ETags it needed)
 * @param rowsWritten the rows the store applied: entities and their index copies, every operation of an applied
 *     entity group transaction
 * @param requests the requests it sent to the store, including reads of a write and retries after a race
 * @param duration how long it took, from the call to its return or exception
 * @param failure the exception it ended with (the one the application received), or null if it succeeded
 */
public record OperationEvent(
    OperationType type,
    String table,
    String entity,
    String method,
    QueryKind kind,
    String plan,
    int rowsRead,
    int rowsWritten,
    int requests,
    Duration duration,
    Throwable failure) {

  /** Checks the event. */
  public OperationEvent {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(duration, "duration");
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
