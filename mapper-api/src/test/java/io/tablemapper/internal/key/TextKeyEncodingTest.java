package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;

import io.tablemapper.api.InvalidKeyException;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

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

  @Test
  void everyStringDecodesToItselfWhenItIsLast() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(strings(), lastShapes())
        .checkAssert((value, shape) -> {
          String key = Keys.assertRoundTrip(spec(shape, String.class), value);
          assertThat(key).isEqualTo(Keys.key(shape, value));
        });
  }

  @Test
  void everyStringWithoutTheSeparatorDecodesToItselfBeforeALiteral() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(strings(), separators())
        .checkAssert((value, separator) -> {
          String clean = value.replace(String.valueOf(separator), "");
          String literal = separator == '}' ? "}}" : String.valueOf(separator);
          String key = Keys.assertRoundTrip(spec("%s" + literal + "x", String.class), clean);
          assertThat(key).isEqualTo(clean + separator + "x");
        });
  }

  @Test
  void stringKeysSortByUtf16CodeUnits() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(stringPairs(), lastShapes())
        .checkAssert((pair, shape) -> {
          KeySpec spec = spec(shape, String.class);
          Keys.assertSortsLike(Keys.encode(spec, pair._1), Keys.encode(spec, pair._2), pair._1.compareTo(pair._2));
        });
  }

  private static Gen<String> strings() {
    return KeyGenerators.keyStrings();
  }

  private static Gen<Pair<String, String>> stringPairs() {
    return KeyGenerators.pairs(KeyGenerators.keyStrings(), KeyGenerators.stringNeighbours(ANY));
  }

  private static Gen<String> lastShapes() {
    return Generate.pick(List.of("%s", "id_%s", "{{}}%s"));
  }

  private static Gen<Character> separators() {
    return Generate.pick(List.of('_', '-', '|', '.', '~', ' ', '}', 'x', '\u00e9'));
  }

  // ------------------------------------------------------------------ enums

  /** All 9 constants in all 4 shapes, 36 cases: 1000 draws reach each, and a repeated case runs only once. */
  @Test
  void everyEnumConstantDecodesToItselfFromItsName() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(fruits(), enumShapes())
        .checkAssert((value, shape) -> {
          KeySpec spec = spec(shape, Fruit.class);
          if (shape.contains("_x") && value.name().contains("_")) {
            assertThatThrownBy(() -> Keys.encode(spec, value)).isInstanceOf(InvalidKeyException.class);
            return;
          }
          String key = Keys.assertRoundTrip(spec, value);
          assertThat(key).isEqualTo(Keys.key(shape, value.name()));
        });
  }

  /** All 81 pairs of constants in all 3 shapes, 243 cases: 3000 draws reach each, and a repeat runs only once. */
  @Test
  void enumKeysSortByNameNotByDeclarationOrder() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(3000).forAll(fruits(), fruits(), lastShapes())
        .checkAssert((a, b, shape) -> {
          KeySpec spec = spec(shape, Fruit.class);
          Keys.assertSortsLike(Keys.encode(spec, a), Keys.encode(spec, b), a.name().compareTo(b.name()));
        });
  }

  private static Gen<Fruit> fruits() {
    return Generate.enumValues(Fruit.class);
  }

  private static Gen<String> enumShapes() {
    return Generate.pick(List.of(Keys.SHAPES));
  }

  @Test
  void anEnumKeyIsTheConstantsNameEvenWhenToStringSaysOtherwise() {
    KeySpec spec = spec("%s", Fruit.class);
    assertThat(spec.compose(Fruit.QUINCE)).isEqualTo("QUINCE");
    assertThat(spec.decode("QUINCE")).containsExactly(Fruit.QUINCE);
  }

  @Test
  void aKeyNamingNoConstantOfTheEnumIsRejectedOnDecode() {
    KeySpec spec = spec("%s", Fruit.class);
    assertThatThrownBy(() -> spec.decode("MANGO"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("'MANGO' is not a constant of " + Fruit.class.getName());
  }

  // ------------------------------------------------------------------ booleans

  /** Both booleans in all 4 shapes, 8 cases: 1000 draws reach each, and a repeated case runs only once. */
  @Test
  void bothBooleansDecodeToThemselves() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(booleans().all(), allShapes())
        .checkAssert((value, shape) -> {
          String key = Keys.assertRoundTrip(spec(shape, boolean.class), value);
          assertThat(key).isEqualTo(Keys.key(shape, String.valueOf(value)));
          Keys.assertRoundTrip(spec(shape, Boolean.class), value);
        });
  }

  /** All 4 pairs of booleans in all 4 shapes, 16 cases: 1000 draws reach each, and a repeat runs only once. */
  @Test
  void falseSortsBeforeTrue() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(booleans().all(), booleans().all(), allShapes())
        .checkAssert((a, b, shape) -> {
          KeySpec spec = spec(shape, boolean.class);
          Keys.assertSortsLike(Keys.encode(spec, a), Keys.encode(spec, b), Boolean.compare(a, b));
        });
  }

  private static Gen<String> allShapes() {
    return Generate.pick(List.of(Keys.SHAPES));
  }

  // ------------------------------------------------------------------ UUIDs

  @Test
  void everyUuidDecodesToItselfFromItsCanonicalLowerCaseText() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(uuids(), allShapes())
        .checkAssert((value, shape) -> {
          KeySpec spec = spec(shape, UUID.class);
          String key = Keys.assertRoundTrip(spec, value);
          String encoded = Keys.withoutLiteralPrefix(spec, key).substring(0, 36);
          assertThat(encoded).isEqualTo(value.toString()).isLowerCase();
          assertThat(key).hasSize(Keys.literalLength(spec) + 36);
        });
  }

  @Test
  void uuidKeysSortAsUnsigned128BitNumbersNotAsUuidCompareTo() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(uuidPairs(), allShapes())
        .checkAssert((pair, shape) -> {
          KeySpec spec = spec(shape, UUID.class);
          UUID a = pair._1;
          UUID b = pair._2;
          int unsigned = a.getMostSignificantBits() != b.getMostSignificantBits()
              ? Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits())
              : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
          Keys.assertSortsLike(Keys.encode(spec, a), Keys.encode(spec, b), unsigned);
        });
  }

  @Test
  void aUuidWithTheHighBitSetSortsAfterOneWithout() {
    KeySpec spec = spec("%s", UUID.class);
    UUID high = new UUID(Long.MIN_VALUE, 0);
    UUID low = new UUID(Long.MAX_VALUE, 0);
    assertThat(high.compareTo(low)).isNegative();
    assertThat(spec.compose(high)).isGreaterThan(spec.compose(low));
  }

  @Test
  void anUpperCaseUuidIsNotAKeyThisCodecWrites() {
    KeySpec spec = spec("%s", UUID.class);
    assertThatThrownBy(() -> spec.decode("123E4567-E89B-12D3-A456-426614174000"))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("at index 3");
  }

  private static Gen<UUID> uuids() {
    return KeyGenerators.uuids();
  }

  private static Gen<Pair<UUID, UUID>> uuidPairs() {
    return KeyGenerators.pairs(KeyGenerators.uuids(), KeyGenerators::uuidNeighbours);
  }
}
