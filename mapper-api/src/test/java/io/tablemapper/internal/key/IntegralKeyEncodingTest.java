package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/**
 * The integral encodings, for byte, short, int and long and their boxes: the full-domain encoding {@code {v}}
 * and {@code {v:desc}}, and zero padding {@code {v:0N}} / {@code {v:0N:desc}} for every width 1 to 20 over the
 * values that fit. Each decodes to the identical value, sorts as the numbers do (reversed for desc), and has a
 * fixed width.
 */
class IntegralKeyEncodingTest {

  /**
   * One generated case: a Java type, a template around one {@code {v}} placeholder, and two values of the type.
   *
   * @param width the zero padding, 0 for the full-domain encoding
   */
  record Case(Class<?> type, int width, boolean desc, String shape, long a, long b) {
    KeySpec spec() {
      return KeySpec.of("E", "RowKey", Keys.template(shape, Keys.placeholder(width, desc)), type);
    }

    Object boxed(long value) {
      if (type == byte.class || type == Byte.class) {
        return (byte) value;
      } else if (type == short.class || type == Short.class) {
        return (short) value;
      } else if (type == int.class || type == Integer.class) {
        return (int) value;
      }
      return value;
    }

    /** The width of the encoded value: the padding, or a sign character and the type's digits. */
    int encodedWidth() {
      return width > 0 ? width : 1 + KeyType.forClass(type).digits();
    }

    /** The key without the template's literals. */
    String encoded(String key) {
      String prefix = spec().template().literalPrefix();
      return key.substring(prefix.length(), prefix.length() + encodedWidth());
    }
  }

  // ------------------------------------------------------------------ generators

  private static Arbitrary<Case> fullDomain(Class<?> primitive, Class<?> box) {
    KeyType type = KeyType.forClass(primitive);
    Arbitrary<Tuple2<Long, Long>> pairs = KeyArbitraries.pairs(
        KeyArbitraries.longsIn(type.minValue(), type.maxValue()),
        KeyArbitraries.longNeighbours(type.minValue(), type.maxValue()));
    return Combinators.combine(
            Arbitraries.of(primitive, box), Arbitraries.of(false, true), Arbitraries.of(Keys.SHAPES), pairs)
        .as((javaType, desc, shape, pair) -> new Case(javaType, 0, desc, shape, pair.get1(), pair.get2()));
  }

