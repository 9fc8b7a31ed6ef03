package io.tablemapper.readmetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaSnippetTest {
  private static List<MarkdownSnippets.Snippet> blocks(String markdown) {
    return MarkdownSnippets.of(Path.of("docs/page.md"), "docs/page.md", markdown);
  }

  @Test
  void aBlockBecomesAFilePerTypeAndAMethodOfItsStatementsInThePagesPackage() {
    List<MarkdownSnippets.Snippet> blocks = blocks("""
        Text.

        <!-- java: given TableMapper mapper, int id -->
        ```java
        import java.util.List;

        @Entity(table = "T")
        @Index(name = "x", rowKey = "x_{x}",
               properties = {"a"})
        public record Thing(String x, int id) {}

        @Repository
        interface Things extends TableRepository<Thing> {
          List<Thing> findByX(String x);
        }

        mapper.repository(Things.class).findByX("a");
        ```
        """);

    List<JavaSnippet.Unit> units = JavaSnippet.units(blocks.get(0));

    assertThat(units).extracting(JavaSnippet.Unit::path)
        .containsExactly("docs/page/Thing.java", "docs/page/Things.java", "docs/page/Snippet5.java");
    assertThat(units.get(0).source()).startsWith("package docs.page;\nimport java.util.List;\n")
        .contains("@Index(name = \"x\", rowKey = \"x_{x}\",\n       properties = {\"a\"})\npublic record Thing");
    assertThat(units.get(2).source()).contains("  void run(TableMapper mapper, int id) throws Exception {\n",
        "mapper.repository(Things.class).findByX(\"a\");");
    assertThat(units.get(2).origins()).contains("docs/page.md:5", "docs/page.md:17");
  }

  @Test
  void annotationsOnAPackageMakeAPackageInfoAndAMarkerMayNameThePackage() {
    List<MarkdownSnippets.Snippet> blocks = blocks("""
          ```java
          @Naming(NamingStrategy.PASCAL_CASE)
          package com.example;

          import io.tablemapper.annotations.Naming;
          ```
        <!-- java: package com.example.other -->
        ```java
        record A() {}
        ```
        """);

    assertThat(JavaSnippet.units(blocks.get(0))).extracting(JavaSnippet.Unit::path)
        .containsExactly("com/example/package-info.java");
    assertThat(JavaSnippet.units(blocks.get(1))).extracting(JavaSnippet.Unit::path)
        .containsExactly("com/example/other/A.java");
  }

  @Test
  void aBlockLeftOutNeedsAReasonAndAnUnknownClauseIsRefused() {
    List<MarkdownSnippets.Snippet> blocks = blocks("""
        <!-- java: not compiled: a fragment of the grammar -->
        ```java
        find…By…
        ```
        <!-- java: not compiled -->
        ```java
        x
        ```
        <!-- java: compile please -->
        ```java
        x
        ```
        """);

    assertThat(JavaSnippet.notCompiled(blocks.get(0))).isEqualTo("a fragment of the grammar");
    assertThatThrownBy(() -> JavaSnippet.notCompiled(blocks.get(1))).hasMessageContaining("needs a reason");
    assertThatThrownBy(() -> JavaSnippet.units(blocks.get(2)))
        .hasMessageContaining("docs/page.md:11: unknown clause 'compile please'");
  }
}
