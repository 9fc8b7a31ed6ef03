package io.tablemapper.processor;

import com.palantir.javapoet.CodeBlock;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.PropertyKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * What an entity declares for reading rows of its older versions: {@code @DefaultValue} texts, checked against
 * their properties' types and turned into constants for the generated mapping, and the {@code @Upgrade} method,
 * checked for the one signature generated code can call.
 */
final class SchemaEvolution {
  private final Elements elements;
  private final Types types;
  private final Annotations annotations;

  SchemaEvolution(Elements elements, Types types, Annotations annotations) {
    this.elements = elements;
    this.types = types;
    this.annotations = annotations;
  }

  /** The properties with their {@code @DefaultValue} texts; a text the type cannot hold is reported and dropped. */
  List<PropertyModel> withDefaults(TypeElement type, List<PropertyModel> properties, Diagnostics diagnostics) {
    List<PropertyModel> result = new ArrayList<>(properties.size());
    for (PropertyModel property : properties) {
      AnnotationMirror mirror = Annotations.find(property.element(), Annotations.DEFAULT_VALUE);
      if (mirror == null) {
        result.add(property);
        continue;
      }
      String text = annotations.string(mirror, "value");
      String where = EntityRules.defaultWhere(text, type.getSimpleName().toString(), property.name());
      if (property.stored() && property.kind() == null) {
        result.add(property); // its type is reported already ([PropertyType]); one mistake, one message
        continue;
      }
      String notApplicable = notApplicable(property);
      if (notApplicable != null) {
        diagnostics.error(property.element(), mirror, null, Ids.DEFAULT_VALUE_PROPERTY,
            EntityRules.defaultNotApplicable(where, notApplicable));
        result.add(property);
        continue;
      }
      String problem = problem(property, text);
      if (problem != null) {
        diagnostics.error(property.element(), mirror, Annotations.explicit(mirror, "value"), Ids.DEFAULT_VALUE,
            EntityRules.defaultInvalid(where, property.type().toString(), problem));
        result.add(property);
        continue;
      }
      result.add(property.withStorage(property.storedName(), text));
    }
    return result;
  }

  /** Reports defaults on key properties, which rows always hold (their keys decompose into them). */
  void checkKeyDefaults(TypeElement type, List<PropertyModel> properties, KeyModel partitionKey, KeyModel rowKey,
      Diagnostics diagnostics) {
    for (PropertyModel property : properties) {
      if (property.defaultValue() != null && (partitionKey != null && partitionKey.indexOf(property.name()) >= 0
          || rowKey != null && rowKey.indexOf(property.name()) >= 0)) {
        AnnotationMirror mirror = Annotations.find(property.element(), Annotations.DEFAULT_VALUE);
        diagnostics.error(property.element(), mirror, null, Ids.DEFAULT_VALUE_PROPERTY,
            EntityRules.defaultOnKey(type.getSimpleName().toString(), property.name()));
      }
    }
  }

  private static String notApplicable(PropertyModel property) {
    switch (property.role()) {
      case TRANSIENT:
        return EntityRules.defaultReason("Transient");
      case ETAG:
        return EntityRules.defaultReason("ETag");
      case TIMESTAMP:
        return EntityRules.defaultReason("Timestamp");
      default:
        break;
    }
    return property.kind() == PropertyKind.JSON ? EntityRules.defaultReason("Json") : null;
  }

  /** Why the text is no value of the property's type, or null. */
  static String problem(PropertyModel property, String text) {
    try {
      property.kind().parseDefault(text, property.enumConstants(), property.type().toString());
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

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

  /**
   * The name of the entity's {@code @Upgrade} method, or null when it has none or the one it has is reported.
   */
  String upgradeMethod(TypeElement type, int version, Diagnostics diagnostics) {
    String found = null;
    boolean reported = false;
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      AnnotationMirror mirror = Annotations.find(method, Annotations.UPGRADE);
      if (mirror == null) {
        continue;
      }
      String where = EntityRules.upgradeWhere(method.getSimpleName().toString(), type.getSimpleName().toString());
      if (found != null) {
        diagnostics.error(method, Ids.UPGRADE_METHOD, EntityRules.upgradeSecond(where, found));
        reported = true;
        continue;
      }
      String problem = signatureProblem(method);
      if (problem != null) {
        diagnostics.error(method, Ids.UPGRADE_METHOD,
            EntityRules.upgradeSignature(where, problem, method.getSimpleName().toString()));
        reported = true;
      } else if (version < 2) {
        diagnostics.error(method, Ids.UPGRADE_VERSION,
            EntityRules.upgradeVersion(where, type.getSimpleName().toString(), version));
        reported = true;
      }
      found = method.getSimpleName().toString();
    }
    return reported ? null : found;
  }

  private String signatureProblem(ExecutableElement method) {
    if (!method.getModifiers().contains(Modifier.STATIC)) {
      return "is not static";
    }
    if (method.getModifiers().contains(Modifier.PRIVATE)) {
      return "is private, so generated code cannot call it";
    }
    if (method.getReturnType().getKind() != TypeKind.VOID) {
      return "returns " + method.getReturnType() + "; it changes the properties in place";
    }
    if (!method.getTypeParameters().isEmpty()) {
      return "has type parameters";
    }
    TypeElement map = elements.getTypeElement("java.util.Map");
    TypeMirror properties = types.getDeclaredType(map,
        elements.getTypeElement("java.lang.String").asType(), elements.getTypeElement("java.lang.Object").asType());
    if (method.getParameters().size() != 2
        || method.getParameters().get(0).asType().getKind() != TypeKind.INT
        || !types.isSameType(method.getParameters().get(1).asType(), properties)) {
      return "takes (" + describeParameters(method) + ")";
    }
    TypeMirror unchecked = elements.getTypeElement("java.lang.RuntimeException").asType();
    TypeMirror error = elements.getTypeElement("java.lang.Error").asType();
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (!types.isSubtype(thrown, unchecked) && !types.isSubtype(thrown, error)) {
        return "throws the checked " + thrown + ", which a read cannot pass on";
      }
    }
    return null;
  }

  private static String describeParameters(ExecutableElement method) {
    List<String> parameters = new ArrayList<>();
    method.getParameters().forEach(p -> parameters.add(p.asType().toString()));
    return String.join(", ", parameters);
  }

  /** The constant holding a property's default in the generated mapping. */
  static String constant(PropertyModel property) {
    return EntityAnalyzer.upperSnake(property.name()) + "_DEFAULT";
  }
}