  /**
   * Cases for every width. The values' range depends on the width, so they are generated width-free and placed in
   * 0 … max afterwards (a flatMap per try would cost more than the checks): a magnitude counted from 0 or from the
   * top of the range, and a second value that is independent, a neighbour of the first, or equal to it.
   */
  private static Arbitrary<Case> padded(Class<?> primitive, Class<?> box) {
    KeyType type = KeyType.forClass(primitive);
    Arbitrary<Long> magnitudes = KeyArbitraries.longsIn(0, Long.MAX_VALUE);
    return Combinators.combine(
            Arbitraries.of(primitive, box),
            Arbitraries.integers().between(1, KeyTemplate.MAX_WIDTH),
            Arbitraries.of(false, true),
            Arbitraries.of(Keys.SHAPES),
            Combinators.combine(magnitudes, Arbitraries.of(false, true)).as(Placed::new),
            Combinators.combine(magnitudes, Arbitraries.of(false, true)).as(Placed::new),
            Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.just(INDEPENDENT)),
                Tuple.of(5, Arbitraries.integers().between(-3, 3)),
                Tuple.of(1, Arbitraries.just(0))))
        .as((javaType, width, desc, shape, a, b, delta) -> {
          long max = Math.min(KeyCodec.maxPadded(width), type.maxValue());
          long first = a.in(max);
          long second = delta == INDEPENDENT ? b.in(max) : KeyArbitraries.clamp(first, delta, 0, max);
          return new Case(javaType, width, desc, shape, first, second);
        });
  }

  /** Marks a second value that is independent of the first rather than a step away from it. */
  private static final int INDEPENDENT = Integer.MIN_VALUE;

  /** A value given as a magnitude from the bottom or the top of a range 0 … max. */
  private record Placed(long magnitude, boolean fromTop) {
    long in(long max) {
      long offset = max == Long.MAX_VALUE ? magnitude : magnitude % (max + 1);
      return fromTop ? max - offset : offset;
    }
  }

  @Provide
  Arbitrary<Case> bytes() {
    return fullDomain(byte.class, Byte.class);
  }

  @Provide
  Arbitrary<Case> shorts() {
    return fullDomain(short.class, Short.class);
  }

  @Provide
  Arbitrary<Case> ints() {
    return fullDomain(int.class, Integer.class);
  }

  @Provide
  Arbitrary<Case> longs() {
    return fullDomain(long.class, Long.class);
  }

  @Provide
  Arbitrary<Case> paddedBytes() {
    return padded(byte.class, Byte.class);
  }

  @Provide
  Arbitrary<Case> paddedShorts() {
    return padded(short.class, Short.class);
  }

  @Provide
  Arbitrary<Case> paddedInts() {
    return padded(int.class, Integer.class);
  }

  @Provide
  Arbitrary<Case> paddedLongs() {
    return padded(long.class, Long.class);
  }

  // ------------------------------------------------------------------ checks

  private static void roundTripsAtFixedWidth(Case c) {
    String key = Keys.assertRoundTrip(c.spec(), c.boxed(c.a()));
    String encoded = c.encoded(key);
    assertThat(key).hasSize(Keys.literalLength(c.spec()) + c.encodedWidth());
    if (c.width() > 0) {
      assertThat(encoded).containsOnlyDigits();
      if (!c.desc()) {
        assertThat(Long.parseLong(encoded)).isEqualTo(c.a());
      }
    } else {
      assertThat(encoded.charAt(0)).isIn('0', '-');
      assertThat(encoded.substring(1)).containsOnlyDigits();
    }
  }

  private static void sortsNumerically(Case c) {
    KeySpec spec = c.spec();
    String keyA = Keys.encode(spec, c.boxed(c.a()));
    String keyB = Keys.encode(spec, c.boxed(c.b()));
    int order = Long.compare(c.a(), c.b());
    Keys.assertSortsLike(keyA, keyB, c.desc() ? -order : order);
  }

  // ------------------------------------------------------------------ full domain

  @Property
  void everyByteDecodesToItselfFromAKeyOfFixedWidth(@ForAll("bytes") Case c) {
    roundTripsAtFixedWidth(c);
  }

  @Property
  void byteKeysSortAsTheBytesDoAndDescendingReversesThem(@ForAll("bytes") Case c) {
    sortsNumerically(c);
  }

  @Property
  void everyShortDecodesToItselfFromAKeyOfFixedWidth(@ForAll("shorts") Case c) {
    roundTripsAtFixedWidth(c);
  }

  @Property
  void shortKeysSortAsTheShortsDoAndDescendingReversesThem(@ForAll("shorts") Case c) {
    sortsNumerically(c);
  }

  @Property
  void everyIntDecodesToItselfFromAKeyOfFixedWidth(@ForAll("ints") Case c) {
    roundTripsAtFixedWidth(c);
  }

  @Property
  void intKeysSortAsTheIntsDoAndDescendingReversesThem(@ForAll("ints") Case c) {
    sortsNumerically(c);
  }

  @Property
  void everyLongDecodesToItselfFromAKeyOfFixedWidth(@ForAll("longs") Case c) {
    roundTripsAtFixedWidth(c);
  }

  @Property
  void longKeysSortAsTheLongsDoAndDescendingReversesThem(@ForAll("longs") Case c) {
    sortsNumerically(c);
  }

  // ------------------------------------------------------------------ zero padded

  @Property
  void everyByteThatFitsAWidthDecodesToItselfFromExactlyThatManyDigits(@ForAll("paddedBytes") Case c) {
    roundTripsAtFixedWidth(c);
  }

  @Property
  void paddedByteKeysSortAsTheBytesDoAndDescendingReversesThem(@ForAll("paddedBytes") Case c) {
    sortsNumerically(c);
  }

  @Property
  void everyShortThatFitsAWidthDecodesToItselfFromExactlyThatManyDigits(@ForAll("paddedShorts") Case c) {
    roundTripsAtFixedWidth(c);
  }

  @Property
  void paddedShortKeysSortAsTheShortsDoAndDescendingReversesThem(@ForAll("paddedShorts") Case c) {
    sortsNumerically(c);
  }

  @Property
  void everyIntThatFitsAWidthDecodesToItselfFromExactlyThatManyDigits(@ForAll("paddedInts") Case c) {
    roundTripsAtFixedWidth(c);
  }

  @Property
  void paddedIntKeysSortAsTheIntsDoAndDescendingReversesThem(@ForAll("paddedInts") Case c) {
    sortsNumerically(c);
  }

  @Property
  void everyLongThatFitsAWidthDecodesToItselfFromExactlyThatManyDigits(@ForAll("paddedLongs") Case c) {
    roundTripsAtFixedWidth(c);
  }

  @Property
  void paddedLongKeysSortAsTheLongsDoAndDescendingReversesThem(@ForAll("paddedLongs") Case c) {
    sortsNumerically(c);
  }

  /** The documented descending padded encoding is the nines' complement: 10^N − 1 − v, for every width. */
  @Property
  void descendingPaddingWritesTheNinesComplementOfTheValue(@ForAll("paddedLongs") Case c) {
    String ascending = KeySpec.of("E", "RowKey", Keys.placeholder(c.width(), false), long.class).compose(c.a());
    String descending = KeySpec.of("E", "RowKey", Keys.placeholder(c.width(), true), long.class).compose(c.a());
    StringBuilder complement = new StringBuilder();
    for (char digit : ascending.toCharArray()) {
      complement.append((char) ('9' - digit + '0'));
    }
    assertThat(descending).isEqualTo(complement.toString());
  }
}
