package io.tablemapper.processor;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;

/** What every generated file shares: the {@code @Generated} marker, Javadoc escaping and file layout. */
final class GeneratedCode {
  static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

  private GeneratedCode() {}

  static AnnotationSpec generatedAnnotation() {
    return AnnotationSpec.builder(GENERATED).addMember("value", "$S", TableMapperProcessor.class.getName()).build();
  }

  /** Text made safe inside a Javadoc comment. */
  static String javadoc(String text) {
    return text.replace("*/", "*&#47;").replace("@", "{@literal @}");
  }

  static JavaFile file(ClassName name, TypeSpec type) {
    return JavaFile.builder(name.packageName(), type).skipJavaLangImports(true).indent("  ").build();
  }
}
