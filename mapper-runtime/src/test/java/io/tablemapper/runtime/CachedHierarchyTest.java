package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.UnknownTypePolicy;
import io.tablemapper.runtime.fixtures.catalog.Book;
import io.tablemapper.runtime.fixtures.catalog.BookRepository;
import io.tablemapper.runtime.fixtures.catalog.Disc;
import io.tablemapper.runtime.fixtures.catalog.Product;
import io.tablemapper.runtime.fixtures.catalog.ProductRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A {@code @Cached} hierarchy: the cached root {@link Product} with the cached subtype {@link Book} and the plain
 * subtype {@link Disc}. Cached point and partition reads return each row as its own subtype, and no read is stale
 * after a write to the partition through the root's repository, a subtype's, a batch or a dynamic table.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class CachedHierarchyTest {
  private final Stores stores;
  private final List<TableMapper> mappers = new ArrayList<>();
  private final Book dune = new Book("Leeds", "001", "Dune", "Herbert");
  private final Disc kind = new Disc("Leeds", "002", "Kind of Blue", 46);

  CachedHierarchyTest(Stores stores) {
    this.stores = stores;
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  private TableMapper mapper(TableMapper.Builder builder) {
    TableMapper mapper = builder.build();
    mappers.add(mapper);
    return mapper;
  }

  private TableMapper mapper() {
    return mapper(TableMapper.builder().backend(stores.newStore()));
  }

  @Test
  void cachedPointReadsThroughTheRootReturnEachRowAsItsOwnSubtype() {
    TableMapper mapper = mapper();
    ProductRepository products = mapper.repository(ProductRepository.class);
    products.insert(dune);
    products.insert(kind);

    for (int read = 0; read < 2; read++) {
      assertThat(products.findByShopAndSku("Leeds", "001")).containsInstanceOf(Book.class).contains(dune);
      assertThat(products.findByShopAndSku("Leeds", "002")).containsInstanceOf(Disc.class).contains(kind);
      assertThat(products.findByShopAndSku("Leeds", "001")).contains(dune);
    }

    assertThat(mapper.cacheStats(Product.class).hits()).isEqualTo(4);
  }

  @Test
  void cachedPartitionReadsThroughTheRootAndASubtypeReturnTheirOwnTypesOnly() {
    TableMapper mapper = mapper();
    ProductRepository products = mapper.repository(ProductRepository.class);
    BookRepository books = mapper.repository(BookRepository.class);
    products.insert(dune);
    products.insert(kind);

    for (int read = 0; read < 2; read++) {
      assertThat(products.findByShop("Leeds")).containsExactly(dune, kind);
      assertThat(mapper.partition("Catalog", "Leeds").all(Product.class)).containsExactly(dune, kind);
      assertThat(books.findByShop("Leeds")).containsExactly(dune);
      assertThat(books.findByShopAndSku("Leeds", "002")).isEmpty();
      assertThat(mapper.partition("Catalog", "Leeds").all(Book.class)).containsExactly(dune);
      assertThat(mapper.partition("Catalog", "Leeds").all(Disc.class)).containsExactly(kind);
    }

    // the repository's partition read is a RowKey prefix range ("item_"), cached apart from the whole partition
    assertThat(mapper.cacheStats(Product.class).hits()).isEqualTo(2);
    assertThat(mapper.cacheStats(Book.class).hits()).isEqualTo(3);
  }

  /** Every cached way of reading the partition, each read once so that the next write must invalidate it. */
  private static List<Object> everyRead(TableMapper mapper) {
    ProductRepository products = mapper.repository(ProductRepository.class);
    BookRepository books = mapper.repository(BookRepository.class);
    List<Object> reads = new ArrayList<>();
    reads.add(products.findByShopAndSku("Leeds", "001").orElse(null));
    reads.add(products.findByShopAndSku("Leeds", "002").orElse(null));
    reads.add(products.findByShop("Leeds"));
    reads.add(mapper.partition("Catalog", "Leeds").all(Product.class));
    reads.add(books.findByShopAndSku("Leeds", "001").orElse(null));
    reads.add(books.findByShop("Leeds"));
    reads.add(mapper.partition("Catalog", "Leeds").all(Book.class));
    return reads;
  }

  private static List<Object> expected(Book book, Disc disc) {
    List<Object> products = new ArrayList<>();
    if (book != null) {
      products.add(book);
    }
    if (disc != null) {
      products.add(disc);
    }
    List<Object> reads = new ArrayList<>();
    reads.add(book);
    reads.add(disc);
    reads.add(products);
    reads.add(products);
    reads.add(book);
    reads.add(book == null ? List.of() : List.of(book));
    reads.add(book == null ? List.of() : List.of(book));
    return reads;
  }

  @Test
  void noCachedReadIsStaleAfterWritesThroughTheRootASubtypeABatchOrADynamicTable() {
    TableMapper mapper = mapper();
    ProductRepository products = mapper.repository(ProductRepository.class);
    BookRepository books = mapper.repository(BookRepository.class);
    products.insert(dune);
    assertThat(everyRead(mapper)).isEqualTo(expected(dune, null));

    Product disc = products.insert(kind);
    assertThat(everyRead(mapper)).isEqualTo(expected(dune, kind));

    Book second = books.findByShopAndSku("Leeds", "001").orElseThrow();
    second.setTitle("Dune Messiah");
    books.update(second);
    assertThat(everyRead(mapper)).isEqualTo(expected(second, kind));

    Disc remastered = new Disc("Leeds", "002", "Kind of Blue (remastered)", 47);
    mapper.batch("Catalog", "Leeds").upsert(remastered).commit();
    assertThat(everyRead(mapper)).isEqualTo(expected(second, remastered));

    mapper.dynamic("Catalog").merge(DynamicEntity.builder("Leeds", "item_001")
        .putString("author", "Frank Herbert").build());
    Book merged = new Book("Leeds", "001", "Dune Messiah", "Frank Herbert");
    assertThat(everyRead(mapper)).isEqualTo(expected(merged, remastered));

    mapper.dynamic("catalog").delete(mapper.dynamic("Catalog").get("Leeds", "item_002").orElseThrow());
    assertThat(everyRead(mapper)).isEqualTo(expected(merged, null));

    products.delete(products.findByShopAndSku("Leeds", "001").orElseThrow());
    assertThat(everyRead(mapper)).isEqualTo(expected(null, null));
    assertThat(disc).isEqualTo(kind);
  }

  @Test
  void cachedReadsUnderARenamedDiscriminatorReturnEachRowAsItsOwnSubtype() {
    TableMapper mapper = mapper(TableMapper.builder().backend(stores.newStore()).discriminator("Kind"));
    ProductRepository products = mapper.repository(ProductRepository.class);
    products.insert(dune);
    products.insert(kind);

    for (int read = 0; read < 2; read++) {
      assertThat(everyRead(mapper)).isEqualTo(expected(dune, kind));
      assertThat(mapper.partition("Catalog", "Leeds").all()).containsExactly(dune, kind);
    }

    Book renamed = new Book("Leeds", "001", "Dune (new edition)", "Herbert");
    mapper.batch("Catalog", "Leeds").update(products.findByShopAndSku("Leeds", "001").orElseThrow()).commit();
    products.upsert(renamed);
    assertThat(everyRead(mapper)).isEqualTo(expected(renamed, kind));
    assertThat(mapper.cacheStats(Product.class).hits()).isPositive();
  }

  @Test
  void cachedTypedPartitionReadsLeaveRowsOfUnknownTypesToTheUntypedReadUnderEveryPolicy() {
    TableBackend backend = stores.newStore();
    TableMapper dynamic = mapper(TableMapper.builder().backend(backend).unknownTypes(UnknownTypePolicy.DYNAMIC));
    TableMapper skipping = mapper(TableMapper.builder().backend(backend).unknownTypes(UnknownTypePolicy.SKIP));
    dynamic.repository(ProductRepository.class).insert(dune);
    assertThat(dynamic.partition("Catalog", "Leeds").all(Product.class)).containsExactly(dune);
    assertThat(skipping.partition("Catalog", "Leeds").all(Product.class)).containsExactly(dune);

    DynamicEntity gift = dynamic.dynamic("Catalog").insert(DynamicEntity.builder("Leeds", "item_003")
        .putString("EntityType", "Gift").putString("title", "Voucher").build());
    dynamic.repository(ProductRepository.class).insert(kind);

    for (int read = 0; read < 2; read++) {
      assertThat(dynamic.partition("Catalog", "Leeds").all(Product.class)).containsExactly(dune, kind);
      assertThat(dynamic.repository(ProductRepository.class).findByShop("Leeds")).containsExactly(dune, kind);
      assertThat(dynamic.repository(ProductRepository.class).findByShopAndSku("Leeds", "003")).isEmpty();
      assertThat(dynamic.partition("Catalog", "Leeds").all()).containsExactly(dune, kind, gift);
      assertThat(skipping.partition("Catalog", "Leeds").all()).containsExactly(dune, kind);
    }
  }
}
