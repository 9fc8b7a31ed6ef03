package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.InvalidKeyException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Decoding accepts only what encoding writes: a key with one character changed either is rejected with
 * {@link InvalidKeyException} or is itself the encoding of the value it decodes to. No other exception escapes.
 */
class CanonicalDecodingTest {

  /** A template, its types' values, and a one-character change to their key. */
  record Mutation(KeySpec spec, Object value, int position, char replacement) {
    String key() {
      return Keys.encode(spec, value);
    }

    String mutated() {
      String key = key();
      int at = position % key.length();
      return key.substring(0, at) + replacement + key.substring(at + 1);
    }

    @Override
    public String toString() {
      return spec + " value " + value + " key '" + key() + "' mutated '" + mutated() + "'";
    }
  }

  private static Arbitrary<Mutation> mutations(Class<?> type, String[] placeholders, Arbitrary<?> values) {
    Arbitrary<KeySpec> specs = Arbitraries.of(placeholders).map(p -> KeySpec.of("E", "RowKey", "k_" + p, type));
    Arbitrary<Character> replacements = Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.chars().range('0', '9')),
        Tuple.of(1, Arbitraries.of("-~:.TZ@_abcdefkx".toCharArray())));
    // Anywhere in the key, but mostly among the first characters of the value, where signs and years are.
    Arbitrary<Integer> positions = Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.integers().between(0, 1000)),
        Tuple.of(2, Arbitraries.integers().between(2, 14)));
    return Combinators.combine(specs, values, positions, replacements).as(Mutation::new);
  }

  private static final String[] NUMBER = {"{v}", "{v:desc}", "{v:05}", "{v:05:desc}", "{v:019}", "{v:020:desc}"};
  private static final String[] TIME = {"{v}", "{v:desc}"};

  @Provide
  Arbitrary<Mutation> mutations() {
    return Arbitraries.oneOf(
        mutations(byte.class, NUMBER, KeyArbitraries.longsIn(0, Byte.MAX_VALUE).map(Long::byteValue)),
        mutations(short.class, NUMBER, KeyArbitraries.longsIn(0, Short.MAX_VALUE).map(Long::shortValue)),
        mutations(int.class, new String[] {"{v}", "{v:desc}"},
            KeyArbitraries.longsIn(Integer.MIN_VALUE, Integer.MAX_VALUE).map(Long::intValue)),
        mutations(long.class, new String[] {"{v}", "{v:desc}"},
            KeyArbitraries.longsIn(Long.MIN_VALUE, Long.MAX_VALUE)),
        mutations(long.class, NUMBER, KeyArbitraries.longsIn(0, 99_999)),
        mutations(boolean.class, new String[] {"{v}"}, Arbitraries.of(false, true)),
        mutations(UUID.class, new String[] {"{v}"}, KeyArbitraries.uuids()),
        mutations(Instant.class, TIME, KeyArbitraries.instants()),
        mutations(LocalDateTime.class, TIME, KeyArbitraries.localDateTimes()),
        mutations(LocalDate.class, TIME, KeyArbitraries.localDates()),
        mutations(OffsetDateTime.class, TIME, KeyArbitraries.offsetDateTimes()));
  }

  /** Edge values come from the generators themselves; jqwik's combined edge cases would outnumber the tries. */
  @Property(tries = 3000, edgeCases = EdgeCasesMode.NONE)
  void aChangedKeyIsRejectedOrIsTheEncodingOfWhatItDecodesTo(@ForAll("mutations") Mutation mutation) {
    String mutated = mutation.mutated();
    Object[] decoded;
    try {
      decoded = mutation.spec().decode(mutated);
    } catch (InvalidKeyException rejected) {
      return;
    }
    assertThat(mutation.spec().compose(decoded)).as("re-encoding of %s", mutation).isEqualTo(mutated);
  }
}
