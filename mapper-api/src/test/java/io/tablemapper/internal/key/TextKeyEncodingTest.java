package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidKeyException;
import java.util.UUID;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple.Tuple2;

/**
 * The String, enum, boolean and UUID encodings: each decodes to the identical value; strings sort by UTF-16 code
 * units, enums by name, booleans false before true, UUIDs by their unsigned 128-bit value.
 */
class TextKeyEncodingTest {

  /** Names out of declaration order, prefixes of one another, mixed case, and a constant with a body. */
  enum Fruit {
    PEAR,
    APPLE,
    APPLE_PIE,
    APP,
    Banana,
    banana,
    Z,
    $dollar,
    QUINCE {
      @Override
      public String toString() {
        return "quince";
      }
    }
  }

  private static final Predicate<Character> ANY = c -> true;

  private static KeySpec spec(String shape, Class<?> type) {
    return KeySpec.of("E", "RowKey", Keys.template(shape, "{v}"), type);
  }

  // ------------------------------------------------------------------ strings

  @Property
  void everyStringDecodesToItselfWhenItIsLast(@ForAll("strings") String value, @ForAll("lastShapes") String shape) {
    String key = Keys.assertRoundTrip(spec(shape, String.class), value);
    assertThat(key).isEqualTo(Keys.key(shape, value));
  }

  @Property
  void everyStringWithoutTheSeparatorDecodesToItselfBeforeALiteral(
      @ForAll("strings") String value, @ForAll("separators") char separator) {
    String clean = value.replace(String.valueOf(separator), "");
    String literal = separator == '}' ? "}}" : String.valueOf(separator);
    String key = Keys.assertRoundTrip(spec("%s" + literal + "x", String.class), clean);
    assertThat(key).isEqualTo(clean + separator + "x");
  }

  @Property
  void stringKeysSortByUtf16CodeUnits(@ForAll("stringPairs") Tuple2<String, String> pair,
      @ForAll("lastShapes") String shape) {
    KeySpec spec = spec(shape, String.class);
    Keys.assertSortsLike(
        Keys.encode(spec, pair.get1()), Keys.encode(spec, pair.get2()), pair.get1().compareTo(pair.get2()));
  }

  @Provide
  Arbitrary<String> strings() {
    return KeyArbitraries.keyStrings();
  }

  @Provide
  Arbitrary<Tuple2<String, String>> stringPairs() {
    return KeyArbitraries.pairs(KeyArbitraries.keyStrings(), KeyArbitraries.stringNeighbours(ANY));
  }

  @Provide
  Arbitrary<String> lastShapes() {
    return Arbitraries.of("%s", "id_%s", "{{}}%s");
  }

  @Provide
  Arbitrary<Character> separators() {
    return Arbitraries.of('_', '-', '|', '.', '~', ' ', '}', 'x', '\u00e9');
  }

  // ------------------------------------------------------------------ enums

  @Property
  void everyEnumConstantDecodesToItselfFromItsName(@ForAll Fruit value, @ForAll("enumShapes") String shape) {
    KeySpec spec = spec(shape, Fruit.class);
    if (shape.contains("_x") && value.name().contains("_")) {
      assertThatThrownBy(() -> Keys.encode(spec, value)).isInstanceOf(InvalidKeyException.class);
      return;
    }
    String key = Keys.assertRoundTrip(spec, value);
    assertThat(key).isEqualTo(Keys.key(shape, value.name()));
  }

  @Property
  void enumKeysSortByNameNotByDeclarationOrder(@ForAll Fruit a, @ForAll Fruit b, @ForAll("lastShapes") String shape) {
    KeySpec spec = spec(shape, Fruit.class);
    Keys.assertSortsLike(Keys.encode(spec, a), Keys.encode(spec, b), a.name().compareTo(b.name()));
  }

  @Provide
  Arbitrary<String> enumShapes() {
    return Arbitraries.of(Keys.SHAPES);
  }

  @Example
  void anEnumKeyIsTheConstantsNameEvenWhenToStringSaysOtherwise() {
    KeySpec spec = spec("%s", Fruit.class);
    assertThat(spec.compose(Fruit.QUINCE)).isEqualTo("QUINCE");
    assertThat(spec.decode("QUINCE")).containsExactly(Fruit.QUINCE);
  }

  @Example
  void aKeyNamingNoConstantOfTheEnumIsRejectedOnDecode() {
    KeySpec spec = spec("%s", Fruit.class);
    assertThatThrownBy(() -> spec.decode("MANGO"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("'MANGO' is not a constant of " + Fruit.class.getName());
  }

  // ------------------------------------------------------------------ booleans

  @Property
  void bothBooleansDecodeToThemselves(@ForAll boolean value, @ForAll("allShapes") String shape) {
    String key = Keys.assertRoundTrip(spec(shape, boolean.class), value);
    assertThat(key).isEqualTo(Keys.key(shape, String.valueOf(value)));
    Keys.assertRoundTrip(spec(shape, Boolean.class), value);
  }

  @Property
  void falseSortsBeforeTrue(@ForAll boolean a, @ForAll boolean b, @ForAll("allShapes") String shape) {
    KeySpec spec = spec(shape, boolean.class);
    Keys.assertSortsLike(Keys.encode(spec, a), Keys.encode(spec, b), Boolean.compare(a, b));
  }

  @Provide
  Arbitrary<String> allShapes() {
    return Arbitraries.of(Keys.SHAPES);
  }

  // ------------------------------------------------------------------ UUIDs

  @Property
  void everyUuidDecodesToItselfFromItsCanonicalLowerCaseText(
      @ForAll("uuids") UUID value, @ForAll("allShapes") String shape) {
    KeySpec spec = spec(shape, UUID.class);
    String key = Keys.assertRoundTrip(spec, value);
    String encoded = Keys.withoutLiteralPrefix(spec, key).substring(0, 36);
    assertThat(encoded).isEqualTo(value.toString()).isLowerCase();
    assertThat(key).hasSize(Keys.literalLength(spec) + 36);
  }

  @Property
  void uuidKeysSortAsUnsigned128BitNumbersNotAsUuidCompareTo(
      @ForAll("uuidPairs") Tuple2<UUID, UUID> pair, @ForAll("allShapes") String shape) {
    KeySpec spec = spec(shape, UUID.class);
    UUID a = pair.get1();
    UUID b = pair.get2();
    int unsigned = a.getMostSignificantBits() != b.getMostSignificantBits()
        ? Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits())
        : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    Keys.assertSortsLike(Keys.encode(spec, a), Keys.encode(spec, b), unsigned);
  }

  @Example
  void aUuidWithTheHighBitSetSortsAfterOneWithout() {
    KeySpec spec = spec("%s", UUID.class);
    UUID high = new UUID(Long.MIN_VALUE, 0);
    UUID low = new UUID(Long.MAX_VALUE, 0);
    assertThat(high.compareTo(low)).isNegative();
    assertThat(spec.compose(high)).isGreaterThan(spec.compose(low));
  }

  @Example
  void anUpperCaseUuidIsNotAKeyThisCodecWrites() {
    KeySpec spec = spec("%s", UUID.class);
    assertThatThrownBy(() -> spec.decode("123E4567-E89B-12D3-A456-426614174000"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("at index 3");
  }

  @Provide
  Arbitrary<UUID> uuids() {
    return KeyArbitraries.uuids();
  }

  @Provide
  Arbitrary<Tuple2<UUID, UUID>> uuidPairs() {
    return KeyArbitraries.pairs(KeyArbitraries.uuids(), KeyArbitraries::uuidNeighbours);
  }
}
