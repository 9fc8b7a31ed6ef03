package io.tablemapper.api;

/** The root of every exception the mapper throws; all are unchecked. */
public class TableMapperException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception with a message that says what was wrong. */
  public TableMapperException(String message) {
    super(message);
  }

  /** Creates an exception with a message and the underlying cause. */
  public TableMapperException(String message, Throwable cause) {
    super(message, cause);
  }
}
