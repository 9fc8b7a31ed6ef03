package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Residual filters with the store's semantics. */
class FilterTest {

  /** For each store type, a smaller and a larger value in the store's order. */
  static Stream<Arguments> orderedPairs() {
    return Stream.of(
        Arguments.of(EdmType.STRING, "Smith", "Smithson"),
        Arguments.of(EdmType.STRING, "\ud83d\ude00", "\uff61"),
        Arguments.of(EdmType.BINARY, new byte[] {0x7f}, new byte[] {(byte) 0x80}),
        Arguments.of(EdmType.BINARY, new byte[] {1}, new byte[] {1, 0}),
        Arguments.of(EdmType.BOOLEAN, false, true),
        Arguments.of(EdmType.DATE_TIME, Instant.parse("2024-01-31T12:00:00Z"), Instant.parse("2024-01-31T12:00:01Z")),
        Arguments.of(EdmType.DOUBLE, -1.5, 2.0),
        Arguments.of(EdmType.GUID, UUID.fromString("7fffffff-0000-0000-0000-000000000000"),
            UUID.fromString("80000000-0000-0000-0000-000000000000")),
        Arguments.of(EdmType.INT32, -1, 1),
        Arguments.of(EdmType.INT64, Long.MIN_VALUE, 0L));
  }

  private static TableRow rowWith(Object value) {
    return TableRow.builder("p", "r").put("v", value).build();
  }

  @ParameterizedTest(name = "{0}: {1} < {2}")
  @MethodSource("orderedPairs")
  void eachOperatorComparesValuesOfEachTypeInTheStoresOrder(EdmType type, Object smaller, Object larger) {
    assertThat(EdmType.of(smaller)).isEqualTo(type);
    TableRow row = rowWith(smaller);

    assertThat(Filter.eq("v", smaller).test(row)).isTrue();
    assertThat(Filter.eq("v", larger).test(row)).isFalse();
    assertThat(Filter.ne("v", smaller).test(row)).isFalse();
    assertThat(Filter.ne("v", larger).test(row)).isTrue();
    assertThat(Filter.lt("v", larger).test(row)).isTrue();
    assertThat(Filter.lt("v", smaller).test(row)).isFalse();
    assertThat(Filter.le("v", smaller).test(row)).isTrue();
    assertThat(Filter.le("v", larger).test(row)).isTrue();
    assertThat(Filter.gt("v", smaller).test(row)).isFalse();
    assertThat(Filter.gt("v", larger).test(row)).isFalse();
    assertThat(Filter.ge("v", smaller).test(row)).isTrue();
    assertThat(Filter.ge("v", larger).test(row)).isFalse();
    assertThat(Filter.gt("v", smaller).test(rowWith(larger))).isTrue();
    assertThat(Filter.ge("v", smaller).test(rowWith(larger))).isTrue();
  }

  @Test
  void stringsCompareByUtf16CodeUnitsNotByCodePoints() {
    String emoji = "\ud83d\ude00";
    String halfwidth = "\uff61";
    assertThat(emoji.codePointAt(0)).isGreaterThan(halfwidth.codePointAt(0));
    assertThat(Filter.lt("v", halfwidth).test(rowWith(emoji))).isTrue();
  }

  @Test
  void binariesCompareByContentNotIdentity() {
    assertThat(Filter.eq("v", new byte[] {1, 2}).test(rowWith(new byte[] {1, 2}))).isTrue();
  }

  @Test
  void anyComparisonWithAMissingPropertyIsFalseEvenNe() {
    TableRow row = TableRow.builder("p", "r").putInt32("other", 1).build();
    for (Filter filter : List.of(Filter.eq("v", 1), Filter.ne("v", 1), Filter.gt("v", 1), Filter.ge("v", 1),
        Filter.lt("v", 1), Filter.le("v", 1))) {
      assertThat(filter.test(row)).as(filter.toString()).isFalse();
    }
  }

  @Test
  void anyComparisonWithAValueOfAnotherTypeIsFalseEvenNe() {
    TableRow int32 = rowWith(5);
    for (Object other : List.of(5L, 5.0, "5", true)) {
      for (Filter filter : List.of(Filter.eq("v", other), Filter.ne("v", other), Filter.gt("v", other),
          Filter.ge("v", other), Filter.lt("v", other), Filter.le("v", other))) {
        assertThat(filter.test(int32)).as(filter.toString()).isFalse();
      }
    }
  }

