package io.tablemapper.internal.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.internal.key.KeyTemplate.Literal;
import io.tablemapper.internal.key.KeyTemplate.Placeholder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsing key templates, and checking them against the types of their properties. */
class KeyTemplateTest {

  // ------------------------------------------------------------------ parsing

  @Test
  void aTemplateSplitsIntoLiteralsAndPlaceholdersWithTheirPositions() {
    KeyTemplate template = KeyTemplate.parse("empid_{employeeId:08}");
    assertThat(template.segments()).containsExactly(
        new Literal("empid_", 0), new Placeholder("employeeId", 8, false, 6, 21, 0));
    assertThat(template.placeholders()).extracting(Placeholder::property).containsExactly("employeeId");
    assertThat(template.literalPrefix()).isEqualTo("empid_");
    assertThat(template.isConstant()).isFalse();
    assertThat(template.source()).isEqualTo("empid_{employeeId:08}");
    assertThat(template).hasToString("empid_{employeeId:08}");
  }

  @Test
  void paddingAndDescendingCombineInEitherOrderAndPrintNormalised() {
    Placeholder widthFirst = KeyTemplate.parse("{p:08:desc}").placeholders().get(0);
    Placeholder descFirst = KeyTemplate.parse("{p:desc:08}").placeholders().get(0);
    assertThat(widthFirst.width()).isEqualTo(8);
    assertThat(widthFirst.desc()).isTrue();
    assertThat(descFirst.text()).isEqualTo(widthFirst.text()).isEqualTo("{p:08:desc}");
    assertThat(KeyTemplate.parse("{p}").placeholders().get(0).text()).isEqualTo("{p}");
    assertThat(KeyTemplate.parse("{p:desc}").placeholders().get(0).text()).isEqualTo("{p:desc}");
    assertThat(KeyTemplate.parse("{p:020}").placeholders().get(0).text()).isEqualTo("{p:020}");
    assertThat(KeyTemplate.parse("{p:01}").placeholders().get(0).width()).isEqualTo(1);
  }

  @Test
  void ticksAndTicksdescParseAsDotNetTicksAscendingAndDescendingAndPrintNormalised() {
    Placeholder ticks = KeyTemplate.parse("t_{at:ticks}").placeholders().get(0);
    assertThat(ticks.ticks()).isTrue();
    assertThat(ticks.desc()).isFalse();
    assertThat(ticks.text()).isEqualTo("{at:ticks}");
    Placeholder inverted = KeyTemplate.parse("{at:ticksdesc}").placeholders().get(0);
    assertThat(inverted.ticks()).isTrue();
    assertThat(inverted.desc()).isTrue();
    assertThat(inverted.text()).isEqualTo("{at:ticksdesc}");
    assertThat(KeyTemplate.parse("{at:ticks:desc}").placeholders().get(0)).isEqualTo(
        new Placeholder("at", 0, true, 0, 15, 0, true));
    assertThat(KeyTemplate.parse("{at:desc}").placeholders().get(0).ticks()).isFalse();
  }

  @Test
  void ticksFitEveryTimeTypeADotNetDateTimeHolds() {
    for (KeyType type : List.of(KeyType.INSTANT, KeyType.OFFSET_DATE_TIME, KeyType.LOCAL_DATE_TIME,
        KeyType.LOCAL_DATE)) {
      assertThat(KeyTemplate.parse("{a:ticks}_{b:ticksdesc}").validate(List.of(type, type)))
          .as("%s", type)
          .isEmpty();
    }
  }

  @Test
  void doubledBracesAreLiteralBraces() {
    KeyTemplate constant = KeyTemplate.parse("{{a}}");
    assertThat(constant.segments()).containsExactly(new Literal("{a}", 0));
    assertThat(constant.isConstant()).isTrue();

    KeyTemplate mixed = KeyTemplate.parse("x{{{a}}}y");
    assertThat(mixed.segments()).containsExactly(
        new Literal("x{", 0), new Placeholder("a", 0, false, 3, 6, 0), new Literal("}y", 6));
    assertThat(mixed.literalAfter(0)).isEqualTo("}y");
  }

