package io.tablemapper.api;

/**
 * An entity group transaction failed as a whole; nothing of it was written.
 *
 * <p>Either the batch broke one of the store's rules and was never sent ({@link #reason()} says which, and
 * {@link #failedIndex()} names the offending operation where there is one), or the store rejected one of its
 * operations: then the reason is {@link Reason#REJECTED}, {@link #failedIndex()} is that operation's position
 * in the order the application added operations, and {@link #getCause()} is the specific exception, for example
 * {@link EntityExistsException} or {@link ConcurrencyConflictException}.
 */
public class BatchException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Why the batch failed. */
  public enum Reason {
    /** The batch holds no operation. */
    EMPTY,
    /** More than 100 operations, counting index copies. */
    TOO_MANY_OPERATIONS,
    /** The payload is larger than the store's 4 MiB per transaction. */
    TOO_LARGE,
    /** An operation addresses another table or partition than the batch's. */
    WRONG_PARTITION,
    /** Two operations address the same entity (or the same index copy). */
    DUPLICATE_ENTITY,
    /** The batch was already committed. */
    ALREADY_COMMITTED,
    /** The store rejected one operation; see {@link #failedIndex()} and {@link #getCause()}. */
    REJECTED
  }

  private final Reason reason;
  private final int failedIndex;

  /**
   * Creates the exception for a broken rule or a rejected operation.
   *
   * @param reason why the batch failed
   * @param failedIndex the offending operation's position (0-based), or -1 when the whole batch is at fault
   * @param message what was wrong, naming the table, partition and operation
   * @param cause the specific exception of a rejected operation, or null
   */
  public BatchException(Reason reason, int failedIndex, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
    this.failedIndex = failedIndex;
  }

  /** Creates the exception for a rule broken by the batch as a whole or by one operation. */
  public BatchException(Reason reason, int failedIndex, String message) {
    this(reason, failedIndex, message, null);
  }

  /** Why the batch failed. */
  public Reason reason() {
    return reason;
  }

  /**
   * The position (0-based) of the operation that failed or broke a rule, or -1 when the batch as a whole is at
   * fault (too many operations, too large, empty).
   */
  public int failedIndex() {
    return failedIndex;
  }
}
