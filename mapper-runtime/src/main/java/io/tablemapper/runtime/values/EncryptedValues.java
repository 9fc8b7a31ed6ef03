package io.tablemapper.runtime.values;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * The stored format of an {@code @Encrypted} value, version 1: one Binary property that another language can read
 * with any AES-GCM implementation.
 *
 * <pre>
 * offset      size   field
 * 0           1      format version: 0x01
 * 1           1      plaintext encoding: 0x01 UTF-8 text (a String property), 0x02 raw bytes (a Binary property)
 * 2           1      n, the length of the key id in bytes (1 to 255)
 * 3           n      the key id, UTF-8
 * 3+n         12     the nonce: 96 random bits, fresh for every value
 * 15+n        m+16   AES-256-GCM ciphertext of the m plaintext bytes, followed by its 128-bit tag
 * </pre>
 *
 * <p>The associated data, authenticated but not stored, is the value's first 3+n bytes (version, encoding, key id)
 * followed by four strings, each as a 4-byte big-endian length and its UTF-8 bytes: the entity's table, its
 * PartitionKey, its RowKey and the property's stored name. A value moved to another entity, property or table, or
 * with any stored byte changed, fails the tag check. Index copies carry their entity's value unchanged, so a value is
 * bound to the keys of the entity's own row (a full copy names that RowKey in {@code TmPrimaryRowKey}).
 */
public final class EncryptedValues {
  static final byte VERSION = 1;
  static final byte TEXT = 1;
  static final byte BYTES = 2;
  static final int NONCE_BYTES = 12;
  static final int TAG_BITS = 128;
  static final int MAX_KEY_ID_BYTES = 255;
  private static final String TRANSFORMATION = "AES/GCM/NoPadding";
  private static final SecureRandom RANDOM = new SecureRandom();
  /**
   * One cipher per thread, initialised afresh for each value (with a new nonce when it encrypts): getting a cipher
   * from the JDK's providers costs more than encrypting a short value.
   */
  private static final ThreadLocal<Cipher> CIPHERS = ThreadLocal.withInitial(() -> {
    try {
      return Cipher.getInstance(TRANSFORMATION);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JDK has no " + TRANSFORMATION, e);
    }
  });

  private EncryptedValues() {}

  /** Where a value belongs: bound as associated data. */
  record Binding(String table, String partitionKey, String rowKey, String property) {}

  /** A stored value's header, read without a key. */
  public record Header(byte encoding, String keyId, int headerLength) {}

  /** A stored value that is not of this format; the message says why, without any of its bytes. */
  public static final class MalformedValueException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedValueException(String message) {
      super(message);
    }
  }

  /** The key id's bytes, checked: 1 to 255 bytes of UTF-8. */
  static byte[] keyIdBytes(String keyId) {
    byte[] bytes = keyId.getBytes(StandardCharsets.UTF_8);
    if (bytes.length == 0 || bytes.length > MAX_KEY_ID_BYTES) {
      throw new IllegalArgumentException("an encryption key id must be 1 to " + MAX_KEY_ID_BYTES
          + " bytes of UTF-8, was " + bytes.length + " bytes");
    }
    return bytes;
  }

  /**
   * Encrypts a plaintext.
   *
   * @param encoding {@link #TEXT} or {@link #BYTES}
   * @throws GeneralSecurityException if the JDK refuses the key
   */
  static byte[] encrypt(String keyId, SecretKey key, byte encoding, byte[] plaintext, Binding binding)
      throws GeneralSecurityException {
    byte[] id = keyIdBytes(keyId);
    int headerLength = 3 + id.length;
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    Cipher cipher = CIPHERS.get();
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
    byte[] out = new byte[headerLength + NONCE_BYTES + cipher.getOutputSize(plaintext.length)];
    out[0] = VERSION;
    out[1] = encoding;
    out[2] = (byte) id.length;
    System.arraycopy(id, 0, out, 3, id.length);
    System.arraycopy(nonce, 0, out, headerLength, NONCE_BYTES);
    cipher.updateAAD(associatedData(out, headerLength, binding));
    int written = cipher.doFinal(plaintext, 0, plaintext.length, out, headerLength + NONCE_BYTES);
    if (written != out.length - headerLength - NONCE_BYTES) {
      throw new GeneralSecurityException("unexpected AES-GCM output length");
    }
    return out;
  }

  /**
   * Reads a stored value's header.
   *
   * @throws MalformedValueException if it is not a value of this format
   */
  public static Header header(byte[] stored) throws MalformedValueException {
    if (stored.length < 3) {
      throw new MalformedValueException("it is " + stored.length + " bytes long, shorter than any encrypted value");
    }
    if (stored[0] != VERSION) {
      throw new MalformedValueException("its format version is " + (stored[0] & 0xff) + ", and this mapper reads "
          + VERSION);
    }
    if (stored[1] != TEXT && stored[1] != BYTES) {
      throw new MalformedValueException("its plaintext encoding " + (stored[1] & 0xff) + " is none of 1 (text), 2"
          + " (bytes)");
    }
    int idLength = stored[2] & 0xff;
    int headerLength = 3 + idLength;
    if (idLength == 0 || stored.length < headerLength + NONCE_BYTES + TAG_BITS / 8) {
      throw new MalformedValueException("it is truncated (" + stored.length + " bytes)");
    }
    String keyId = new String(stored, 3, idLength, StandardCharsets.UTF_8);
    return new Header(stored[1], keyId, headerLength);
  }

  /**
   * Decrypts a stored value whose header was read.
   *
   * @throws AEADBadTagException if it does not authenticate (changed, moved, or another key)
   * @throws GeneralSecurityException if the JDK refuses the key
   */
  static byte[] decrypt(byte[] stored, Header header, SecretKey key, Binding binding)
      throws GeneralSecurityException {
    int headerLength = header.headerLength();
    Cipher cipher = CIPHERS.get();
    cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, stored, headerLength, NONCE_BYTES));
    cipher.updateAAD(associatedData(stored, headerLength, binding));
    int start = headerLength + NONCE_BYTES;
    return cipher.doFinal(stored, start, stored.length - start);
  }

  private static byte[] associatedData(byte[] value, int headerLength, Binding binding) {
    byte[][] parts = {utf8(binding.table()), utf8(binding.partitionKey()), utf8(binding.rowKey()),
        utf8(binding.property())};
    int length = headerLength;
    for (byte[] part : parts) {
      length += 4 + part.length;
    }
    ByteBuffer data = ByteBuffer.allocate(length);
    data.put(value, 0, headerLength);
    for (byte[] part : parts) {
      data.putInt(part.length).put(part);
    }
    return data.array();
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
