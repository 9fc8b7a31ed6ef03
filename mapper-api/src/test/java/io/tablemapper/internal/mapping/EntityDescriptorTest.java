package io.tablemapper.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.spi.TableRow;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a mapping is built from: the facts a descriptor names, their defaults, and what a mapping requires of them. */
class EntityDescriptorTest {
  private static final KeySpec PARTITION_KEY = KeySpec.of("Thing", "PartitionKey", "{a}", String.class);
  private static final KeySpec ROW_KEY = KeySpec.of("Thing", "RowKey", "r_{b}", String.class);
  private static final KeySpec INDEX_KEY = KeySpec.of("Thing", "index byB RowKey", "b_{b}", String.class);

  /** A mapping of strings that only exposes what its descriptor made of it. */
  private static final class Mapping<T> extends EntityMapping<T> {
    Mapping(EntityDescriptor<T> descriptor) {
      super(descriptor);
    }

    @Override
    public String partitionKey(T entity) {
      return "a";
    }

    @Override
    public String rowKey(T entity) {
      return "r_" + entity;
    }

    @Override
    public TableRow toRow(T entity, MappingContext context) {
      throw new UnsupportedOperationException();
    }

    @Override
    public T fromRow(TableRow row, MappingContext context) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String etag(T entity) {
      return null;
    }

    @Override
    public T withSystemProperties(T entity, String etag, Instant timestamp) {
      return entity;
    }
  }

  /** An abstract entity class, which may leave its RowKey to its subtypes. */
  private abstract static class Abstract {}

  @Test
  void factsLeftOutTakeTheDefaultsOfTheEntityAnnotation() {
    Mapping<String> mapping = new Mapping<>(
        EntityDescriptor.of(String.class, "Things", "Thing").partitionKey(PARTITION_KEY).rowKey(ROW_KEY));

    assertThat(mapping.entityClass()).isEqualTo(String.class);
    assertThat(mapping.table()).isEqualTo("Things");
    assertThat(mapping.typeName()).isEqualTo("Thing");
    assertThat(mapping.version()).isEqualTo(1);
    assertThat(mapping.partitionKeySpec()).isSameAs(PARTITION_KEY);
    assertThat(mapping.rowKeySpec()).isSameAs(ROW_KEY);
    assertThat(mapping.hasETag()).isFalse();
    assertThat(mapping.indexes()).isEmpty();
    assertThat(mapping.cache()).isNull();
  }

  @Test
  void theCachedSettingsReachTheMappingWhateverFactsFollowAndThePeriodTablesOfATemplate() {
    Mapping<String> mapping = new Mapping<>(EntityDescriptor.of(String.class, "Things", "Thing")
        .cached(25, 7)
        .partitionKey(PARTITION_KEY)
        .rowKey(ROW_KEY)
        .hasETag(true));
    assertThat(mapping.cache()).isEqualTo(new CacheSettings(25, 7));
    assertThat(mapping.hasETag()).isTrue();

    KeySpec dayKey = KeySpec.of("Thing", "PartitionKey", "{at}", Instant.class);
    Mapping<String> perDay = new Mapping<>(EntityDescriptor.of(String.class, "Logs{at:day}", "Thing")
        .partitionKey(dayKey)
        .rowKey(ROW_KEY)
        .cached(new CacheSettings(3, 60)));
    assertThat(perDay.inTable("Logs20261125").cache()).isEqualTo(new CacheSettings(3, 60));
    assertThat(new Mapping<>(EntityDescriptor.of(String.class, "Things", "Thing").partitionKey(PARTITION_KEY)
        .rowKey(ROW_KEY).cached(25, 7).cached(null)).cache()).isNull();
  }

