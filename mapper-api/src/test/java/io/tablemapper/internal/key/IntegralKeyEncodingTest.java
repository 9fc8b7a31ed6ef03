package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

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

  private static Gen<Case> fullDomain(Class<?> primitive, Class<?> box) {
    KeyType type = KeyType.forClass(primitive);
    Gen<Pair<Long, Long>> pairs = KeyGenerators.pairs(
        KeyGenerators.longsIn(type.minValue(), type.maxValue()),
        KeyGenerators.longNeighbours(type.minValue(), type.maxValue()));
    return Generate.pick(List.<Class<?>>of(primitive, box))
        .zip(booleans().all(), Generate.pick(List.of(Keys.SHAPES)), pairs,
            (javaType, desc, shape, pair) -> new Case(javaType, 0, desc, shape, pair._1, pair._2));
  }

  /**
   * Cases for every width. The values' range depends on the width, so they are generated width-free and placed in
   * 0 … max afterwards, which puts the magnitudes' edges at both ends of every width's range: a magnitude counted
   * from 0 or from the top of the range, and a second value that is independent, a neighbour of the first, or
   * equal to it.
   */
  private static Gen<Case> padded(Class<?> primitive, Class<?> box) {
    KeyType type = KeyType.forClass(primitive);
    Gen<Class<?>> javaTypes = Generate.pick(List.of(primitive, box));
    Gen<Integer> widths = Generate.range(1, KeyTemplate.MAX_WIDTH);
    Gen<Boolean> descs = booleans().all();
    Gen<String> shapes = Generate.pick(List.of(Keys.SHAPES));
    Gen<Placed> placed = KeyGenerators.longsIn(0, Long.MAX_VALUE).zip(booleans().all(), Placed::new);
    Gen<Integer> deltas = Generate.frequency(
        Pair.of(4, Generate.constant(INDEPENDENT)),
        Pair.of(5, Generate.range(-3, 3)),
        Pair.of(1, Generate.constant(0)));
    return in -> {
      Class<?> javaType = javaTypes.generate(in);
      int width = widths.generate(in);
      boolean desc = descs.generate(in);
      String shape = shapes.generate(in);
      Placed a = placed.generate(in);
      Placed b = placed.generate(in);
      int delta = deltas.generate(in);
      long max = Math.min(KeyCodec.maxPadded(width), type.maxValue());
      long first = a.in(max);
      long second = delta == INDEPENDENT ? b.in(max) : KeyGenerators.clamp(first, delta, 0, max);
      return new Case(javaType, width, desc, shape, first, second);
    };
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

  private static Gen<Case> bytes() {
    return fullDomain(byte.class, Byte.class);
  }

  private static Gen<Case> shorts() {
    return fullDomain(short.class, Short.class);
  }

  private static Gen<Case> ints() {
    return fullDomain(int.class, Integer.class);
  }

  private static Gen<Case> longs() {
    return fullDomain(long.class, Long.class);
  }

  private static Gen<Case> paddedBytes() {
    return padded(byte.class, Byte.class);
  }

  private static Gen<Case> paddedShorts() {
    return padded(short.class, Short.class);
  }

  private static Gen<Case> paddedInts() {
    return padded(int.class, Integer.class);
  }

  private static Gen<Case> paddedLongs() {
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

  @Test
  void everyByteDecodesToItselfFromAKeyOfFixedWidth() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(bytes())
        .checkAssert(IntegralKeyEncodingTest::roundTripsAtFixedWidth);
  }

  @Test
  void byteKeysSortAsTheBytesDoAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(bytes())
        .checkAssert(IntegralKeyEncodingTest::sortsNumerically);
  }

  @Test
  void everyShortDecodesToItselfFromAKeyOfFixedWidth() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(shorts())
        .checkAssert(IntegralKeyEncodingTest::roundTripsAtFixedWidth);
  }

  @Test
  void shortKeysSortAsTheShortsDoAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(shorts())
        .checkAssert(IntegralKeyEncodingTest::sortsNumerically);
  }

  @Test
  void everyIntDecodesToItselfFromAKeyOfFixedWidth() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(ints())
        .checkAssert(IntegralKeyEncodingTest::roundTripsAtFixedWidth);
  }

  @Test
  void intKeysSortAsTheIntsDoAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(ints())
        .checkAssert(IntegralKeyEncodingTest::sortsNumerically);
  }

  @Test
  void everyLongDecodesToItselfFromAKeyOfFixedWidth() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(longs())
        .checkAssert(IntegralKeyEncodingTest::roundTripsAtFixedWidth);
  }

  @Test
  void longKeysSortAsTheLongsDoAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(longs())
        .checkAssert(IntegralKeyEncodingTest::sortsNumerically);
  }

  // ------------------------------------------------------------------ zero padded

  @Test
  void everyByteThatFitsAWidthDecodesToItselfFromExactlyThatManyDigits() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedBytes())
        .checkAssert(IntegralKeyEncodingTest::roundTripsAtFixedWidth);
  }

  @Test
  void paddedByteKeysSortAsTheBytesDoAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedBytes())
        .checkAssert(IntegralKeyEncodingTest::sortsNumerically);
  }

  @Test
  void everyShortThatFitsAWidthDecodesToItselfFromExactlyThatManyDigits() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedShorts())
        .checkAssert(IntegralKeyEncodingTest::roundTripsAtFixedWidth);
  }

  @Test
  void paddedShortKeysSortAsTheShortsDoAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedShorts())
        .checkAssert(IntegralKeyEncodingTest::sortsNumerically);
  }

  @Test
  void everyIntThatFitsAWidthDecodesToItselfFromExactlyThatManyDigits() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedInts())
        .checkAssert(IntegralKeyEncodingTest::roundTripsAtFixedWidth);
  }

  @Test
  void paddedIntKeysSortAsTheIntsDoAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedInts())
        .checkAssert(IntegralKeyEncodingTest::sortsNumerically);
  }

  @Test
  void everyLongThatFitsAWidthDecodesToItselfFromExactlyThatManyDigits() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedLongs())
        .checkAssert(IntegralKeyEncodingTest::roundTripsAtFixedWidth);
  }

  @Test
  void paddedLongKeysSortAsTheLongsDoAndDescendingReversesThem() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedLongs())
        .checkAssert(IntegralKeyEncodingTest::sortsNumerically);
  }

  /** The documented descending padded encoding is the nines' complement: 10^N − 1 − v, for every width. */
  @Test
  void descendingPaddingWritesTheNinesComplementOfTheValue() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(paddedLongs()).checkAssert(c -> {
      String ascending = KeySpec.of("E", "RowKey", Keys.placeholder(c.width(), false), long.class).compose(c.a());
      String descending = KeySpec.of("E", "RowKey", Keys.placeholder(c.width(), true), long.class).compose(c.a());
      StringBuilder complement = new StringBuilder();
      for (char digit : ascending.toCharArray()) {
        complement.append((char) ('9' - digit + '0'));
      }
      assertThat(descending).isEqualTo(complement.toString());
    });
  }
}
