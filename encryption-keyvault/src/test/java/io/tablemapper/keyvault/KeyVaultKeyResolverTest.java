package io.tablemapper.keyvault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.azure.core.exception.ResourceNotFoundException;
import com.azure.security.keyvault.keys.cryptography.CryptographyClient;
import com.azure.security.keyvault.keys.cryptography.models.KeyWrapAlgorithm;
import com.azure.security.keyvault.keys.cryptography.models.UnwrapResult;
import com.azure.security.keyvault.keys.cryptography.models.WrapResult;
import io.tablemapper.api.DecryptionException;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Data keys wrapped by a Key Vault key, played by a local AES key wrap ({@link LocalKeyEncryptionKey}) and by a
 * mocked {@link CryptographyClient}: a mapper encrypts and decrypts with them, unwrapping each data key once; rotation
 * adds a data key; and a key Key Vault cannot unwrap fails as an {@link EncryptionException} naming the key, without
 * key material.
 */
class KeyVaultKeyResolverTest {
  private static final KeyWrapAlgorithm A256KW = KeyWrapAlgorithm.A256KW;
  private final LocalKeyEncryptionKey kek = new LocalKeyEncryptionKey("https://vault.test/keys/kek/1", (byte) 7);
  private final InMemoryBackend store = InMemoryBackend.create();

  private final List<TableMapper> mappers = new ArrayList<>();

