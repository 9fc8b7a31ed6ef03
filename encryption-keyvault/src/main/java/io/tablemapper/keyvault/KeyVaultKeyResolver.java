package io.tablemapper.keyvault;

import com.azure.core.cryptography.KeyEncryptionKey;
import com.azure.security.keyvault.keys.cryptography.CryptographyClient;
import com.azure.security.keyvault.keys.cryptography.models.KeyWrapAlgorithm;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.EncryptionKeyResolver;
import io.tablemapper.api.TableMapperException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The keys of {@code @Encrypted} properties as AES-256 data keys wrapped by an Azure Key Vault key (envelope
 * encryption): the application keeps each data key's wrapped bytes (in its configuration; they are no secret
 * without the Key Vault key) under a key id, and the resolver unwraps a data key through Key Vault the first time a
 * value needs it, then keeps it in memory. Key Vault sees one request per data key and process, not one per value.
 *
 * <pre>{@code
 * KeyEncryptionKey kek = new KeyEncryptionKeyClientBuilder()
 *     .credential(new DefaultAzureCredentialBuilder().build())
 *     .buildKeyEncryptionKey("https://my-vault.vault.azure.net/keys/tables-kek/0123...");
 * byte[] wrapped = KeyVaultKeyResolver.wrapNewDataKey(kek, KeyVaultKeyResolver.DEFAULT_ALGORITHM); // once; store it
 * TableMapper mapper = TableMapper.builder()
 *     .backend(backend)
 *     .encryptionKeys(KeyVaultKeyResolver.builder(kek).dataKey("2025-01", wrapped).build())
 *     .build();
 * }</pre>
 *
 * <p>Rotation: wrap a new data key, add it last ({@link Builder#dataKey}: the last one added encrypts), keep the old
 * ones until {@code mapper.reencrypt(table)} has rewritten the values. Rotating the Key Vault key itself needs no
 * re-encryption of values: unwrap each data key with the old version and wrap it with the new one.
 *
 * <p>Neither {@link #toString()} nor any exception shows a data key, wrapped or not.
 */
public final class KeyVaultKeyResolver implements EncryptionKeyResolver {
  /** The wrapping algorithm unless another is given: RSA-OAEP with SHA-256, for Key Vault's RSA keys. */
  public static final KeyWrapAlgorithm DEFAULT_ALGORITHM = KeyWrapAlgorithm.RSA_OAEP_256;
  private static final int DATA_KEY_BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final KeyEncryptionKey keyEncryptionKey;
  private final KeyWrapAlgorithm algorithm;
  private final Map<String, byte[]> wrapped;
  private final String current;
  private final ConcurrentMap<String, SecretKey> unwrapped = new ConcurrentHashMap<>();

  private KeyVaultKeyResolver(Builder builder) {
    this.keyEncryptionKey = builder.keyEncryptionKey;
    this.algorithm = builder.algorithm;
    this.wrapped = Map.copyOf(builder.wrapped);
    this.current = builder.current;
  }

  /** A resolver whose data keys are wrapped by this key (as {@code KeyEncryptionKeyClientBuilder} builds one). */
  public static Builder builder(KeyEncryptionKey keyEncryptionKey) {
    return new Builder(Objects.requireNonNull(keyEncryptionKey, "keyEncryptionKey"));
  }

  /** A resolver whose data keys are wrapped by the key of this client. */
  public static Builder builder(CryptographyClient client) {
    return builder(keyEncryptionKey(client));
  }

  /**
   * Generates a fresh AES-256 data key and returns it wrapped by the key: the bytes to keep, under a key id of the
   * application's choice, and give to {@link Builder#dataKey}. The unwrapped key is not kept.
   *
   * @throws EncryptionException if Key Vault refuses or fails, naming the key and the algorithm
   */
  public static byte[] wrapNewDataKey(KeyEncryptionKey keyEncryptionKey, KeyWrapAlgorithm algorithm) {
    Objects.requireNonNull(keyEncryptionKey, "keyEncryptionKey");
    Objects.requireNonNull(algorithm, "algorithm");
    byte[] dataKey = new byte[DATA_KEY_BYTES];
    RANDOM.nextBytes(dataKey);
    try {
      return keyEncryptionKey.wrapKey(algorithm.toString(), dataKey);
    } catch (RuntimeException e) {
      throw new EncryptionException("cannot wrap a new data key with Key Vault key " + keyIdOf(keyEncryptionKey)
          + " (" + algorithm + "): " + describe(e), e);
    } finally {
      Arrays.fill(dataKey, (byte) 0);
    }
  }

  /** {@link #wrapNewDataKey(KeyEncryptionKey, KeyWrapAlgorithm)} with the key of a client. */
  public static byte[] wrapNewDataKey(CryptographyClient client, KeyWrapAlgorithm algorithm) {
    return wrapNewDataKey(keyEncryptionKey(client), algorithm);
  }

  /** A client's key as a {@link KeyEncryptionKey}: wrap and unwrap through {@link CryptographyClient}. */
  static KeyEncryptionKey keyEncryptionKey(CryptographyClient client) {
    Objects.requireNonNull(client, "client");
    return new KeyEncryptionKey() {
      @Override
      public String getKeyId() {
        return "of the CryptographyClient"; // its getKey() would ask the service, and messages ask for this
      }

      @Override
      public byte[] wrapKey(String algorithm, byte[] key) {
        return client.wrapKey(KeyWrapAlgorithm.fromString(algorithm), key).getEncryptedKey();
      }

      @Override
      public byte[] unwrapKey(String algorithm, byte[] encryptedKey) {
        return client.unwrapKey(KeyWrapAlgorithm.fromString(algorithm), encryptedKey).getKey();
      }
    };
  }

  @Override
  public String currentKeyId() {
    return current;
  }

  /**
   * The data key with this id, unwrapped through Key Vault on first use and kept; empty for an id the resolver does
   * not hold.
   *
   * @throws EncryptionException if Key Vault cannot unwrap it (the key is disabled, the caller lacks the
   *     {@code unwrapKey} permission, or the bytes were wrapped by another key), or it unwraps to no AES-256 key
   */
  @Override
  public Optional<SecretKey> key(String keyId) {
    byte[] wrappedKey = wrapped.get(keyId);
    if (wrappedKey == null) {
      return Optional.empty();
    }
    return Optional.of(unwrapped.computeIfAbsent(keyId, id -> unwrap(id, wrappedKey)));
  }

  private SecretKey unwrap(String keyId, byte[] wrappedKey) {
    byte[] key;
    try {
      key = keyEncryptionKey.unwrapKey(algorithm.toString(), wrappedKey);
    } catch (RuntimeException e) {
      throw new EncryptionException("cannot unwrap data key '" + keyId + "' with Key Vault key "
          + keyIdOf(keyEncryptionKey) + " (" + algorithm + "): " + describe(e), e);
    }
    if (key == null || key.length != DATA_KEY_BYTES) {
      throw new EncryptionException("data key '" + keyId + "' unwrapped with Key Vault key "
          + keyIdOf(keyEncryptionKey) + " is " + (key == null ? "missing" : key.length * 8 + " bits")
          + ", not a 256-bit AES key");
    }
    SecretKey secret = new SecretKeySpec(key, "AES");
    Arrays.fill(key, (byte) 0);
    return secret;
  }

  private static String keyIdOf(KeyEncryptionKey keyEncryptionKey) {
    try {
      return "'" + keyEncryptionKey.getKeyId() + "'";
    } catch (RuntimeException e) {
      return "(id unavailable: " + e.getClass().getSimpleName() + ")";
    }
  }

  /**
   * A failure of the SDK in a message: its class, and its message when it is one of tablemapper's own or the SDK's
   * (which name a status and an error code, never key material).
   */
  private static String describe(RuntimeException e) {
    String message = e.getMessage();
    boolean safe = e instanceof TableMapperException || e.getClass().getName().startsWith("com.azure.");
    return e.getClass().getSimpleName() + (safe && message != null ? ": " + firstLine(message) : "");
  }

  private static String firstLine(String text) {
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }

  @Override
  public String toString() {
    return "KeyVaultKeyResolver[key " + keyIdOf(keyEncryptionKey) + ", " + algorithm + ", data key ids "
        + wrapped.keySet() + ", current '" + current + "']";
  }

  /** Collects the wrapped data keys. */
  public static final class Builder {
    private final KeyEncryptionKey keyEncryptionKey;
    private KeyWrapAlgorithm algorithm = DEFAULT_ALGORITHM;
    private final LinkedHashMap<String, byte[]> wrapped = new LinkedHashMap<>();
    private String current;

    private Builder(KeyEncryptionKey keyEncryptionKey) {
      this.keyEncryptionKey = keyEncryptionKey;
    }

    /** The algorithm the data keys were wrapped with; {@link #DEFAULT_ALGORITHM} unless given. */
    public Builder algorithm(KeyWrapAlgorithm algorithm) {
      this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
      return this;
    }

    /**
     * Adds a wrapped data key under its id; the last one added encrypts new values.
     *
     * @param keyId the id stored beside each value: 1 to 255 bytes of UTF-8
     * @param wrappedKey what {@link KeyVaultKeyResolver#wrapNewDataKey} returned for it
     * @throws IllegalArgumentException if the id is empty, too long or given twice, or the bytes are empty
     */
    public Builder dataKey(String keyId, byte[] wrappedKey) {
      Objects.requireNonNull(keyId, "keyId");
      Objects.requireNonNull(wrappedKey, "wrappedKey");
      int length = keyId.getBytes(StandardCharsets.UTF_8).length;
      if (length == 0 || length > 255) {
        throw new IllegalArgumentException("a data key id must be 1 to 255 bytes of UTF-8, was " + length + " bytes");
      }
      if (wrappedKey.length == 0) {
        throw new IllegalArgumentException("wrapped data key '" + keyId + "' is empty");
      }
      if (wrapped.putIfAbsent(keyId, wrappedKey.clone()) != null) {
        throw new IllegalArgumentException("data key id '" + keyId + "' was given twice; each id names one key");
      }
      current = keyId;
      return this;
    }

    /**
     * The resolver. Nothing is unwrapped yet.
     *
     * @throws IllegalStateException if no data key was added
     */
    public KeyVaultKeyResolver build() {
      if (wrapped.isEmpty()) {
        throw new IllegalStateException("a KeyVaultKeyResolver needs at least one data key: add one with"
            + " dataKey(id, KeyVaultKeyResolver.wrapNewDataKey(key, algorithm))");
      }
      return new KeyVaultKeyResolver(this);
    }
  }
}
