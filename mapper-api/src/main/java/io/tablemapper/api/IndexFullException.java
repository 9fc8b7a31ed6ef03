package io.tablemapper.api;

/**
 * A write would list one more entity in a key-list index row ({@code @Index(form = IndexForm.KEY_LIST)}) that has no
 * room left: the row of one index value holds the keys of its entities in at most 1 MiB (split over several of its
 * properties), and the store allows no larger row. The write is refused before anything is written. Should writers
 * racing past that check overfill a row all the same, the pending work that would list the entity fails for good
 * ({@link PendingWorkException}, with this exception as its cause) and the entity stays unlisted.
 */
public class IndexFullException extends InvalidEntityException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, the index and its value. */
  public IndexFullException(String message) {
    super(message);
  }
}
