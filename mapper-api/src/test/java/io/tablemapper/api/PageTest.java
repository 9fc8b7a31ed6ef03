package io.tablemapper.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Pages and page requests. */
class PageTest {

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 999, 1000})
  void aPageRequestAsksForOneTo1000Items(int size) {
    assertThat(PageRequest.of(size).size()).isEqualTo(size);
    assertThat(PageRequest.of(size).token()).isEmpty();
    assertThat(PageRequest.after("t", size).size()).isEqualTo(size);
  }

  @ParameterizedTest
  @ValueSource(ints = {Integer.MIN_VALUE, -1, 0, 1001, Integer.MAX_VALUE})
  void aPageRequestForNoneOrMoreThan1000ItemsIsRejected(int size) {
    assertThatThrownBy(() -> PageRequest.of(size))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("page size must be between 1 and 1000 (the store's page limit), was " + size);
    assertThatThrownBy(() -> PageRequest.after("t", size)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theNextPageIsAskedForWithThePreviousPagesToken() {
    PageRequest next = PageRequest.after("opaque-token", 50);
    assertThat(next.token()).contains("opaque-token");
    assertThat(next).hasToString("PageRequest.after(<token>, 50)");
    assertThat(PageRequest.of(50)).hasToString("PageRequest.of(50)");
    assertThatThrownBy(() -> PageRequest.after(null, 50))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("continuationToken");
    assertThatThrownBy(() -> PageRequest.after("", 50))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("continuation token is empty; use PageRequest.of(size) for the first page");
  }

  @Test
  void aPageHoldsACopyOfItsItemsAndATokenUnlessItIsTheLast() {
    List<String> items = new ArrayList<>(List.of("a", "b"));
    Page<String> page = Page.of(items, "next");
    items.add("c");
    assertThat(page.items()).containsExactly("a", "b");
    assertThatThrownBy(() -> page.items().add("d")).isInstanceOf(UnsupportedOperationException.class);
    assertThat(page.continuationToken()).contains("next");
    assertThat(page.hasNext()).isTrue();
    assertThat(page).hasToString("Page[2 items, more]");

    Page<String> last = Page.of(List.of(), null);
    assertThat(last.continuationToken()).isEmpty();
    assertThat(last.hasNext()).isFalse();
    assertThat(last).hasToString("Page[0 items, last]");
    assertThatThrownBy(() -> Page.of(null, null)).isInstanceOf(NullPointerException.class);
  }
}
