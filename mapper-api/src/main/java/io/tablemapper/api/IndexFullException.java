package io.tablemapper.api;

/**
 * A key-list index ({@code @Index(form = IndexForm.KEY_LIST)}) cannot list one more entity under a value: the list
 * of one value outgrows its head row into part rows beside it, and all of them — the head and its 9,999 parts, some
 * 4.9 billion characters of keys — are full; or its head's keys hold a part row of the list of another value (a value
 * whose RowKey is another's followed by {@code ~} and four digits, which the processor warns of as {@code
 * [IndexListRowKey]}), and a head cannot move. In the entity's partition the write is refused whole. Elsewhere no
 * write is refused for it; the pending work that would list the entity
 * fails for good ({@link PendingWorkException}, with this exception as its cause) and the entity stays unlisted.
 */
public class IndexFullException extends InvalidEntityException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, the index and its value. */
  public IndexFullException(String message) {
    super(message);
  }
}
