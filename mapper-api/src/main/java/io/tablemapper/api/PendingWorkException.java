package io.tablemapper.api;

/**
 * A write of recorded pending work ({@link EventualBatch}) failed for good after the work was committed: another
 * writer changed its entity between the commit's checks and the write, so that the write cannot succeed (an insert
 * of an entity that now exists, an update whose ETag is now stale, ...). The writes before it stay applied; the
 * writes after it are not applied; the record stays in the store, marked failed with this message, and is never
 * retried, so that it blocks no other work. {@link #getCause()} is the specific exception.
 */
public class PendingWorkException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  private final String workId;
  private final int failedStep;

  /**
   * Creates the exception.
   *
   * @param workId the id of the failed work record
   * @param failedStep the position (0-based) of the write that failed, in the order the application added them
   * @param message what failed and what was and was not applied
   * @param cause the specific exception
   */
  public PendingWorkException(String workId, int failedStep, String message, Throwable cause) {
    super(message, cause);
    this.workId = workId;
    this.failedStep = failedStep;
  }

  /** The id of the failed work record, as the store keeps it. */
  public String workId() {
    return workId;
  }

  /** The position (0-based) of the write that failed, in the order the application added it. */
  public int failedStep() {
    return failedStep;
  }
}
