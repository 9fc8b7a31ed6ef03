package io.tablemapper.jakarta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.MappingException;
import jakarta.data.exceptions.NonUniqueResultException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The client steps over a list of matches in key order: sorts, limits, pages, cursors, tests. */
class ClientResultsTest {
  record Num(long id, String name, int group) {}

  static final List<Num> MATCHES = List.of(new Num(1, "one", 2), new Num(2, "Two", 1), new Num(3, "three", 2),
      new Num(4, "four", 1), new Num(5, "Five", 2));

  static Object attribute(Num num, String attribute) {
    switch (attribute) {
      case "id":
        return num.id();
      case "name":
        return num.name();
      case "group":
        return num.group();
      default:
        throw ClientResults.noAttribute("Num", attribute, "id, name, group");
    }
  }

  static ClientResults<Num> of() {
    return ClientResults.of("Nums.m", MATCHES, ClientResultsTest::attribute, "id");
  }

  static List<Long> ids(Iterable<Num> nums) {
    List<Long> ids = new java.util.ArrayList<>();
    nums.forEach(num -> ids.add(num.id()));
    return ids;
  }

  @Test
  void sortsStablyByTheDeclaredOrderThenTheSortsThenLimits() {
    assertThat(ids(of().orderBy("group", false).orderBy(Sort.desc("id")).list())).containsExactly(4L, 2L, 5L, 3L, 1L);
    assertThat(ids(of().orderBy("group", true).list())).containsExactly(1L, 3L, 5L, 2L, 4L);
    assertThat(ids(of().orderBy(Order.by(Sort.ascIgnoreCase("name"))).list())).containsExactly(5L, 4L, 1L, 3L, 2L);
    assertThat(ids(of().orderBy(new Sort<?>[] {Sort.asc("name")}).list())).containsExactly(5L, 2L, 4L, 1L, 3L);
    assertThat(ids(of().orderBy(Sort.desc("id")).limit(Limit.range(2, 3)).list())).containsExactly(4L, 3L);
    assertThat(of().orderBy(Sort.asc("id")).first(2).array(Num[]::new)).extracting(Num::id).containsExactly(1L, 2L);
  }

  @Test
  void aSortOfNoAttributeIsAMappingException() {
    assertThatThrownBy(() -> of().orderBy(Sort.asc("colour")).list()).isInstanceOf(MappingException.class)
        .hasMessageContaining("'colour' is not an attribute of Num");
  }

  @Test
  void oneResultIsCheckedUnique() {
    assertThat(of().where(num -> num.id() == 3).single().name()).isEqualTo("three");
    assertThat(of().where(num -> num.id() == 9).optional()).isEmpty();
    assertThatThrownBy(() -> of().where(num -> num.id() == 9).single()).isInstanceOf(EmptyResultException.class);
    assertThatThrownBy(() -> of().optional()).isInstanceOf(NonUniqueResultException.class)
        .hasMessageContaining("Nums.m: 5 entities match");
  }

  @Test
  void anOffsetPageSkipsThePagesBeforeIt() {
    Page<Num> second = of().orderBy(Sort.desc("id")).page(PageRequest.ofPage(2, 2, true));
    assertThat(ids(second)).containsExactly(3L, 2L);
    assertThat(second.totalElements()).isEqualTo(5);
    assertThat(second.hasNext()).isTrue();
    Page<Num> beyond = of().page(PageRequest.ofPage(4, 2, false));
    assertThat(beyond.hasContent()).isFalse();
    assertThat(beyond.hasTotals()).isFalse();
  }

  @Test
  void aCursoredPageResumesAfterTheValuesOfItsOrderAndAnyCursorOfThem() {
    CursoredPage<Num> first = of().orderBy(Sort.asc("group")).cursoredPage(PageRequest.ofSize(2));
    assertThat(ids(first)).containsExactly(2L, 4L);
    assertThat(first.cursor(1).elements()).isEqualTo(List.of(1, 4L)); // the order's value, then the key
    CursoredPage<Num> second = of().orderBy(Sort.asc("group")).cursoredPage(first.nextPageRequest());
    assertThat(ids(second)).containsExactly(1L, 3L);
    CursoredPage<Num> before = of().orderBy(Sort.asc("group")).cursoredPage(second.previousPageRequest());
    assertThat(ids(before)).containsExactly(2L, 4L);
    CursoredPage<Num> made = of().orderBy(Sort.asc("group"))
        .cursoredPage(PageRequest.ofSize(10).afterCursor(PageRequest.Cursor.forKey(2, 3L)));
    assertThat(ids(made)).containsExactly(5L);
    assertThat(made.hasNext()).isFalse();
  }

  @Test
  void theClientTestsCompareAsTheStoreWouldAndWhatItCannot() {
    assertThat(ClientResults.test("CONTAINS", false, "hexadecimal", "deci")).isTrue();
    assertThat(ClientResults.test("EQUAL", true, "Lamp", "LAMP")).isTrue();
    assertThat(ClientResults.test("BETWEEN", true, "4B", "4a", "4c")).isTrue();
    assertThat(ClientResults.test("LIKE", false, "4_x", "4\\_%")).isFalse();
    assertThat(ClientResults.test("LIKE", false, "41", "4_")).isTrue();
    assertThat(ClientResults.test("LIKE", false, "a.b", "a.b")).isTrue();
    assertThat(ClientResults.test("NOT_IN", false, "4a", Set.of("4b"))).isTrue();
    assertThat(ClientResults.test("GREATER_THAN", false, 5, 4L)).isTrue();
    assertThat(ClientResults.test("EQUAL", false, 'E', "E")).isTrue();
    assertThat(ClientResults.test("EQUAL", false, null, "x")).isFalse();
    assertThat(ClientResults.test("NULL", false, null)).isTrue();
    assertThat(ClientResults.test("TRUE", false, true)).isTrue();
  }
}
