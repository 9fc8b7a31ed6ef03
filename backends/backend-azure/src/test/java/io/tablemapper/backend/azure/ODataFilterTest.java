package io.tablemapper.backend.azure;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/** The OData text sent for key ranges and residual filters: escaped, exact where the store is, wider where not. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ODataFilterTest {

  @Test
  void a_hostile_string_stays_one_literal_with_its_quotes_doubled() {
    String hostile = "a' or PartitionKey ne '";

    assertThat(text(Filter.eq("s", hostile))).isEqualTo("s eq 'a'' or PartitionKey ne '''");
    assertThat(ODataFilter.keyRange("RowKey", KeyBound.inclusive(hostile), null).text())
        .isEqualTo("RowKey ge 'a'' or PartitionKey ne '''");
  }

  @Test
  void a_property_name_that_is_not_one_selects_nothing_instead_of_being_written() {
    assertThat(ODataFilter.of(Filter.eq("x eq 1 or y", 1)).selectsNothing()).isTrue();
    assertThat(ODataFilter.of(Filter.eq("odata.etag", "x")).selectsNothing()).isTrue();
    assertThat(text(Filter.or(Filter.eq("bad name", 1), Filter.eq("n", 2)))).isEqualTo("n eq 2");
  }

  @Test
  void key_ranges_use_eq_for_one_key_and_nothing_for_crossed_or_empty_ranges() {
    assertThat(ODataFilter.keyRange("PartitionKey", KeyBound.inclusive("a"), KeyBound.inclusive("a")).text())
        .isEqualTo("PartitionKey eq 'a'");
    assertThat(ODataFilter.keyRange("RowKey", KeyBound.exclusive("a"), KeyBound.inclusive("b")).text())
        .isEqualTo("(RowKey gt 'a') and (RowKey le 'b')");
    assertThat(ODataFilter.keyRange("RowKey", KeyBound.inclusive("b"), KeyBound.inclusive("a")).selectsNothing()).isTrue();
    assertThat(ODataFilter.keyRange("RowKey", KeyBound.inclusive("a"), KeyBound.exclusive("a")).selectsNothing()).isTrue();
    assertThat(ODataFilter.keyRange("RowKey", null, null)).isSameAs(ODataFilter.ALL);
  }

  @Test
  void constants_fold_through_and_and_or() {
    assertThat(ODataFilter.and(List.of(ODataFilter.of(Filter.eq("n", 1)), ODataFilter.NONE)).selectsNothing()).isTrue();
    assertThat(ODataFilter.or(List.of(ODataFilter.of(Filter.eq("n", 1)), ODataFilter.ALL))).isSameAs(ODataFilter.ALL);
    assertThat(text(Filter.and(Filter.eq("n", 1), Filter.eq("l", 5L)))).isEqualTo("n eq 1");
    assertThat(ODataFilter.of(Filter.or(Filter.eq("n", 1), Filter.eq("l", 5L)))).isSameAs(ODataFilter.ALL);
  }

  @Test
  void strings_booleans_and_int32_are_compared_by_the_store() {
    assertThat(text(Filter.le("s", "zoo"))).isEqualTo("s le 'zoo'");
    assertThat(text(Filter.ne("t", true))).isEqualTo("t ne true");
    assertThat(text(Filter.gt("n", Integer.MIN_VALUE))).isEqualTo("n gt -2147483648");
  }

  @Test
  void int64_comparisons_are_left_to_the_client() {
    assertThat(ODataFilter.of(Filter.eq("l", 5L))).isSameAs(ODataFilter.ALL);
  }

  @Test
  void doubles_are_plain_decimals_with_a_point_and_nan_and_infinities_are_left_to_the_client() {
    assertThat(text(Filter.eq("d", 2.5))).isEqualTo("d eq 2.5");
    assertThat(text(Filter.eq("d", 5.0))).isEqualTo("d eq 5.0");
    assertThat(text(Filter.gt("d", 1.0E-5))).isEqualTo("d gt 0.000010");
    assertThat(text(Filter.eq("d", -0.0))).isEqualTo("d eq 0.0");
    assertThat(text(Filter.lt("d", Double.MAX_VALUE))).doesNotContain("E").startsWith("d lt 17976931348623157");
    assertThat(ODataFilter.of(Filter.eq("d", Double.NaN)).selectsNothing()).isTrue();
    assertThat(ODataFilter.of(Filter.ne("d", Double.NaN))).isSameAs(ODataFilter.ALL);
    assertThat(ODataFilter.of(Filter.lt("d", Double.POSITIVE_INFINITY))).isSameAs(ODataFilter.ALL);
  }

  @Test
  void date_times_are_widened_to_whole_milliseconds_and_not_equal_is_left_to_the_client() {
    Instant instant = Instant.parse("2024-01-01T00:00:00.0001234Z");
    String floor = "datetime'2024-01-01T00:00:00.0000000Z'";
    String ceiling = "datetime'2024-01-01T00:00:00.0010000Z'";

    assertThat(text(Filter.gt("d", instant))).isEqualTo("d ge " + floor);
    assertThat(text(Filter.ge("d", instant))).isEqualTo("d ge " + floor);
    assertThat(text(Filter.lt("d", instant))).isEqualTo("d lt " + ceiling);
    assertThat(text(Filter.le("d", instant))).isEqualTo("d lt " + ceiling);
    assertThat(text(Filter.eq("Timestamp", instant))).isEqualTo("(Timestamp ge " + floor + ") and (Timestamp lt " + ceiling + ")");
    assertThat(ODataFilter.of(Filter.ne("d", instant))).isSameAs(ODataFilter.ALL);
    assertThat(ODataFilter.of(Filter.le("d", StoreLimits.MAX_DATE_TIME))).isSameAs(ODataFilter.ALL);
    assertThat(ODataFilter.of(Filter.gt("d", Instant.parse("1500-01-01T00:00:00Z")))).isSameAs(ODataFilter.ALL);
  }

  @Test
  void guids_and_binaries_are_sent_for_equality_only() {
    UUID guid = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");

    assertThat(text(Filter.eq("g", guid))).isEqualTo("g eq guid'123e4567-e89b-12d3-a456-426614174000'");
    assertThat(text(Filter.ne("b", new byte[] {1, (byte) 0xAB}))).isEqualTo("b ne X'01ab'");
    assertThat(ODataFilter.of(Filter.lt("g", guid))).isSameAs(ODataFilter.ALL);
    assertThat(ODataFilter.of(Filter.ge("b", new byte[] {1}))).isSameAs(ODataFilter.ALL);
  }

  @Test
  void keys_compared_with_other_types_and_the_timestamp_with_non_dates_select_nothing() {
    assertThat(ODataFilter.of(Filter.eq("PartitionKey", 1)).selectsNothing()).isTrue();
    assertThat(ODataFilter.of(Filter.eq("Timestamp", "2024")).selectsNothing()).isTrue();
    assertThat(text(Filter.ne("RowKey", "x"))).isEqualTo("RowKey ne 'x'");
  }

  @Test
  void comparisons_are_counted_as_the_service_counts_them_a_date_time_equality_as_two() {
    assertThat(ODataFilter.of(Filter.eq("n", 1)).comparisons()).isEqualTo(1);
    assertThat(ODataFilter.of(Filter.eq("w", Instant.parse("2024-01-01T00:00:00Z"))).comparisons()).isEqualTo(2);
    assertThat(ODataFilter.of(Filter.or(Filter.eq("n", 1), Filter.and(Filter.gt("s", "a"), Filter.lt("s", "b"))))
        .comparisons()).isEqualTo(3);
    assertThat(ODataFilter.ALL.comparisons()).isZero();
    assertThat(ODataFilter.of(Filter.eq("l", 5L)).comparisons()).isZero();
  }

  @Test
  void a_filter_within_15_comparisons_is_sent_as_it_is() {
    ODataFilter fifteen = ODataFilter.of(Filter.or(equalities("n", 15)));

    assertThat(fifteen.limitedTo(ODataFilter.MAX_COMPARISONS)).isSameAs(fifteen);
  }

  @Test
  void an_or_of_16_equalities_is_left_to_the_client_whole_and_the_key_range_is_still_sent() {
    QueryPage page = new QueryPage(TableQuery.builder("Orders").partitionKey("p")
        .rowFrom(KeyBound.inclusive("a")).filter(Filter.or(equalities("n", 16))).build());

    assertThat(page.filter().text()).isEqualTo("(PartitionKey eq 'p') and (RowKey ge 'a')");
    assertThat(page.plan()).contains("2 of the filter's 18 comparisons", "at most 15", "checked in the client");
  }

  @Test
  void an_and_keeps_the_keys_then_equalities_then_ranges_then_inequalities_up_to_15_comparisons() {
    List<Filter> conjuncts = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      conjuncts.add(Filter.ne("ne" + i, i));
      conjuncts.add(Filter.gt("gt" + i, i));
    }
    for (int i = 0; i < 4; i++) {
      conjuncts.add(Filter.eq("eq" + i, i));
    }
    conjuncts.add(Filter.or(equalities("any", 2)));
    QueryPage page = new QueryPage(TableQuery.builder("Orders").partitionKey("p")
        .rowFrom(KeyBound.inclusive("a")).rowTo(KeyBound.exclusive("b"))
        .filter(Filter.and(conjuncts.toArray(Filter[]::new))).build());

    String sent = page.filter().text();

    assertThat(page.filter().comparisons()).isEqualTo(ODataFilter.MAX_COMPARISONS);
    assertThat(sent).contains("PartitionKey eq 'p'", "RowKey ge 'a'", "RowKey lt 'b'", "eq0 eq 0", "eq3 eq 3",
        "gt0 gt 0", "gt5 gt 5", "ne0 ne 0", "ne1 ne 1").doesNotContain("ne2 ", "any eq");
  }

  @Test
  void an_or_is_kept_whole_with_its_operands_cut_down_to_fit_or_dropped_when_it_cannot_fit() {
    Filter six = Filter.and(Filter.gt("a", 1), Filter.gt("b", 1), Filter.gt("c", 1), Filter.gt("d", 1),
        Filter.gt("e", 1), Filter.gt("f", 1));
    ODataFilter orOfThreeAnds = ODataFilter.of(Filter.or(six, six, six));

    ODataFilter limited = orOfThreeAnds.limitedTo(ODataFilter.MAX_COMPARISONS);

    assertThat(orOfThreeAnds.comparisons()).isEqualTo(18);
    assertThat(limited.comparisons()).isEqualTo(15);
    assertThat(limited.text()).contains(" or ");
    assertThat(ODataFilter.of(Filter.or(equalities("n", 16))).limitedTo(ODataFilter.MAX_COMPARISONS))
        .isSameAs(ODataFilter.ALL);
  }

  private static Filter[] equalities(String property, int count) {
    Filter[] equalities = new Filter[count];
    for (int i = 0; i < count; i++) {
      equalities[i] = Filter.eq(property, i);
    }
    return equalities;
  }

  private static String text(Filter filter) {
    return ODataFilter.of(filter).text();
  }
}
