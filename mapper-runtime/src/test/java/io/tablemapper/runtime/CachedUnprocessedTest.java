package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.catalog.Book;
import io.tablemapper.runtime.fixtures.catalog.Disc;
import io.tablemapper.runtime.fixtures.catalog.Product;
import io.tablemapper.runtime.fixtures.catalog.ProductRepository;
import io.tablemapper.tck.support.Stores;
import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A {@code @Cached} class compiled without the annotation processor, stored in the partition of the generated
 * {@link Product} hierarchy: its cached reads are served from the cache and fresh after every write, and an
 * untyped partition read resolves each row by its type, the run-time mapped class beside the generated ones.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class CachedUnprocessedTest {
  private static final String VOUCHER = "io.tablemapper.runtime.unprocessed.Voucher";
  private static final Javac.Result UNPROCESSED = Javac.compile(Map.of(VOUCHER,
      "package io.tablemapper.runtime.unprocessed;\n"
          + "import io.tablemapper.annotations.*;\n"
          + "@Cached @Entity(table = \"Catalog\", type = \"Voucher\")\n"
          + "@PartitionKey(\"{shop}\") @RowKey(\"voucher_{code}\")\n"
          + "public record Voucher(String shop, String code, int cents, @ETag String etag) {}\n"), false);

  private final Class<?> voucherClass = UNPROCESSED.load(VOUCHER);
  private final TableMapper mapper;

  CachedUnprocessedTest(Stores stores) {
    this.mapper = TableMapper.builder().backend(stores.newStore()).entities(Product.class, voucherClass).build();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private Object voucher(String code, int cents) throws ReflectiveOperationException {
    Constructor<?> constructor = voucherClass.getDeclaredConstructors()[0];
    return constructor.newInstance("Leeds", code, cents, null);
  }

  private static Object cents(Object voucher) {
    return TwiceCompiled.get(voucher, "cents");
  }

  @Test
  void aCachedClassCompiledWithoutTheProcessorIsServedFromTheCacheAndFreshAfterEveryWrite() throws Exception {
    assertThat(UNPROCESSED.has(VOUCHER + "__Mapping")).isFalse();
    mapper.batch("Catalog", "Leeds").insert(voucher("V1", 500)).commit();

    assertThat(mapper.partition("Catalog", "Leeds").all(voucherClass)).extracting(CachedUnprocessedTest::cents)
        .containsExactly(500);
    assertThat(mapper.partition("Catalog", "Leeds").all(voucherClass)).extracting(CachedUnprocessedTest::cents)
        .containsExactly(500);
    assertThat(mapper.cacheStats(voucherClass).hits()).isEqualTo(1);

    mapper.batch("Catalog", "Leeds").upsert(voucher("V1", 750)).insert(voucher("V2", 100)).commit();
    assertThat(mapper.partition("Catalog", "Leeds").all(voucherClass)).extracting(CachedUnprocessedTest::cents)
        .containsExactly(750, 100);

    mapper.repository(ProductRepository.class).insert(new Book("Leeds", "001", "Dune", "Herbert"));
    mapper.dynamic("Catalog").delete(mapper.dynamic("Catalog").get("Leeds", "voucher_V2").orElseThrow());
    assertThat(mapper.partition("Catalog", "Leeds").all(voucherClass)).extracting(CachedUnprocessedTest::cents)
        .containsExactly(750);
  }

  @Test
  void anUntypedPartitionReadResolvesTheRunTimeMappedClassBesideTheGeneratedOnesByType() throws Exception {
    Book dune = new Book("Leeds", "001", "Dune", "Herbert");
    Disc kind = new Disc("Leeds", "002", "Kind of Blue", 46);
    ProductRepository products = mapper.repository(ProductRepository.class);
    products.insert(dune);
    products.insert(kind);
    mapper.batch("Catalog", "Leeds").insert(voucher("V1", 500)).commit();

    List<Object> all = mapper.partition("Catalog", "Leeds").all();

    assertThat(all).hasSize(3);
    assertThat(all.subList(0, 2)).containsExactly(dune, kind);
    assertThat(all.get(2)).isInstanceOf(voucherClass).extracting(CachedUnprocessedTest::cents).isEqualTo(500);
    assertThat(mapper.partition("Catalog", "Leeds").all(Product.class)).containsExactly(dune, kind);
    assertThat(mapper.partition("Catalog", "Leeds").all(voucherClass)).hasSize(1);
  }
}
