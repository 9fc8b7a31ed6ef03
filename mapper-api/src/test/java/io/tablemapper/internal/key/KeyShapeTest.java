package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Shapes describe every key their template can produce (checked against real encodings over each type's whole
 * domain), and a proof of disjointness is only given where no key of one can equal a key of the other.
 */
class KeyShapeTest {

  private static KeyShape shape(String template, KeyType... types) {
    return KeyShape.of(KeyTemplate.parse(template), List.of(types), null);
  }

  private static KeyShape shapeOf(KeySpec spec) {
    List<KeyType> types = new ArrayList<>();
    List<Set<String>> values = new ArrayList<>();
    for (KeySpec.Part part : spec.parts()) {
      types.add(part.type());
      values.add(part.type() == KeyType.ENUM
          ? Set.copyOf(Arrays.stream(TextKeyEncodingTest.Fruit.values()).map(Enum::name).toList())
          : null);
    }
    return KeyShape.of(spec.template(), types, values);
  }

  private static void assertFits(KeySpec spec, Object... values) {
    String key = Keys.encode(spec, values);
    KeyShape shape = shapeOf(spec);
    assertThat(shape.matches(key)).as("'%s' fits %s of '%s'", key, shape, spec.template()).isTrue();
  }

  // ------------------------------------------------------------------ every encoding fits its shape

