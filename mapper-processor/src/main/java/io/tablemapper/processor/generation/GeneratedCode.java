package io.tablemapper.processor.generation;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.JavaFileObject;

/**
 * What every generated file shares: the {@code @Generated} marker, Javadoc escaping, long string literals, and its
 * layout and writing.
 */
public final class GeneratedCode {
  public static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");
  /** What {@code @Generated} names as the generator: the processor (the golden files hold it too). */
  static final String GENERATOR = "io.tablemapper.processor.TableMapperProcessor";
  /** The spaces JavaPoet leaves at the end of a line it wraps after {@code =} (at {@code $Z}). */
  private static final Pattern TRAILING_SPACES = Pattern.compile(" +$", Pattern.MULTILINE);
  /** The most characters of text in one piece of a long literal. */
  private static final int PIECE = 80;

  private GeneratedCode() {}

  static AnnotationSpec generatedAnnotation() {
    return AnnotationSpec.builder(GENERATED).addMember("value", "$S", GENERATOR).build();
  }

  /** Text made safe inside a Javadoc comment. */
  static String javadoc(String text) {
    return text.replace("*/", "*&#47;").replace("@", "{@literal @}");
  }

  /**
   * A string literal, as pieces of at most {@value #PIECE} characters split before spaces and joined by {@code +} on
   * lines of their own (one text to the compiler, which joins constant pieces): {@code "..."\n+ " ..."}.
   */
  static CodeBlock text(String text) {
    List<CodeBlock> pieces = new ArrayList<>();
    int start = 0;
    while (text.length() - start > PIECE) {
      int end = text.lastIndexOf(' ', start + PIECE);
      if (end <= start) {
        break;
      }
      pieces.add(CodeBlock.of("$S", text.substring(start, end)));
      start = end;
    }
    pieces.add(CodeBlock.of("$S", text.substring(start)));
    return CodeBlock.join(pieces, "\n+ ");
  }

  static JavaFile file(ClassName name, TypeSpec type) {
    return JavaFile.builder(name.packageName(), type).skipJavaLangImports(true).indent("  ").build();
  }

  /** The qualified name of a generated file's type. */
  public static String qualifiedName(JavaFile file) {
    return file.packageName().isEmpty() ? file.typeSpec().name() : file.packageName() + "." + file.typeSpec().name();
  }

  /** Writes a generated file, as {@link JavaFile#writeTo(Filer)} does but without spaces at the ends of lines. */
  public static void write(JavaFile file, Filer filer) throws IOException {
    JavaFileObject source = filer.createSourceFile(qualifiedName(file),
        file.typeSpec().originatingElements().toArray(new Element[0]));
    try (Writer writer = source.openWriter()) {
      writer.write(TRAILING_SPACES.matcher(file.toString()).replaceAll(""));
    }
  }
}
