package io.tablemapper.runtime.values;

import io.tablemapper.api.EncryptionKeyResolver;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.crypto.SecretKey;

/**
 * The keys given to {@code TableMapper.builder().encryptionKey(id, key)}: a local key ring whose last key added
 * encrypts, and whose every key decrypts. Immutable once built; shows its ids, never its keys.
 */
public final class KeyRing implements EncryptionKeyResolver {
  private final Map<String, SecretKey> keys;
  private final String current;

  private KeyRing(Map<String, SecretKey> keys, String current) {
    this.keys = keys;
    this.current = current;
  }

  /** A ring of these keys (in the order added); the last one is current. */
  public static KeyRing of(Map<String, SecretKey> keys, String current) {
    return new KeyRing(Map.copyOf(keys), current);
  }

  /**
   * Checks a key: a 256-bit AES key.
   *
   * @throws IllegalArgumentException naming the id and what the key is, never its bytes
   */
  static SecretKey checkKey(String keyId, SecretKey key) {
    EncryptedValues.keyIdBytes(keyId);
    if (!"AES".equalsIgnoreCase(key.getAlgorithm())) {
      throw new IllegalArgumentException("encryption key '" + keyId + "' must be an AES key, was "
          + key.getAlgorithm());
    }
    byte[] encoded = key.getEncoded();
    if (encoded != null && encoded.length != 32) {
      throw new IllegalArgumentException("encryption key '" + keyId + "' must be 256 bits (AES-256), was "
          + encoded.length * 8 + " bits");
    }
    return key;
  }

  /** Adds a key to a ring being collected, checked; the same id twice is refused. */
  public static void add(LinkedHashMap<String, SecretKey> ring, String keyId, SecretKey key) {
    checkKey(keyId, key);
    if (ring.putIfAbsent(keyId, key) != null) {
      throw new IllegalArgumentException("encryption key id '" + keyId + "' was given twice; each id names one key");
    }
  }

  @Override
  public String currentKeyId() {
    return current;
  }

  @Override
  public Optional<SecretKey> key(String keyId) {
    return Optional.ofNullable(keys.get(keyId));
  }

  @Override
  public String toString() {
    return "KeyRing[ids " + keys.keySet() + ", current '" + current + "']";
  }
}
