package io.tablemapper.api;

import java.util.Optional;
import javax.crypto.SecretKey;

/**
 * Where a mapper finds the AES-256 keys of its {@link io.tablemapper.annotations.Encrypted} properties, by key id:
 * {@link TableMapper.Builder#encryptionKeys(EncryptionKeyResolver)}. The keys given with
 * {@link TableMapper.Builder#encryptionKey(String, SecretKey)} form the built-in one, a local key ring; a key held
 * in a key management service is another (the {@code encryption-keyvault} module unwraps data keys with an Azure
 * Key Vault key).
 *
 * <p>Rotation: new values are encrypted with {@link #currentKeyId()}, and every stored value names its key id, so
 * values written under older ids stay readable as long as the resolver still resolves them;
 * {@link TableMapper#reencrypt(String)} rewrites a table's values under the current key before an old one is retired.
 * Implementations are thread-safe and may cache; the mapper asks for a key on each value it encrypts or decrypts.
 */
public interface EncryptionKeyResolver {

  /** The id of the key new values are encrypted with: 1 to 255 bytes of UTF-8. */
  String currentKeyId();

  /**
   * The AES-256 key with this id, or empty when there is none (a stored value that names it then fails to decrypt
   * with {@link DecryptionException}).
   */
  Optional<SecretKey> key(String keyId);
}
