package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;

import io.tablemapper.api.InvalidKeyException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

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

  private static <T> Gen<Mutation> mutations(Class<?> type, String[] placeholders, Gen<T> values) {
    Gen<KeySpec> specs = Generate.pick(List.of(placeholders)).map(p -> KeySpec.of("E", "RowKey", "k_" + p, type));
    List<Character> others = new ArrayList<>();
    for (char c : "-~:.TZ@_abcdefkx".toCharArray()) {
      others.add(c);
    }
    Gen<Character> replacements = Generate.frequency(
        Pair.of(3, Generate.range('0', '9').map(c -> (char) c.intValue())),
        Pair.of(1, Generate.pick(others)));
    // Anywhere in the key, but mostly among the first characters of the value, where signs and years are.
    Gen<Integer> positions = Generate.frequency(
        Pair.of(1, KeyGenerators.biased(0, 1000).map(Long::intValue)),
        Pair.of(2, Generate.range(2, 14)));
    return specs.zip(values, positions, replacements, Mutation::new);
  }

  private static final String[] NUMBER = {"{v}", "{v:desc}", "{v:05}", "{v:05:desc}", "{v:019}", "{v:020:desc}"};
  private static final String[] TIME = {"{v}", "{v:desc}"};

  private static Gen<Mutation> mutations() {
    return KeyGenerators.oneOf(List.of(
        mutations(byte.class, NUMBER, KeyGenerators.longsIn(0, Byte.MAX_VALUE).map(Long::byteValue)),
        mutations(short.class, NUMBER, KeyGenerators.longsIn(0, Short.MAX_VALUE).map(Long::shortValue)),
        mutations(int.class, new String[] {"{v}", "{v:desc}"},
            KeyGenerators.longsIn(Integer.MIN_VALUE, Integer.MAX_VALUE).map(Long::intValue)),
        mutations(long.class, new String[] {"{v}", "{v:desc}"},
            KeyGenerators.longsIn(Long.MIN_VALUE, Long.MAX_VALUE)),
        mutations(long.class, NUMBER, KeyGenerators.longsIn(0, 99_999)),
        mutations(boolean.class, new String[] {"{v}"}, booleans().all()),
        mutations(UUID.class, new String[] {"{v}"}, KeyGenerators.uuids()),
        mutations(Instant.class, TIME, KeyGenerators.instants()),
        mutations(LocalDateTime.class, TIME, KeyGenerators.localDateTimes()),
        mutations(LocalDate.class, TIME, KeyGenerators.localDates()),
        mutations(OffsetDateTime.class, TIME, KeyGenerators.offsetDateTimes())));
  }

  /** Edge values come from the generators themselves; 3000 examples, as the mutations spread over eleven types. */
  @Test
  void aChangedKeyIsRejectedOrIsTheEncodingOfWhatItDecodesTo() {
    qt().withFixedSeed(KeyGenerators.SEED).withExamples(3000).forAll(mutations()).checkAssert(mutation -> {
      String mutated = mutation.mutated();
      Object[] decoded;
      try {
        decoded = mutation.spec().decode(mutated);
      } catch (InvalidKeyException rejected) {
        return;
      }
      assertThat(mutation.spec().compose(decoded)).as("re-encoding of %s", mutation).isEqualTo(mutated);
    });
  }
}
