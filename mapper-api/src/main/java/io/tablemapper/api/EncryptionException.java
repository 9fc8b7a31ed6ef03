package io.tablemapper.api;

/**
 * An {@link io.tablemapper.annotations.Encrypted} value could not be encrypted or decrypted: the mapper has no key
 * for it, or a stored value does not decrypt ({@link DecryptionException}). The message never holds a key or a
 * plaintext. Nothing was written.
 */
public class EncryptionException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the entity, its keys and the property. */
  public EncryptionException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public EncryptionException(String message, Throwable cause) {
    super(message, cause);
  }
}
