package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.lang.reflect.Field;
import java.time.Instant;
import java.util.List;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An entity class that exists only at run time — generated here with Byte Buddy, in a class loader of its own,
 * as a framework building classes from a schema would — is mapped from its annotations like any class the
 * processor never saw.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class ClassGeneratedAtRunTimeTest {
  private static final Instant AT = Instant.parse("2024-05-01T12:00:00Z");

  private final TableBackend backend;
  private final TableMapper mapper;

  ClassGeneratedAtRunTimeTest(Stores stores) {
    this.backend = stores.newStore();
    this.mapper = TableMapper.builder().backend(backend).build();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static DynamicType.Builder<Object> reading(boolean withRowKey) {
    DynamicType.Builder<Object> builder = new ByteBuddy()
        .subclass(Object.class)
        .name("io.tablemapper.runtime.generated.Reading")
        .annotateType(AnnotationDescription.Builder.ofType(Entity.class).define("table", "Readings").build())
        .annotateType(AnnotationDescription.Builder.ofType(PartitionKey.class).define("value", "{sensor}").build());
    if (withRowKey) {
      builder = builder.annotateType(
          AnnotationDescription.Builder.ofType(RowKey.class).define("value", "at_{at}").build());
    }
    return builder
        .defineField("sensor", String.class, Visibility.PUBLIC)
        .defineField("at", Instant.class, Visibility.PUBLIC)
        .defineField("celsius", double.class, Visibility.PUBLIC)
        .defineField("etag", String.class, Visibility.PUBLIC)
        .annotateField(AnnotationDescription.Builder.ofType(ETag.class).build());
  }

  private static Class<?> load(DynamicType.Builder<Object> builder) {
    return builder.make()
        .load(ClassGeneratedAtRunTimeTest.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER)
        .getLoaded();
  }

  private static Object newReading(Class<?> type, String sensor, double celsius) throws Exception {
    Object reading = type.getConstructor().newInstance();
    type.getField("sensor").set(reading, sensor);
    type.getField("at").set(reading, AT);
    type.getField("celsius").set(reading, celsius);
    return reading;
  }

  @Test
  void aClassGeneratedAtRunTimeIsWrittenAndReadThroughItsAnnotations() throws Exception {
    Class<?> type = load(reading(true));

    List<Object> stored = mapper.batch("Readings", "s1").insert(newReading(type, "s1", 21.5)).commit();
    List<Object> read = mapper.partition("Readings", "s1").all();

    Field etag = type.getField("etag");
    assertThat(etag.get(stored.get(0))).isNotNull();
    List<TableRow> rows = RawRows.partition(backend, "Readings", "s1");
    assertThat(rows).hasSize(1);
    TableRow row = rows.get(0);
    assertThat(row.rowKey()).startsWith("at_2024-05-01");
    assertThat(row.properties().keySet())
        .containsExactlyInAnyOrder(EntityMapping.TYPE_PROPERTY, "sensor", "at", "celsius");
    assertThat(row.get(EntityMapping.TYPE_PROPERTY)).isEqualTo("Reading");
    assertThat(read).singleElement().isInstanceOf(type)
        .satisfies(r -> assertThat(type.getField("celsius").get(r)).isEqualTo(21.5))
        .satisfies(r -> assertThat(etag.get(r)).isEqualTo(etag.get(stored.get(0))));
  }

  @Test
  void aGeneratedClassBreakingARuleIsRefusedWithTheProcessorsMessage() {
    Class<?> type = load(reading(false));

    assertThatThrownBy(() -> TableMapper.builder().backend(backend).entities(type).build())
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageEndingWith("\n[EntityMissingKey] @Entity Reading has no @RowKey; every entity declares both key"
            + " templates, for example @PartitionKey(\"{department}\") and @RowKey(\"empid_{employeeId:08}\")");
  }
}
