package io.tablemapper.api;

/** A key value breaks the store's key rules or its template: a value that does not fit a declared width, a forbidden character, a separator inside a component, a key over 1024 characters. The message names the entity, the property and the value. */
public class InvalidKeyException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys and the rule that was broken. */
  public InvalidKeyException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public InvalidKeyException(String message, Throwable cause) {
    super(message, cause);
  }
}