  /** A mapper over the test's store, closed (with the store) after the test. */
  private TableMapper mapper(KeyVaultKeyResolver resolver) {
    TableMapper mapper = TableMapper.builder().backend(store).encryptionKeys(resolver).build();
    mappers.add(mapper);
    return mapper;
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  @Test
  void aMapperEncryptsWithAWrappedDataKeyUnwrappedOnce() {
    byte[] wrapped = KeyVaultKeyResolver.wrapNewDataKey(kek, A256KW);
    KeyVaultKeyResolver resolver = KeyVaultKeyResolver.builder(kek).algorithm(A256KW).dataKey("d1", wrapped).build();
    assertThat(kek.unwraps).as("nothing is unwrapped before a value needs it").hasValue(0);

    TableMapper mapper = mapper(resolver);
    for (int i = 0; i < 5; i++) {
      mapper.batch("Notes", "ann").insert(new Note("ann", "n" + i, "secret " + i)).commit();
    }
    assertThat(mapper.partition("Notes", "ann").all(Note.class)).extracting(Note::text)
        .containsExactly("secret 0", "secret 1", "secret 2", "secret 3", "secret 4");
    assertThat(kek.unwraps).hasValue(1);
    TableRow row = store.get("Notes", "ann", "note_n0").orElseThrow();
    byte[] stored = (byte[]) row.get("text");
    assertThat(new String(stored, 3, stored[2], StandardCharsets.UTF_8)).isEqualTo("d1");
  }

  @Test
  void aNewDataKeyEncryptsNewValuesAndTheOldOneStillDecrypts() {
    byte[] first = KeyVaultKeyResolver.wrapNewDataKey(kek, A256KW);
    byte[] second = KeyVaultKeyResolver.wrapNewDataKey(kek, A256KW);
    assertThat(first).isNotEqualTo(second);
    TableMapper old = mapper(KeyVaultKeyResolver.builder(kek).algorithm(A256KW).dataKey("d1", first).build());
    old.batch("Notes", "ann").insert(new Note("ann", "old", "written with d1")).commit();
    KeyVaultKeyResolver rotated =
        KeyVaultKeyResolver.builder(kek).algorithm(A256KW).dataKey("d1", first).dataKey("d2", second).build();
    assertThat(rotated.currentKeyId()).isEqualTo("d2");

    TableMapper mapper = mapper(rotated);
    mapper.batch("Notes", "ann").insert(new Note("ann", "new", "written with d2")).commit();
    assertThat(mapper.partition("Notes", "ann").all(Note.class)).extracting(Note::text)
        .containsExactly("written with d2", "written with d1");
    assertThat(mapper.reencrypt("Notes")).isEqualTo(1);
    TableMapper newOnly =
        mapper(KeyVaultKeyResolver.builder(kek).algorithm(A256KW).dataKey("d2", second).build());
    assertThat(newOnly.partition("Notes", "ann").all(Note.class)).extracting(Note::text)
        .containsExactly("written with d2", "written with d1");
  }

  @Test
  void anIdTheResolverDoesNotHoldResolvesToNothing() {
    KeyVaultKeyResolver resolver = KeyVaultKeyResolver.builder(kek).algorithm(A256KW)
        .dataKey("d1", KeyVaultKeyResolver.wrapNewDataKey(kek, A256KW)).build();

    assertThat(resolver.key("d9")).isEmpty();
    assertThat(kek.unwraps).hasValue(0);
  }

  @Test
  void aDataKeyKeyVaultCannotUnwrapFailsNamingTheKeyAndReadsFailAsDecryptionErrors() {
    byte[] wrapped = KeyVaultKeyResolver.wrapNewDataKey(kek, A256KW);
    mapper(KeyVaultKeyResolver.builder(kek).algorithm(A256KW).dataKey("d1", wrapped).build())
        .batch("Notes", "ann").insert(new Note("ann", "n1", "secret")).commit();
    LocalKeyEncryptionKey otherKek = new LocalKeyEncryptionKey("https://vault.test/keys/other/1", (byte) 8);
    KeyVaultKeyResolver wrong = KeyVaultKeyResolver.builder(otherKek).algorithm(A256KW).dataKey("d1", wrapped)
        .build();

    assertThatThrownBy(() -> wrong.key("d1"))
        .isInstanceOf(EncryptionException.class)
        .hasMessageContaining("cannot unwrap data key 'd1' with Key Vault key 'https://vault.test/keys/other/1'");
    TableMapper reader = mapper(wrong);
    assertThatThrownBy(() -> reader.partition("Notes", "ann").all(Note.class))
        .isInstanceOf(DecryptionException.class)
        .hasMessageContaining("property 'text' of Note (PartitionKey 'ann', RowKey 'note_n1')")
        .hasMessageContaining("cannot unwrap data key 'd1'");
  }

  @Test
  void aMissingKeyVaultKeyIsReportedWithTheServicesErrorAndNoKeyBytes() {
    CryptographyClient client = mock(CryptographyClient.class);
    when(client.unwrapKey(any(), any())).thenThrow(new ResourceNotFoundException("Status code 404, KeyNotFound",
        null));
    byte[] wrapped = {1, 2, 3, 4};
    KeyVaultKeyResolver resolver = KeyVaultKeyResolver.builder(client).dataKey("d1", wrapped).build();

    assertThatThrownBy(() -> resolver.key("d1"))
        .isInstanceOf(EncryptionException.class)
        .hasMessageContaining("ResourceNotFoundException: Status code 404, KeyNotFound")
        .hasMessageNotContaining(Arrays.toString(wrapped));
  }

  @Test
  void aCryptographyClientWrapsAndUnwrapsWithTheDefaultAlgorithm() {
    CryptographyClient client = mock(CryptographyClient.class);
    byte[] dataKey = new byte[32];
    Arrays.fill(dataKey, (byte) 5);
    when(client.wrapKey(eq(KeyWrapAlgorithm.RSA_OAEP_256), any()))
        .thenReturn(new WrapResult(new byte[] {9, 9}, KeyWrapAlgorithm.RSA_OAEP_256, "kid"));
    when(client.unwrapKey(KeyWrapAlgorithm.RSA_OAEP_256, new byte[] {9, 9}))
        .thenReturn(new UnwrapResult(dataKey.clone(), KeyWrapAlgorithm.RSA_OAEP_256, "kid"));

    byte[] wrapped = KeyVaultKeyResolver.wrapNewDataKey(client, KeyVaultKeyResolver.DEFAULT_ALGORITHM);
    KeyVaultKeyResolver resolver = KeyVaultKeyResolver.builder(client).dataKey("d1", wrapped).build();

    assertThat(resolver.key("d1")).hasValueSatisfying(key -> assertThat(key.getEncoded()).isEqualTo(dataKey));
    resolver.key("d1");
    verify(client, times(1)).unwrapKey(KeyWrapAlgorithm.RSA_OAEP_256, new byte[] {9, 9});
  }

  @Test
  void aDataKeyThatUnwrapsToNoAes256KeyIsRefused() {
    CryptographyClient client = mock(CryptographyClient.class);
    when(client.unwrapKey(any(), any())).thenReturn(new UnwrapResult(new byte[16], KeyWrapAlgorithm.RSA_OAEP_256,
        "kid"));

    assertThatThrownBy(() -> KeyVaultKeyResolver.builder(client).dataKey("d1", new byte[] {1}).build().key("d1"))
        .isInstanceOf(EncryptionException.class)
        .hasMessageContaining("is 128 bits, not a 256-bit AES key");
  }

  @Test
  void itsTextNamesIdsAndNeverKeys() {
    byte[] wrapped = KeyVaultKeyResolver.wrapNewDataKey(kek, A256KW);
    KeyVaultKeyResolver resolver = KeyVaultKeyResolver.builder(kek).algorithm(A256KW).dataKey("d1", wrapped).build();
    resolver.key("d1");

    assertThat(resolver.toString()).contains("d1", "https://vault.test/keys/kek/1")
        .doesNotContain(Arrays.toString(wrapped))
        .doesNotContain(Arrays.toString(resolver.key("d1").orElseThrow().getEncoded()));
  }

  @Test
  void aResolverNeedsADataKeyAndEachIdOnce() {
    assertThatThrownBy(() -> KeyVaultKeyResolver.builder(kek).build()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> KeyVaultKeyResolver.builder(kek).dataKey("d1", new byte[] {1}).dataKey("d1",
        new byte[] {2})).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("given twice");
  }
}
