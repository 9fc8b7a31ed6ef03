package io.tablemapper.keyvault;

import com.azure.core.cryptography.KeyEncryptionKey;
import java.security.GeneralSecurityException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * A Key Vault key played locally: A256KW (RFC 3394 AES key wrap, which Key Vault's managed HSM keys offer) with the
 * JDK's {@code AESWrap}, counting its calls. Only for tests, which cannot reach a vault.
 */
final class LocalKeyEncryptionKey implements KeyEncryptionKey {
  final AtomicInteger wraps = new AtomicInteger();
  final AtomicInteger unwraps = new AtomicInteger();
  private final String id;
  private final SecretKey key;

  LocalKeyEncryptionKey(String id, byte seed) {
    this.id = id;
    byte[] bytes = new byte[32];
    java.util.Arrays.fill(bytes, seed);
    this.key = new SecretKeySpec(bytes, "AES");
  }

  @Override
  public String getKeyId() {
    return id;
  }

  @Override
  public byte[] wrapKey(String algorithm, byte[] plain) {
    wraps.incrementAndGet();
    return run(Cipher.WRAP_MODE, algorithm, plain);
  }

  @Override
  public byte[] unwrapKey(String algorithm, byte[] wrapped) {
    unwraps.incrementAndGet();
    return run(Cipher.UNWRAP_MODE, algorithm, wrapped);
  }

  private byte[] run(int mode, String algorithm, byte[] input) {
    if (!"A256KW".equals(algorithm)) {
      throw new IllegalArgumentException("this test key wraps with A256KW only, not " + algorithm);
    }
    try {
      Cipher cipher = Cipher.getInstance("AESWrap");
      cipher.init(mode, key);
      return mode == Cipher.WRAP_MODE ? cipher.wrap(new SecretKeySpec(input, "AES"))
          : cipher.unwrap(input, "AES", Cipher.SECRET_KEY).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the key wrap failed: " + e.getClass().getSimpleName());
    }
  }
}
