package io.tablemapper.runtime.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableMapper;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The stored format of an encrypted value, as the README documents it for readers in other languages: checked here
 * by a reader written from that description alone, with nothing but the JDK's AES-GCM; and the checks of keys and ids.
 */
class EncryptedValuesTest {
  private static final SecretKey KEY = new SecretKeySpec(new byte[32], "AES");
  private static final EncryptedValues.Binding BINDING =
      new EncryptedValues.Binding("Clinic", "North", "patient_000007", "diagnosis");

  /** The documented reader: header, nonce, ciphertext and tag, with the documented associated data. */
  private static byte[] readAsDocumented(byte[] value, SecretKey key, String table, String partitionKey,
      String rowKey, String property) throws Exception {
    int n = value[2] & 0xff;
    int headerLength = 3 + n;
    ByteArrayOutputStream aad = new ByteArrayOutputStream();
    aad.write(value, 0, headerLength);
    for (String part : new String[] {table, partitionKey, rowKey, property}) {
      byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
      aad.write(ByteBuffer.allocate(4).putInt(bytes.length).array());
      aad.write(bytes);
    }
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(Cipher.DECRYPT_MODE, key,
        new GCMParameterSpec(128, Arrays.copyOfRange(value, headerLength, headerLength + 12)));
    cipher.updateAAD(aad.toByteArray());
    return cipher.doFinal(value, headerLength + 12, value.length - headerLength - 12);
  }

  @Test
  void aValueIsReadableFromTheDocumentedLayoutAlone() throws Exception {
    byte[] value = EncryptedValues.encrypt("key-2025", KEY, EncryptedValues.TEXT,
        "hypertension".getBytes(StandardCharsets.UTF_8), BINDING);

    assertThat(value[0]).as("format version").isEqualTo((byte) 1);
    assertThat(value[1]).as("plaintext encoding: text").isEqualTo((byte) 1);
    assertThat(value[2]).as("key id length").isEqualTo((byte) 8);
    assertThat(new String(value, 3, 8, StandardCharsets.UTF_8)).isEqualTo("key-2025");
    assertThat(value).hasSize(3 + 8 + 12 + "hypertension".length() + 16);
    assertThat(new String(readAsDocumented(value, KEY, "Clinic", "North", "patient_000007", "diagnosis"),
        StandardCharsets.UTF_8)).isEqualTo("hypertension");
  }

  @Test
  void theDocumentedReaderRefusesAValueReadUnderOtherKeys() throws Exception {
    byte[] value = EncryptedValues.encrypt("k1", KEY, EncryptedValues.TEXT, new byte[] {'x'}, BINDING);

    assertThatThrownBy(() -> readAsDocumented(value, KEY, "Clinic", "North", "patient_000008", "diagnosis"))
        .isInstanceOf(javax.crypto.AEADBadTagException.class);
    assertThatThrownBy(() -> readAsDocumented(value, KEY, "Clinic", "North", "patient_000007", "notes"))
        .isInstanceOf(javax.crypto.AEADBadTagException.class);
  }

  @Test
  void theKeyIdIsBoundToo() throws Exception {
    byte[] value = EncryptedValues.encrypt("k1", KEY, EncryptedValues.BYTES, new byte[] {1, 2, 3}, BINDING);
    value[3] = 'j';

    assertThatThrownBy(() -> EncryptedValues.decrypt(value, EncryptedValues.header(value), KEY, BINDING))
        .isInstanceOf(javax.crypto.AEADBadTagException.class);
  }

  @Test
  void keysAndIdsAreCheckedWhenGivenAndNeverShown() {
    SecretKey aes128 = new SecretKeySpec(new byte[16], "AES");
    assertThatThrownBy(() -> TableMapper.builder().encryptionKey("k1", aes128))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be 256 bits (AES-256), was 128");
    assertThatThrownBy(() -> TableMapper.builder().encryptionKey("", KEY))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to 255 bytes");
    assertThatThrownBy(() -> TableMapper.builder().encryptionKey("k1", new SecretKeySpec(new byte[32], "DES")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be an AES key, was DES");
    assertThatThrownBy(() -> TableMapper.builder().encryptionKey("k1", KEY).encryptionKey("k1", KEY))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("given twice");

    byte[] secret = new byte[32];
    Arrays.fill(secret, (byte) 0x5a);
    KeyRing ring = KeyRing.of(java.util.Map.of("k1", new SecretKeySpec(secret, "AES")), "k1");
    assertThat(ring.toString()).contains("k1").doesNotContain("5a", "90", "Z");
  }
}