  @Test
  void theTemplateAnswersWhatFollowsEachPlaceholder() {
    KeyTemplate template = KeyTemplate.parse("{last}_{first}{id}");
    assertThat(template.literalPrefix()).isEmpty();
    assertThat(template.literalAfter(0)).isEqualTo("_");
    assertThat(template.literalAfter(1)).isNull();
    assertThat(template.literalAfter(2)).isNull();
    assertThat(template.isLast(1)).isFalse();
    assertThat(template.isLast(2)).isTrue();
    assertThat(template.placeholder("first").index()).isEqualTo(1);
    assertThat(template.placeholder("middle")).isNull();
  }

  @Test
  void templatesAreEqualWhenWrittenAlike() {
    assertThat(KeyTemplate.parse("{a}_{b}")).isEqualTo(KeyTemplate.parse("{a}_{b}"))
        .hasSameHashCodeAs(KeyTemplate.parse("{a}_{b}"))
        .isNotEqualTo(KeyTemplate.parse("{a}-{b}"));
  }

  @Test
  void aPlaceholderMayNameAnyJavaIdentifier() {
    assertThat(KeyTemplate.parse("{_x$1}{é}").placeholders()).extracting(Placeholder::property)
        .containsExactly("_x$1", "é");
  }

  @ParameterizedTest(name = "''{0}'' at {1}: {2}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
    "a}b | 1 | '}' without a matching '{' (write '}}' for a literal brace)",
    "{a}} | 3 | '}' without a matching '{' (write '}}' for a literal brace)",
    "ab{c | 2 | '{' is never closed by '}'",
    "{a}_{ | 4 | '{' is never closed by '}'",
    "{a}_{a} | 4 | property 'a' appears twice in one key",
    "{a:08}_{a:desc} | 7 | property 'a' appears twice in one key",
    "{a{b} | 2 | '{' inside a placeholder",
    "{} | 1 | empty placeholder: write {propertyName}",
    "x{:08} | 2 | empty placeholder: write {propertyName}",
    "{1a} | 1 | '1a' is not a property name",
    "{a b} | 1 | 'a b' is not a property name",
    "{a.b} | 1 | 'a.b' is not a property name",
    "{a:desc:desc} | 8 | ':desc' given twice",
    "{a:08:09} | 6 | two widths given",
    "{a:8} | 3 | width '8' must be written with a leading zero, as :08 (zero-padded to 8 digits)",
    "{a:12} | 3 | width '12' must be written with a leading zero, as :012 (zero-padded to 12 digits)",
    "{a:0} | 3 | width ':0' has no digits; write :01 to :020",
    "{a:00} | 3 | width 0 is out of range; write :01 to :020",
    "{a:021} | 3 | width 21 is out of range; write :01 to :020",
    "{a:099999999999} | 3 | width 99999999999 is out of range; write :01 to :020",
    "{a:DESC} | 3 | unknown modifier 'DESC'; modifiers are :0N (zero-pad to N digits), :desc,"
        + " and :ticks or :ticksdesc (.NET ticks)",
    "{a:} | 3 | unknown modifier ''; modifiers are :0N (zero-pad to N digits), :desc,"
        + " and :ticks or :ticksdesc (.NET ticks)",
    "{a:08:asc} | 6 | unknown modifier 'asc'; modifiers are :0N (zero-pad to N digits), :desc,"
        + " and :ticks or :ticksdesc (.NET ticks)",
    "{a:ticks:ticksdesc} | 9 | ':ticks' or ':ticksdesc' given twice",
    "{a:desc:ticksdesc} | 8 | ':desc' given twice (':ticksdesc' is descending already)",
    "{a:ticks:019} | 3 | ticks are always 19 digits wide; remove the width :019",
    "{a:-8} | 3 | unknown modifier '-8'; modifiers are :0N (zero-pad to N digits), :desc,"
        + " and :ticks or :ticksdesc (.NET ticks)",
  })
  void aMalformedTemplateIsRejectedSayingWhereAndWhy(String template, int index, String reason) {
    assertThatThrownBy(() -> KeyTemplate.parse(template))
        .isInstanceOfSatisfying(KeyTemplateException.class, e -> {
          assertThat(e.template()).isEqualTo(template);
          assertThat(e.index()).isEqualTo(index);
          assertThat(e.reason()).isEqualTo(reason);
          assertThat(e.kind()).isEqualTo(KeyTemplateException.Kind.MALFORMED);
          assertThat(e).hasMessage("key template '" + template + "' at index " + index + ": " + reason);
        });
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource({"1, '/'", "2, '\\'", "0, '#'", "3, '?'"})
  void aLiteralHoldingACharacterKeysMayNotHoldIsRejected(int index, char forbidden) {
    String template = "abc".substring(0, index) + forbidden + "{a}";
    assertThatThrownBy(() -> KeyTemplate.parse(template))
        .isInstanceOfSatisfying(KeyTemplateException.class, e -> {
          assertThat(e.index()).isEqualTo(index);
          assertThat(e.kind()).isEqualTo(KeyTemplateException.Kind.FORBIDDEN_CHARACTER);
          assertThat(e.reason()).isEqualTo("the literal contains '" + forbidden + "' (U+"
              + String.format("%04X", (int) forbidden)
              + "), which keys may not hold (/ \\ # ? and control characters are forbidden)");
        });
  }

  @Test
  void aLiteralHoldingAControlCharacterIsRejectedNamingItsCodePoint() {
    for (char control : new char[] {'\u0000', '\t', '\u001f', '\u007f', '\u0085', '\u009f'}) {
      assertThatThrownBy(() -> KeyTemplate.parse("{a}" + control))
          .isInstanceOfSatisfying(KeyTemplateException.class, e -> {
            assertThat(e.index()).isEqualTo(3);
            assertThat(e.reason()).startsWith(String.format("the literal contains U+%04X, which", (int) control));
          });
    }
    assertThat(KeyTemplate.parse("{a}\u00a0\u00e9 ~").literalAfter(0)).isEqualTo("\u00a0\u00e9 ~");
  }

  @Test
  void anEmptyTemplateIsRejectedAsAWhole() {
    assertThatThrownBy(() -> KeyTemplate.parse(""))
        .isInstanceOfSatisfying(KeyTemplateException.class, e -> {
          assertThat(e.index()).isEqualTo(-1);
          assertThat(e).hasMessage("key template '': a key template needs literal text or a {property}");
        });
  }

  // ------------------------------------------------------------------ validation against types

  @Test
  void aTemplateThatFitsItsTypesHasNoProblems() {
    assertThat(KeyTemplate.parse("empid_{id:08:desc}_{at:desc}_{name}")
        .validate(List.of(KeyType.INT, KeyType.INSTANT, KeyType.STRING))).isEmpty();
    assertThat(KeyTemplate.parse("{flag}{id}{uuid}{day}{name}")
        .validate(List.of(KeyType.BOOLEAN, KeyType.LONG, KeyType.UUID, KeyType.LOCAL_DATE, KeyType.ENUM))).isEmpty();
  }

  @ParameterizedTest(name = "{0} as {1}")
  @CsvSource(delimiter = '|', value = {
    "x_{v:08} | STRING | 2 | {v} is a String; zero padding (:0N) applies to integral types only",
    "{v:08} | ENUM | 0 | {v} is an enum; zero padding (:0N) applies to integral types only",
    "{v:08} | BOOLEAN | 0 | {v} is a boolean; zero padding (:0N) applies to integral types only",
    "{v:08} | UUID | 0 | {v} is a UUID; zero padding (:0N) applies to integral types only",
    "{v:08} | INSTANT | 0 | {v} is an instant; zero padding (:0N) applies to integral types only",
    "{v:08} | OFFSET_DATE_TIME | 0 | {v} is an offset date time; zero padding (:0N) applies to integral types only",
    "{v:08} | LOCAL_DATE | 0 | {v} is a local date; zero padding (:0N) applies to integral types only",
    "{v:desc} | STRING | 0 | {v} is a String; :desc applies to numbers and times only",
    "{v:desc} | ENUM | 0 | {v} is an enum; :desc applies to numbers and times only",
    "{v:desc} | BOOLEAN | 0 | {v} is a boolean; :desc applies to numbers and times only",
    "{v:desc} | UUID | 0 | {v} is a UUID; :desc applies to numbers and times only",
    "x{v:ticks} | LONG | 1 | {v} is a long; :ticks applies to Instant, OffsetDateTime, LocalDateTime and"
        + " LocalDate only",
    "{v:ticksdesc} | STRING | 0 | {v} is a String; :ticksdesc applies to Instant, OffsetDateTime, LocalDateTime and"
        + " LocalDate only",
  })
  void aModifierTheTypeDoesNotAllowIsAProblemAtItsPlaceholder(
      String template, KeyType type, int index, String reason) {
    assertThat(KeyTemplate.parse(template).validate(List.of(type)))
        .singleElement()
        .satisfies(problem -> {
          assertThat(problem.index()).isEqualTo(index);
          assertThat(problem.reason()).isEqualTo(reason);
        });
  }

  @Test
  void aVariableWidthValueDirectlyFollowedByAnotherPlaceholderIsAProblemAtTheSecond() {
    assertThat(KeyTemplate.parse("x{name}{id}").validate(List.of(KeyType.STRING, KeyType.INT)))
        .singleElement()
        .satisfies(problem -> {
          assertThat(problem.index()).isEqualTo(7);
          assertThat(problem.reason()).isEqualTo("{name} is a String of varying length and is directly followed by"
              + " {id}, so the key could not be split; put a separator between them, for example {name}_{id}");
        });
    assertThat(KeyTemplate.parse("{kind}{id}").validate(List.of(KeyType.ENUM, KeyType.STRING)))
        .singleElement()
        .satisfies(problem -> assertThat(problem.reason()).startsWith("{kind} is an enum of varying length"));
  }

  @Test
  void aVariableWidthValueMayEndTheKeyOrPrecedeALiteral() {
    assertThat(KeyTemplate.parse("{id}{name}").validate(List.of(KeyType.INT, KeyType.STRING))).isEmpty();
    assertThat(KeyTemplate.parse("{name}_").validate(List.of(KeyType.STRING))).isEmpty();
    assertThat(KeyTemplate.parse("{name}{{").validate(List.of(KeyType.STRING))).isEmpty();
  }

  @Test
  void everyProblemIsReportedNotJustTheFirst() {
    assertThat(KeyTemplate.parse("{a:08:desc}{b}").validate(List.of(KeyType.STRING, KeyType.INT)))
        .extracting(KeyTemplateException::reason)
        .containsExactly(
            "{a} is a String; zero padding (:0N) applies to integral types only",
            "{a} is a String; :desc applies to numbers and times only",
            "{a} is a String of varying length and is directly followed by {b}, so the key could not be split;"
                + " put a separator between them, for example {a}_{b}");
    assertThat(KeyTemplate.parse("{a:08:desc}{b}").validate(List.of(KeyType.STRING, KeyType.INT)))
        .extracting(KeyTemplateException::kind)
        .containsOnly(KeyTemplateException.Kind.TYPE_MISMATCH);
  }

  @Test
  void validatingNeedsOneTypePerPlaceholder() {
    assertThatThrownBy(() -> KeyTemplate.parse("{a}_{b}").validate(List.of(KeyType.INT)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("template '{a}_{b}' has 2 placeholders, got 1 types");
  }
}
