package io.tablemapper.api;

/**
 * A derived {@code delete…By} method stopped part-way: some matching entities were deleted (each with its index
 * copies, in whole entity group transactions) and others were not, because a transaction of theirs failed — the
 * {@link #getCause() cause}, a contract exception such as {@link ConcurrencyConflictException} (an entity changed
 * since it was read). No transaction was half-applied: every entity is either deleted with its copies or left
 * as it was. Failures of other partitions, which are deleted in parallel, are attached as suppressed exceptions.
 *
 * <p>A delete that fails before deleting anything throws the failure itself.
 */
public class PartialDeleteException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  private final long deleted;
  private final long notDeleted;

  /**
   * Creates the exception.
   *
   * @param message what was deleted and what stopped the rest
   * @param deleted the entities deleted
   * @param notDeleted the matching entities left in place (those of the failed transactions and of the transactions
   *     not sent after them)
   * @param cause the first failure
   */
  public PartialDeleteException(String message, long deleted, long notDeleted, Throwable cause) {
    super(message, cause);
    this.deleted = deleted;
    this.notDeleted = notDeleted;
  }

  /** The matching entities that were deleted, with their index copies. */
  public long deleted() {
    return deleted;
  }

  /** The matching entities that were not deleted and are stored as they were. */
  public long notDeleted() {
    return notDeleted;
  }
}
