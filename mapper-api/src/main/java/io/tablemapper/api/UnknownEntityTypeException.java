package io.tablemapper.api;

/**
 * A row's discriminator names an entity type that no entity class known to the mapper declares for its table.
 */
public class UnknownEntityTypeException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  private final String typeName;

  /**
   * Creates the exception.
   *
   * @param typeName the discriminator found on the row, or null when the row has none
   * @param message a message naming the table, the row's keys and how to register the class
   */
  public UnknownEntityTypeException(String typeName, String message) {
    super(message);
    this.typeName = typeName;
  }

  /** The discriminator found on the row, or null when the row has none. */
  public String typeName() {
    return typeName;
  }
}
