package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Key bounds: what they admit, the stricter of two lower bounds (a query's and a continuation's), and the end of
 * a prefix range.
 */
class KeyBoundTest {

  @Test
  void aBoundAdmitsItsKeyOnlyWhenInclusive() {
    assertThat(KeyBound.inclusive("b").admitsFromBelow("b")).isTrue();
    assertThat(KeyBound.exclusive("b").admitsFromBelow("b")).isFalse();
    assertThat(KeyBound.exclusive("b").admitsFromBelow("b\u0000")).isTrue();
    assertThat(KeyBound.inclusive("b").admitsFromAbove("b")).isTrue();
    assertThat(KeyBound.exclusive("b").admitsFromAbove("b")).isFalse();
    assertThat(KeyBound.exclusive("b").admitsFromAbove("a\uffff")).isTrue();
  }

  @Test
  void theHigherLowerBoundIsTheStricterOne() {
    KeyBound a = KeyBound.inclusive("a");
    KeyBound bIn = KeyBound.inclusive("b");
    KeyBound bEx = KeyBound.exclusive("b");

    assertThat(KeyBound.higherLower(null, null)).isNull();
    assertThat(KeyBound.higherLower(null, a)).isSameAs(a);
    assertThat(KeyBound.higherLower(a, null)).isSameAs(a);
    assertThat(KeyBound.higherLower(a, bIn)).isSameAs(bIn);
    assertThat(KeyBound.higherLower(bIn, a)).isSameAs(bIn);
    assertThat(KeyBound.higherLower(bIn, bEx)).isSameAs(bEx);
    assertThat(KeyBound.higherLower(bEx, bIn)).isSameAs(bEx);
  }

  // ------------------------------------------------------------------ prefix ranges

  @ParameterizedTest(name = "prefixEnd({0})")
  @CsvSource({"abc, abd", "Smith_, Smith`", "a\uffff, b", "'', ", "\uffff\uffff, "})
  void prefixEndIsTheSmallestStringAboveEveryStringWithThePrefix(String prefix, String end) {
    assertThat(KeyBound.prefixEnd(prefix)).isEqualTo(end);
  }
}