  @Test
  void integersFitTheirShapeWithAndWithoutPaddingAscendingAndDescending() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(longs(), booleans().all())
        .checkAssert((boxed, desc) -> {
          long value = boxed;
          assertFits(KeySpec.of("E", "RowKey", "n_{v" + (desc ? ":desc" : "") + "}_x", long.class), value);
          assertFits(KeySpec.of("E", "RowKey", "{v" + (desc ? ":desc" : "") + "}", int.class), (int) value);
          assertFits(KeySpec.of("E", "RowKey", "{v" + (desc ? ":desc" : "") + "}", short.class), (short) value);
          assertFits(KeySpec.of("E", "RowKey", "{v" + (desc ? ":desc" : "") + "}", byte.class), (byte) value);
          long padded = Math.floorMod(value, 100_000_000L);
          assertFits(KeySpec.of("E", "RowKey", "p{v:08" + (desc ? ":desc" : "") + "}q", long.class), padded);
          assertFits(KeySpec.of("E", "RowKey", "p{v:08" + (desc ? ":desc" : "") + "}", long.class), padded);
        });
  }

  /** The four time types and the order in one case, since a property takes at most four generators. */
  private record Times(
      Instant instant, LocalDateTime dateTime, LocalDate date, OffsetDateTime offsetDateTime, boolean desc) {}

  @Test
  void timesFitTheirShapeAscendingAndDescending() {
    Gen<Times> times =
        instants().zip(localDateTimes(), localDates(), offsetDateTimes(), booleans().all(), Times::new);
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000).forAll(times).checkAssert(t -> {
      String modifier = t.desc() ? ":desc" : "";
      assertFits(KeySpec.of("E", "RowKey", "t_{v" + modifier + "}_", Instant.class), t.instant());
      assertFits(KeySpec.of("E", "RowKey", "t_{v" + modifier + "}_", LocalDateTime.class), t.dateTime());
      assertFits(KeySpec.of("E", "RowKey", "t_{v" + modifier + "}_", LocalDate.class), t.date());
      assertFits(KeySpec.of("E", "RowKey", "t_{v" + modifier + "}_", OffsetDateTime.class), t.offsetDateTime());
      // ending the key, so that the trailing positions are the time's own
      assertFits(KeySpec.of("E", "RowKey", "t_{v" + modifier + "}", Instant.class), t.instant());
      assertFits(KeySpec.of("E", "RowKey", "t_{v" + modifier + "}", LocalDateTime.class), t.dateTime());
      assertFits(KeySpec.of("E", "RowKey", "t_{v" + modifier + "}", LocalDate.class), t.date());
      assertFits(KeySpec.of("E", "RowKey", "t_{v" + modifier + "}", OffsetDateTime.class), t.offsetDateTime());
    });
  }

  @Test
  void textsFitTheirShape() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(1000)
        .forAll(uuids(), booleans().all(), strings(), Generate.enumValues(TextKeyEncodingTest.Fruit.class))
        .checkAssert((uuid, flag, text, fruit) -> {
          assertFits(KeySpec.of("E", "RowKey", "{u}{f}|{s}", UUID.class, boolean.class, String.class),
              uuid, flag, text);
          assertFits(KeySpec.of("E", "RowKey", "{fruit}|{s}", TextKeyEncodingTest.Fruit.class, String.class),
              fruit, text);
          // ending the key, so that the trailing positions are their own
          assertFits(KeySpec.of("E", "RowKey", "x_{u}", UUID.class), uuid);
          assertFits(KeySpec.of("E", "RowKey", "x_{f}", boolean.class), flag);
          assertFits(KeySpec.of("E", "RowKey", "x_{fruit}", TextKeyEncodingTest.Fruit.class), fruit);
        });
  }

  /** Every long, MIN_VALUE, MAX_VALUE, 0 and ±1 among them. */
  private static Gen<Long> longs() {
    return KeyGenerators.longsIn(Long.MIN_VALUE, Long.MAX_VALUE);
  }

  private static Gen<Instant> instants() {
    return KeyGenerators.instants();
  }

  private static Gen<LocalDateTime> localDateTimes() {
    return KeyGenerators.localDateTimes();
  }

  private static Gen<LocalDate> localDates() {
    return KeyGenerators.localDates();
  }

  private static Gen<OffsetDateTime> offsetDateTimes() {
    return KeyGenerators.offsetDateTimes();
  }

  private static Gen<UUID> uuids() {
    return KeyGenerators.uuids();
  }

  private static Gen<String> strings() {
    return KeyGenerators.oneOf(List.of(KeyGenerators.keyStrings(), Generate.constant("")));
  }

  // ------------------------------------------------------------------ proofs

  @Test
  void literalPrefixesThatDoNotStartWithOneAnotherAreDisjoint() {
    assertThat(shape("empid_{id:08}", KeyType.INT).disjoint(shape("email_{e}", KeyType.STRING))).isTrue();
    assertThat(shape("department").disjoint(shape("empid_{id:08}", KeyType.INT))).isTrue();
  }

  @Test
  void aPrefixThatStartsAnotherIsNotDisjoint() {
    assertThat(shape("emp{e}", KeyType.STRING).disjoint(shape("empid_{id:08}", KeyType.INT))).isFalse();
    assertThat(shape("e_{a}", KeyType.STRING).disjoint(shape("e_{b:04}", KeyType.INT))).isFalse();
  }

  @Test
  void aLeadingStringProvesNothing() {
    assertThat(shape("{name}_x", KeyType.STRING).disjoint(shape("p_{id}", KeyType.INT))).isFalse();
  }

  @Test
  void encodingsWhoseCharactersDifferAreDisjointEvenWithoutLiterals() {
    // A padded number always starts with a digit; a UUID's ninth character is always '-'.
    assertThat(shape("{id:04}", KeyType.INT).disjoint(shape("x{name}", KeyType.STRING))).isTrue();
    assertThat(shape("{u}", KeyType.UUID).disjoint(shape("{id:020}", KeyType.LONG))).isTrue();
    assertThat(shape("{flag}", KeyType.BOOLEAN).disjoint(shape("{id}", KeyType.INT))).isTrue();
  }

  @Test
  void keysOfDifferentFixedLengthsAreDisjoint() {
    assertThat(shape("{a:04}", KeyType.INT).disjoint(shape("{a:05}", KeyType.INT))).isTrue();
    assertThat(shape("{a:04}", KeyType.INT).disjoint(shape("{a:04}", KeyType.INT))).isFalse();
    assertThat(shape("{a:04}", KeyType.INT).disjoint(shape("{b:02}{s}", KeyType.INT, KeyType.STRING))).isFalse();
  }

  @Test
  void enumConstantsGiveTheirCharacters() {
    KeyShape colours = KeyShape.of(KeyTemplate.parse("{c}_"), List.of(KeyType.ENUM), List.of(Set.of("RED", "BLUE")));
    assertThat(colours.leadingPositions()).containsExactly("BR");
    assertThat(colours.minLength()).isEqualTo(4);
    assertThat(colours.maxLength()).isEqualTo(5);
    assertThat(colours.disjoint(shape("GREEN_"))).isTrue();
    assertThat(colours.disjoint(shape("RED_"))).isFalse();
  }

  @Test
  void lengthsAddUpOverTheTemplate() {
    KeyShape employee = shape("empid_{id:08}_{at:desc}", KeyType.INT, KeyType.INSTANT);
    assertThat(employee.minLength()).isEqualTo(6 + 8 + 1 + 29);
    assertThat(employee.fixedLength()).isTrue();
    KeyShape named = shape("n_{name}_{id}", KeyType.STRING, KeyType.INT);
    assertThat(named.minLength()).isEqualTo(2 + 0 + 1 + 11);
    assertThat(named.maxLength()).isEqualTo(-1);
    assertThat(named.leadingPositions()).containsExactly("n", "_");
  }

  // ------------------------------------------------------------------ endings

  /** A key list's part suffix: '~' and four digits. */
  private static final List<String> PART_SUFFIX =
      List.of("~", "0123456789", "0123456789", "0123456789", "0123456789");

  @Test
  void trailingPositionsReachBackToTheLastComponentWhoseEndVaries() {
    assertThat(shape("n_{name}_{id:04}", KeyType.STRING, KeyType.INT).trailingPositions())
        .containsExactly("_", "0123456789", "0123456789", "0123456789", "0123456789");
    assertThat(shape("n_{name}", KeyType.STRING).trailingPositions()).isEmpty();
    List<String> instant = shape("{at}", KeyType.INSTANT).trailingPositions();
    assertThat(instant).as("'.', nine digits of nanoseconds, 'Z'").hasSize(11).startsWith(".").endsWith("Z");
    KeyShape colours = KeyShape.of(KeyTemplate.parse("{c}"), List.of(KeyType.ENUM), List.of(Set.of("RED", "BLUE")));
    assertThat(colours.trailingPositions()).as("RED and the end of BLUE").containsExactly("LR", "EU", "DE");
  }

  @Test
  void noKeyEndsWithASuffixWhoseCharactersATrailingPositionCannotHold() {
    assertThat(shape("floor_{f}_", KeyType.STRING).endingWith(PART_SUFFIX)).as("a literal ends it").isEqualTo(-1);
    assertThat(shape("floor_{n:05}", KeyType.INT).endingWith(PART_SUFFIX)).as("five digits").isEqualTo(-1);
    assertThat(shape("f_{s}_{n:04}", KeyType.STRING, KeyType.INT).endingWith(PART_SUFFIX)).isEqualTo(-1);
    assertThat(shape("f_{n}", KeyType.INT).endingWith(PART_SUFFIX)).as("a sign and ten digits").isEqualTo(-1);
    assertThat(shape("f_{d}", KeyType.LOCAL_DATE).endingWith(PART_SUFFIX)).isEqualTo(-1);
    assertThat(shape("f_{t}", KeyType.LOCAL_DATE_TIME).endingWith(PART_SUFFIX)).isEqualTo(-1);
    assertThat(shape("f_{b}", KeyType.BOOLEAN).endingWith(PART_SUFFIX)).isEqualTo(-1);
    assertThat(shape("f_{u}", KeyType.UUID).endingWith(PART_SUFFIX)).isEqualTo(-1);
    assertThat(shape("ids").endingWith(PART_SUFFIX)).isEqualTo(-1);
    assertThat(shape("~01").endingWith(PART_SUFFIX)).as("keys too short").isEqualTo(-1);
    assertThat(KeyShape.of(KeyTemplate.parse("{c}"), List.of(KeyType.ENUM), List.of(Set.of("ON_1999", "OFF_1999")))
        .endingWith(PART_SUFFIX)).as("names alike at the end").isEqualTo(-1);
  }

  @Test
  void aKeyThatCanEndWithTheSuffixNamesTheSegmentThatWouldHoldItsFirstCharacter() {
    // each with a key that does end so: the answer is no false alarm
    assertEndsSo(KeySpec.of("E", "RowKey", "floor_{f}", String.class), 1, "3~0001");
    assertEndsSo(KeySpec.of("E", "RowKey", "f_{s}~0{n:03}", String.class, int.class), 2, "x", 12);
    assertEndsSo(KeySpec.of("E", "RowKey", "f_{s}~{n:04}", String.class, int.class), 2, "x", 7);
    assertEndsSo(KeySpec.of("E", "RowKey", "{n:02}{m:03}", int.class, int.class), -1, 1, 2);
    assertThat(shape("a~{y:04}", KeyType.INT).endingWith(PART_SUFFIX)).isEqualTo(0);
  }

  private static void assertEndsSo(KeySpec spec, int segment, Object... values) {
    KeyShape shape = shapeOf(spec);
    String key = Keys.encode(spec, values);
    boolean endsSo = key.matches(".*~[0-9]{4}");
    assertThat(endsSo).as("'%s' ends in '~' and four digits", key).isEqualTo(segment >= 0);
    assertThat(shape.endingWith(PART_SUFFIX)).as("the segment of '%s' that can end in '~'", spec.template())
        .isEqualTo(segment);
  }

  @Test
  void theSuffixOfAWidePartFollowsTheTrailingPositions() {
    KeyShape parts = shape("r_{s}_{n:02}", KeyType.STRING, KeyType.INT)
        .followedBy(List.of("~", "0123456789", "0123456789"));
    assertThat(parts.trailingPositions()).containsExactly("_", "0123456789", "0123456789", "~", "0123456789",
        "0123456789");
    assertThat(parts.matches("r_x_07~01")).isTrue();
    assertThat(parts.matches("r_x_07~0a")).isFalse();
  }
}
