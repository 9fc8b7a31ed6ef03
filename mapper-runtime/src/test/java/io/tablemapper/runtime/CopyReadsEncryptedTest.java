package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.Envoy;
import io.tablemapper.runtime.fixtures.EnvoyAsyncRepository;
import io.tablemapper.runtime.fixtures.EnvoyRepository;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.InterceptingBackend.Requests;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Copies that answer queries ({@code reads = IndexReads.COPIES}) hold an {@code @Encrypted} property as the entity's
 * row holds it — ciphertext bound to the entity's table and keys — and a read through them decrypts it as the
 * entity's own read does, on the blocking and the async path, in one request and with the entity's ETag.
 */
class CopyReadsEncryptedTest {

  @ParameterizedTest
  @EnumSource(Stores.class)
  void anEncryptedPropertyReadThroughAnsweringCopiesDecryptsAsTheEntitysOwn(Stores stores) throws Exception {
    InterceptingBackend backend = new InterceptingBackend(stores.newStore());
    byte[] bytes = new byte[32];
    Arrays.fill(bytes, (byte) 7);
    try (TableMapper mapper = ManualCompletion.builder(backend)
        .encryptionKey("k1", new SecretKeySpec(bytes, "AES")).build()) {
      EnvoyRepository envoys = mapper.repository(EnvoyRepository.class);
      envoys.insert(new Envoy("NO", 1, "Paris", "the owl flies at noon", null));
      envoys.insert(new Envoy("SE", 2, "Paris", "the fox sleeps", null));
      envoys.findByPost("Rome"); // tables and index states known

      Requests before = backend.requests();
      List<Envoy> read = envoys.findByPost("Paris");
      Requests cost = backend.requests().since(before);
      List<Envoy> readAsync = mapper.repository(EnvoyAsyncRepository.class).findByPost("Paris")
          .get(30, TimeUnit.SECONDS);

      assertThat(cost.queries()).isEqualTo(1);
      assertThat(cost.gets()).isZero();
      assertThat(read).extracting(Envoy::cipher).containsExactly("the owl flies at noon", "the fox sleeps");
      assertThat(readAsync).isEqualTo(read);
      TableRow entity = RawRows.get(backend.delegate, "Envoys", "NO", "envoy_0001");
      assertThat(read.get(0).etag()).isEqualTo(entity.etag());
      TableRow copy = RawRows.get(backend.delegate, "EnvoysByPost", "Paris", "NO_0001");
      assertThat(copy.get("cipher")).as("the copy holds the entity's ciphertext").isInstanceOf(byte[].class);
      assertThat(new String((byte[]) copy.get("cipher"), StandardCharsets.ISO_8859_1)).doesNotContain("owl");
      assertThat(copy.get(EntityMapping.PRIMARY_ETAG_PROPERTY)).isEqualTo(entity.etag());
    }
  }
}
