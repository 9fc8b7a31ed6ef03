package io.tablemapper.processor.generation.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Text that wraps at separators only: unbreakable runs, a break opportunity after each separator. */
class WrapTest {

  @Test
  void aKeyTemplateBreaksAfterItsSeparatorsAndNeverInsideAPlaceholder() {
    assertThat(Wrap.key("expense_{user_id:06}_{submitted:desc}")).isEqualTo(
        "<span class=\"t\">expense_</span><wbr><span class=\"t\">{user_id:06}_</span><wbr>"
            + "<span class=\"t\">{submitted:desc}</span>");
  }

  @Test
  void aPhraseBreaksAtSpacesAndDigitsAndDatesStayWhole() {
    assertThat(Wrap.key("in [log_2024-05-01T09:30:00Z, x]")).isEqualTo(
        "<span class=\"t\">in</span> <span class=\"t\">[log_</span><wbr>"
            + "<span class=\"t\">2024-05-01T09:30:00Z,</span><wbr> <span class=\"t\">x]</span>");
  }

  @Test
  void textIsEscaped() {
    assertThat(Wrap.key("a<b>&'c")).isEqualTo("<span class=\"t\">a&lt;b&gt;&amp;&#39;c</span>");
    assertThat(Wrap.method("R.f(List<String>)")).contains("List&lt;String&gt;)");
  }

  @Test
  void aMethodBreaksAfterDotsBracketsAndCommasAndBeforeByAndOr() {
    assertThat(Wrap.method("EmployeeRepository.findTop3ByDepartmentOrAgeAndOrderId(String, int)")).isEqualTo(
        "<span class=\"t\">EmployeeRepository.</span><wbr><span class=\"t\">findTop3</span><wbr>"
            + "<span class=\"t\">ByDepartment</span><wbr><span class=\"t\">OrAge</span><wbr>"
            + "<span class=\"t\">AndOrderId(</span><wbr><span class=\"t\">String,</span><wbr> <span class=\"t\">int)</span>");
  }
}