  @Test
  void eachNamedFactReachesTheMappingAndIndexCopiesAreDiscriminatedByTheType() {
    Mapping<String> mapping = new Mapping<>(EntityDescriptor.of(String.class, "Things", "Thing")
        .version(3)
        .partitionKey(PARTITION_KEY)
        .rowKey(ROW_KEY)
        .hasETag(true)
        .index("byB", INDEX_KEY, entity -> "b_" + entity, "b", "c")
        .index("full", INDEX_KEY, entity -> null));

    assertThat(mapping.version()).isEqualTo(3);
    assertThat(mapping.hasETag()).isTrue();
    assertThat(mapping.indexes()).extracting(IndexMapping::name).containsExactly("byB", "full");
    IndexMapping<String> byB = mapping.index("byB");
    assertThat(byB.copyType()).isEqualTo("Thing#byB");
    assertThat(byB.rowKeySpec()).isSameAs(INDEX_KEY);
    assertThat(byB.properties()).containsExactly("b", "c");
    assertThat(byB.rowKey("x")).isEqualTo("b_x");
    assertThat(mapping.index("full").fullCopy()).isTrue();
  }

  @Test
  void indexMappingsBuiltElsewhereAreAddedAsTheyAre() {
    IndexMapping<String> built =
        new IndexMapping<>("Thing", "byB", "Things", INDEX_KEY, List.of(), entity -> "b_" + entity);
    Mapping<String> mapping = new Mapping<>(EntityDescriptor.of(String.class, "Things", "Thing")
        .partitionKey(PARTITION_KEY).rowKey(ROW_KEY).indexes(List.of(built)));

    assertThat(mapping.indexes()).containsExactly(built);
  }

  @Test
  void remoteIndexesAreKeptApartFromTheIndexesOfTheEntitysGroupTransaction() {
    Mapping<String> mapping = new Mapping<>(EntityDescriptor.of(String.class, "Things", "Thing")
        .partitionKey(PARTITION_KEY).rowKey(ROW_KEY)
        .remoteIndex("elsewhere", "Others", PARTITION_KEY, entity -> "p_" + entity, INDEX_KEY, entity -> "b_" + entity)
        .index("byB", INDEX_KEY, entity -> "b_" + entity));

    assertThat(mapping.indexes()).extracting(IndexMapping::name).containsExactly("byB");
    assertThat(mapping.remoteIndexes()).extracting(IndexMapping::name).containsExactly("elsewhere");
    assertThat(mapping.allIndexes()).extracting(IndexMapping::name).containsExactly("elsewhere", "byB");
    assertThat(mapping.index("elsewhere")).isNull();
    IndexMapping<String> remote = mapping.remoteIndexes().get(0);
    assertThat(remote.remote()).isTrue();
    assertThat(remote.table()).isEqualTo("Others");
    assertThat(remote.partitionKey("x")).isEqualTo("p_x");
    assertThat(remote.rowKey("x")).isEqualTo("b_x");
    assertThat(mapping.index("byB").remote()).isFalse();
    assertThat(mapping.index("byB").table()).isEqualTo("Things");
    assertThat(mapping.index("byB").partitionKey("x")).isNull();
  }

  @Test
  void aDescriptorIsNotChangedByTheDescriptorsMadeFromIt() {
    EntityDescriptor<String> base = EntityDescriptor.of(String.class, "Things", "Thing").partitionKey(PARTITION_KEY)
        .rowKey(ROW_KEY);
    base.version(2).hasETag(true).index("byB", INDEX_KEY, entity -> null);

    Mapping<String> mapping = new Mapping<>(base);
    assertThat(mapping.version()).isEqualTo(1);
    assertThat(mapping.hasETag()).isFalse();
    assertThat(mapping.indexes()).isEmpty();
  }

  @Test
  void aMappingNeedsAPartitionKeyAndAConcreteClassARowKey() {
    assertThatThrownBy(() -> new Mapping<>(EntityDescriptor.of(String.class, "Things", "Thing").rowKey(ROW_KEY)))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("partitionKeySpec");
    assertThatThrownBy(() -> new Mapping<>(EntityDescriptor.of(String.class, "Things", "Thing")
            .partitionKey(PARTITION_KEY)))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("rowKeySpec of the concrete java.lang.String");
    assertThat(new Mapping<>(EntityDescriptor.of(Abstract.class, "Things", "Thing").partitionKey(PARTITION_KEY))
        .rowKeySpec()).isNull();
  }

  @Test
  void theClassTableAndTypeAreRequired() {
    assertThatThrownBy(() -> EntityDescriptor.of(String.class, null, "Thing"))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("table");
    assertThatThrownBy(() -> EntityDescriptor.of(String.class, "Things", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("typeName");
  }
}
