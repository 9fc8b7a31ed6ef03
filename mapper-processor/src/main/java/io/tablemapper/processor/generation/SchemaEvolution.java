package io.tablemapper.processor.generation;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.processor.entity.EntityAnalyzer;
import io.tablemapper.processor.entity.PropertyModel;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.UUID;

/**
 * The constants a generated mapping holds for reading rows of its entity's older versions: each checked
 * {@code @DefaultValue} (checked by the shared {@link io.tablemapper.internal.model.EntityChecker}) as a Java
 * expression of its property's type.
 */
final class SchemaEvolution {
  private SchemaEvolution() {}

  /** The expression of a property's (checked) default, for a constant of the generated mapping. */
  static CodeBlock initializer(PropertyModel property) {
    String text = property.defaultValue();
    switch (property.kind()) {
      case STRING:
        return CodeBlock.of("$S", text);
      case CHAR:
        return CodeBlock.of("$S.charAt(0)", text);
      case BOOLEAN:
        return CodeBlock.of("$L", Boolean.parseBoolean(text));
      case BYTE:
        return CodeBlock.of("(byte) $L", Byte.parseByte(text));
      case SHORT:
        return CodeBlock.of("(short) $L", Short.parseShort(text));
      case INT:
        return CodeBlock.of("$L", Integer.parseInt(text));
      case LONG:
        return CodeBlock.of("$LL", Long.parseLong(text));
      case FLOAT:
        float f = Float.parseFloat(text);
        return Float.isFinite(f) ? CodeBlock.of("$Lf", f) : CodeBlock.of("$T.parseFloat($S)", Float.class, text);
      case DOUBLE:
        double d = Double.parseDouble(text);
        return Double.isFinite(d) ? CodeBlock.of("$Ld", d) : CodeBlock.of("$T.parseDouble($S)", Double.class, text);
      case UUID:
        return CodeBlock.of("$T.fromString($S)", UUID.class, text);
      case INSTANT:
        return CodeBlock.of("$T.parse($S)", Instant.class, text);
      case OFFSET_DATE_TIME:
        return CodeBlock.of("$T.parse($S)", OffsetDateTime.class, text);
      case LOCAL_DATE:
        return CodeBlock.of("$T.parse($S)", LocalDate.class, text);
      case LOCAL_DATE_TIME:
        return CodeBlock.of("$T.parse($S)", LocalDateTime.class, text);
      case ENUM:
        return CodeBlock.of("$T.$N", property.typeName(), text);
      case BIG_DECIMAL:
        return CodeBlock.of("new $T($S)", BigDecimal.class, text);
      case BIG_INTEGER:
        return CodeBlock.of("new $T($S)", BigInteger.class, text);
      case BINARY:
        return CodeBlock.of("$T.getDecoder().decode($S)", Base64.class, text);
      default:
        throw new AssertionError(property.kind());
    }
  }

  /** The constant holding a property's default in the generated mapping. */
  static String constant(PropertyModel property) {
    return EntityAnalyzer.upperSnake(property.name()) + "_DEFAULT";
  }
}