  @Test
  void partitionKeyAndRowKeyCompareAsStrings() {
    TableRow row = TableRow.builder("Sales", "empid_00000123").build();
    assertThat(Filter.eq("PartitionKey", "Sales").test(row)).isTrue();
    assertThat(Filter.ge("RowKey", "empid_").test(row)).isTrue();
    assertThat(Filter.lt("RowKey", "empid`").test(row)).isTrue();
    assertThat(Filter.ne("RowKey", "empid_00000123").test(row)).isFalse();
    assertThat(Filter.eq("PartitionKey", 1).test(row)).isFalse();
  }

  @Test
  void andNeedsEveryOperandAndOrAny() {
    TableRow row = TableRow.builder("p", "r").putInt32("age", 40).putString("name", "Smith").build();
    Filter old = Filter.ge("age", 30);
    Filter young = Filter.lt("age", 30);
    Filter smith = Filter.eq("name", "Smith");
    assertThat(Filter.and(old, smith).test(row)).isTrue();
    assertThat(Filter.and(young, smith).test(row)).isFalse();
    assertThat(Filter.or(young, smith).test(row)).isTrue();
    assertThat(Filter.or(young, Filter.ne("name", "Smith")).test(row)).isFalse();
    assertThat(Filter.and(Filter.or(young, smith), old).test(row)).isTrue();
  }

  @Test
  void combiningSkipsNullsAndKeepsASingleOperandAsIs() {
    Filter age = Filter.ge("age", 30);
    assertThat(Filter.and(null, age, null)).isSameAs(age);
    assertThat(Filter.or(age)).isSameAs(age);
    assertThat(Filter.and()).isNull();
    assertThat(Filter.or((Filter) null)).isNull();
    assertThat(Filter.and(age, age)).isInstanceOf(Filter.And.class);
    assertThatThrownBy(() -> new Filter.And(List.of(age)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("and needs two or more operands, got 1");
    assertThatThrownBy(() -> new Filter.Or(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("or needs two or more operands, got 0");
  }

  @Test
  void aComparisonNeedsAStoreValue() {
    assertThatThrownBy(() -> Filter.eq("v", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("value compared with v");
    assertThatThrownBy(() -> Filter.eq("v", (short) 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not a store value: java.lang.Short");
    assertThat(((Filter.Comparison) Filter.eq("v", 1L)).type()).isEqualTo(EdmType.INT64);
  }

  @Test
  void aFilterPrintsLikeODataWithNestedCombinationsInParentheses() {
    assertThat(Filter.ge("age", 30)).hasToString("age ge 30");
    assertThat(Filter.lt("count", 5L)).hasToString("count lt 5L");
    assertThat(Filter.eq("name", "Smith")).hasToString("name eq 'Smith'");
    assertThat(Filter.eq("name", "O'Brien")).hasToString("name eq 'O''Brien'");
    assertThat(Filter.ne("active", true)).hasToString("active ne true");
    assertThat(Filter.le("score", 1.5)).hasToString("score le 1.5");
    assertThat(Filter.eq("id", UUID.fromString("123e4567-e89b-12d3-a456-426614174000")))
        .hasToString("id eq guid'123e4567-e89b-12d3-a456-426614174000'");
    assertThat(Filter.gt("at", Instant.parse("2024-01-31T12:00:00Z")))
        .hasToString("at gt datetime'2024-01-31T12:00:00Z'");
    assertThat(Filter.eq("bin", new byte[] {1, 2})).hasToString("bin eq X'0102'");
    assertThat(Filter.and(Filter.or(Filter.eq("a", 1), Filter.eq("b", 2)), Filter.eq("c", 3)))
        .hasToString("(a eq 1 or b eq 2) and c eq 3");
    assertThat(Filter.Op.GE.odata()).isEqualTo("ge");
  }

  @Test
  void timestampComparesTheRowsTimestamp() {
    java.time.Instant written = java.time.Instant.parse("2024-01-01T00:00:00Z");
    TableRow row = TableRow.builder("p", "r").timestamp(written).build();

    assertThat(Filter.eq("Timestamp", written).test(row)).isTrue();
    assertThat(Filter.gt("Timestamp", written).test(row)).isFalse();
    assertThat(Filter.eq("Timestamp", written).test(TableRow.keys("p", "r"))).as("never stored").isFalse();
  }

  @Test
  void doublesCompareByIeeeRules() {
    TableRow nan = TableRow.builder("p", "r").putDouble("d", Double.NaN).build();
    TableRow negativeZero = TableRow.builder("p", "r").putDouble("d", -0.0).build();

    assertThat(Filter.eq("d", Double.NaN).test(nan)).isFalse();
    assertThat(Filter.ne("d", Double.NaN).test(nan)).isTrue();
    assertThat(Filter.ge("d", 0.0).test(nan)).isFalse();
    assertThat(Filter.eq("d", 0.0).test(negativeZero)).isTrue();
    assertThat(Filter.lt("d", 0.0).test(negativeZero)).isFalse();
  }
}
