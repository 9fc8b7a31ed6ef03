package io.tablemapper.runtime.introspect;

import static io.tablemapper.runtime.TwiceCompiled.PARCEL;
import static io.tablemapper.runtime.TwiceCompiled.SHIPMENT;
import static io.tablemapper.runtime.TwiceCompiled.UNPROCESSED;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.TwiceCompiled;

/**
 * The accessors Byte Buddy generates for a class compiled without the processor: plain classes defined in the
 * entity's own package (so they reach package-private members as generated code would), one per property, calling
 * the getter or setter the processor would call, else the field.
 */
class AccessorsTest {
  private final Class<?> parcel = UNPROCESSED.load(PARCEL);

  private static Field field(Class<?> type, String name) throws NoSuchFieldException {
    Field field = type.getDeclaredField(name);
    field.setAccessible(true);
    return field;
  }

  @Test
  void aPackagePrivateFieldIsReadAndWrittenByAClassInTheEntitysPackage() throws Exception {
    Accessors.Property weight = Accessors.property(parcel, "weightGrams", int.class,
        field(parcel, "weightGrams"), field(parcel, "weightGrams"));
    Object bean = TwiceCompiled.bean(parcel, Map.of("weightGrams", 5));

    weight.writer.accept(bean, 750);

    assertThat(weight.reader.apply(bean)).isEqualTo(750);
    assertThat(weight.reader.getClass().getName()).isEqualTo(PARCEL + Accessors.MARKER + "weightGrams");
    assertThat(weight.reader.getClass().getPackageName()).isEqualTo(parcel.getPackageName());
    assertThat(weight.reader.getClass().getClassLoader()).isSameAs(parcel.getClassLoader());
    assertThat(weight.reader).isSameAs(weight.writer);
  }

  @Test
  void gettersAndSettersAreCalledIncludingIsGettersAndFluentSetters() throws Exception {
    Method isHeavy = parcel.getMethod("isHeavy");
    Method setHeavy = parcel.getMethod("setHeavy", boolean.class);
    Method getId = parcel.getMethod("getId");
    Method setId = parcel.getMethod("setId", UUID.class);
    Accessors.Property heavy = Accessors.property(parcel, "heavy", boolean.class, isHeavy, setHeavy);
    Accessors.Property id = Accessors.property(parcel, "id", UUID.class, getId, setId);
    Object bean = TwiceCompiled.bean(parcel, Map.of());
    UUID value = UUID.randomUUID();

    heavy.writer.accept(bean, true);
    id.writer.accept(bean, value);

    assertThat(isHeavy.invoke(bean)).isEqualTo(true);
    assertThat(heavy.reader.apply(bean)).isEqualTo(true);
    assertThat(getId.invoke(bean)).isEqualTo(value);
    assertThat(id.reader.apply(bean)).isEqualTo(value);
  }

  @Test
  void aRecordIsCreatedWithItsCanonicalConstructorAndReadThroughItsAccessors() throws Exception {
    Class<?> shipment = UNPROCESSED.load(SHIPMENT);
    RuntimeMapping<?> mapping = Mappings.of(null).introspect(shipment);
    Function<Object[], Object> instantiator = Accessors.instantiator(shipment.getDeclaredConstructors()[0]);
    Object[] values = new Object[shipment.getRecordComponents().length];
    for (int i = 0; i < values.length; i++) {
      Class<?> type = shipment.getRecordComponents()[i].getType();
      values[i] = type == long.class ? 42L : type == int.class ? 3 : type == double.class ? 1.5d
          : type == float.class ? 0.5f : type == short.class ? (short) 2 : type == byte.class ? (byte) 1
          : type == boolean.class ? true : type == char.class ? 'c' : null;
    }

    Object record = instantiator.apply(values);

    assertThat(record).isInstanceOf(shipment);
    assertThat(shipment.getMethod("number").invoke(record)).isEqualTo(42L);
    assertThat(shipment.getMethod("grade").invoke(record)).isEqualTo('c');
    assertThat(mapping.entityClass()).isSameAs(shipment);
    assertThat(Mappings.of(null).introspect(shipment)).as("built once per class").isSameAs(mapping);
  }

  @Test
  void everyMappedPropertyHasItsOwnGeneratedAccessor() throws Exception {
    Mappings.of(null).introspect(parcel);
    Map<String, Boolean> writable = new HashMap<>();
    for (String property : new String[] {"depot", "id", "heavy", "weightGrams", "volume", "owner", "destination",
        "version", "written"}) {
      Class<?> accessor = Class.forName(PARCEL + Accessors.MARKER + property, false, parcel.getClassLoader());
      assertThat(Function.class).isAssignableFrom(accessor);
      writable.put(property, BiConsumer.class.isAssignableFrom(accessor));
    }
    assertThat(writable).doesNotContainValue(false);
  }
}
