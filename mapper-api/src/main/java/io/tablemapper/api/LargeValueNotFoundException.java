package io.tablemapper.api;

/**
 * A row references a {@link io.tablemapper.annotations.Large} value that its backend does not hold: it was deleted
 * by hand or by a sweep run with a grace period shorter than a write took, or the row was copied from another store
 * without its values. The read returns no entity rather than one without its value; the message names the entity,
 * its keys, the property and the reference.
 */
public class LargeValueNotFoundException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys, the property and the reference. */
  public LargeValueNotFoundException(String message) {
    super(message);
  }
}
