package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.internal.mapping.CacheSettings;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.catalog.Book;
import io.tablemapper.runtime.fixtures.catalog.Disc;
import io.tablemapper.runtime.fixtures.catalog.Product;
import io.tablemapper.tck.fixtures.Currency;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.Overcached;
import java.util.Map;
import org.junit.jupiter.api.Test;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.mapping.Mappings;

/**
 * The {@code @Cached} settings are a fact of the mapping ({@link EntityMapping#cache()}), which the read cache asks
 * instead of the class: the processor writes them into the generated descriptor and the introspector into the one it
 * builds, the same for the same source; a hierarchy's mapping carries its root's, and a mapping that declares none
 * is not cached whatever its class carries.
 */
class CacheSettingsTest {
  private static final String SOURCES = "io.tablemapper.runtime.cachesettings.";
  private static final Map<String, String> CLASSES = Map.of(
      SOURCES + "Rate", "package io.tablemapper.runtime.cachesettings;\n"
          + "import io.tablemapper.annotations.*;\n"
          + "@Cached(maximumSize = 25, expireAfterWriteSeconds = 7) @Entity(table = \"Rates\")\n"
          + "@PartitionKey(\"{country}\") @RowKey(\"rate_{code}\")\n"
          + "public record Rate(String country, String code, int basisPoints) {}\n",
      SOURCES + "Defaulted", "package io.tablemapper.runtime.cachesettings;\n"
          + "import io.tablemapper.annotations.*;\n"
          + "@Cached @Entity(table = \"Rates\")\n"
          + "@PartitionKey(\"{country}\") @RowKey(\"defaulted_{code}\")\n"
          + "public record Defaulted(String country, String code) {}\n",
      SOURCES + "Plain", "package io.tablemapper.runtime.cachesettings;\n"
          + "import io.tablemapper.annotations.*;\n"
          + "@Entity(table = \"Rates\")\n"
          + "@PartitionKey(\"{country}\") @RowKey(\"plain_{code}\")\n"
          + "public record Plain(String country, String code) {}\n");
  private static final Javac.Result PROCESSED = Javac.compile(CLASSES, true);
  private static final Javac.Result UNPROCESSED = Javac.compile(CLASSES, false);

  private static CacheSettings generated(String name) {
    Class<?> type = PROCESSED.load(SOURCES + name);
    assertThat(PROCESSED.has(SOURCES + name + "__Mapping")).isTrue();
    return Mappings.of(null).mapping(type).cache();
  }

  private static CacheSettings introspected(String name) {
    Class<?> type = UNPROCESSED.load(SOURCES + name);
    assertThat(UNPROCESSED.has(SOURCES + name + "__Mapping")).isFalse();
    return Mappings.of(null).introspect(type).cache();
  }

  @Test
  void theGeneratedAndTheIntrospectedMappingCarryTheSameSettingsAsTheAnnotationSays() {
    assertThat(generated("Rate")).isEqualTo(new CacheSettings(25, 7));
    assertThat(introspected("Rate")).isEqualTo(new CacheSettings(25, 7));
  }

  @Test
  void theDefaultsOfCachedAreCarriedAsTheAnnotationDeclaresThem() {
    assertThat(generated("Defaulted")).isEqualTo(new CacheSettings(10_000, 300));
    assertThat(introspected("Defaulted")).isEqualTo(new CacheSettings(10_000, 300));
  }

  @Test
  void aClassWithoutCachedHasNoSettingsOnEitherPath() {
    assertThat(generated("Plain")).isNull();
    assertThat(introspected("Plain")).isNull();
    assertThat(Mappings.of(null).mapping(Employee.class).cache()).isNull();
  }

  @Test
  void theFixturesGeneratedMappingsCarryTheirSettingsAndAHierarchyItsRoots() {
    assertThat(Mappings.of(null).mapping(Currency.class).cache()).isEqualTo(new CacheSettings(100, 600));
    assertThat(Mappings.of(null).mapping(Book.class).cache()).isNotNull();
    assertThat(Mappings.of(null).mapping(Disc.class).cache()).isNull();
    EntityMapping<Product> products = Mappings.of(null).hierarchy(Product.class);
    assertThat(products).isInstanceOf(Hierarchy.class);
    assertThat(products.cache()).isEqualTo(Mappings.of(null).mapping(Product.class).cache()).isNotNull();
  }

  @Test
  void aHandWrittenMappingDeclaresItsSettingsInItsDescriptorWhichTheMapperChecksAtItsFirstRead() {
    assertThat(Overcached.class.getAnnotation(io.tablemapper.annotations.Cached.class).maximumSize()).isZero();
    assertThat(Mappings.of(null).mapping(Overcached.class).cache()).isEqualTo(new CacheSettings(0, 300));
  }
}
