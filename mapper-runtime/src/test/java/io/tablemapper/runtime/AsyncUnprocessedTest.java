package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.support.Stores;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An {@code AsyncTableRepository} of a class compiled without the annotation processor: its writes run on the
 * mapper's executor like a generated one's, and fail their futures with the contract's exceptions.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncUnprocessedTest {
  private static final String VOUCHER = "io.tablemapper.runtime.unprocessed.Voucher";
  private static final String VOUCHERS = "io.tablemapper.runtime.unprocessed.VoucherRepository";
  private static final Javac.Result UNPROCESSED = Javac.compile(Map.of(
      VOUCHER, "package io.tablemapper.runtime.unprocessed;\n"
          + "import io.tablemapper.annotations.*;\n"
          + "@Entity(table = \"Catalog\", type = \"Voucher\")\n"
          + "@PartitionKey(\"{shop}\") @RowKey(\"voucher_{code}\")\n"
          + "public record Voucher(String shop, String code, int cents, @ETag String etag) {}\n",
      VOUCHERS, "package io.tablemapper.runtime.unprocessed;\n"
          + "public interface VoucherRepository extends io.tablemapper.api.AsyncTableRepository<Voucher> {}\n"),
      false);

  private final Class<?> voucherClass = UNPROCESSED.load(VOUCHER);
  private final Class<?> repositoryClass = UNPROCESSED.load(VOUCHERS);
  private final TableMapper mapper;

  AsyncUnprocessedTest(Stores stores) {
    this.mapper = TableMapper.builder().backend(stores.newStore()).build();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private CompletableFuture<?> write(String name, Object voucher) throws ReflectiveOperationException {
    Object repository = mapper.repository(repositoryClass);
    Method method = repositoryClass.getMethod(name, Object.class);
    return (CompletableFuture<?>) method.invoke(repository, voucher);
  }

  private Object voucher(String code, int cents, String etag) throws ReflectiveOperationException {
    return voucherClass.getDeclaredConstructors()[0].newInstance("Leeds", code, cents, etag);
  }

  @Test
  void theWritesOfARunTimeMappedAsyncRepositoryCompleteWithTheStoredEntityOrFailWithTheContractsException()
      throws Exception {
    assertThat(UNPROCESSED.has(VOUCHER + "__Mapping")).isFalse();
    Object stored = write("insert", voucher("V1", 500, null)).join();
    assertThat(TwiceCompiled.get(stored, "etag")).isNotNull();
    assertThat(write("upsert", voucher("V2", 100, null)).join()).isNotNull();

    CompletableFuture<?> again = write("insert", voucher("V1", 600, null));
    assertThatThrownBy(again::join).isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(EntityExistsException.class);
    assertThat(write("delete", stored).join()).isNull();
    CompletableFuture<?> gone = write("update", voucher("V1", 700, null));
    assertThatThrownBy(gone::join).hasCauseInstanceOf(EntityNotFoundException.class);
    assertThat(mapper.partition("Catalog", "Leeds").all(voucherClass)).extracting(v -> TwiceCompiled.get(v, "cents"))
        .containsExactly(100);
  }
}
