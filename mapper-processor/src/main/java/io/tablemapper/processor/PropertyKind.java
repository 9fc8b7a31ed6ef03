package io.tablemapper.processor;

import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.spi.EdmType;
import java.util.Map;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** How a Java property type is stored: its store type, and how it can be queried. */
enum PropertyKind {
  STRING(EdmType.STRING, true, true),
  CHAR(EdmType.STRING, true, true),
  BINARY(EdmType.BINARY, true, false),
  BOOLEAN(EdmType.BOOLEAN, true, false),
  BYTE(EdmType.INT32, true, true),
  SHORT(EdmType.INT32, true, true),
  INT(EdmType.INT32, true, true),
  LONG(EdmType.INT64, true, true),
  FLOAT(EdmType.DOUBLE, true, true),
  DOUBLE(EdmType.DOUBLE, true, true),
  UUID(EdmType.GUID, true, false),
  INSTANT(EdmType.DATE_TIME, true, true),
  OFFSET_DATE_TIME(EdmType.DATE_TIME, true, true),
  LOCAL_DATE(EdmType.DATE_TIME, true, true),
  LOCAL_DATE_TIME(EdmType.DATE_TIME, true, true),
  ENUM(EdmType.STRING, true, false),
  BIG_DECIMAL(EdmType.STRING, true, false),
  BIG_INTEGER(EdmType.STRING, true, false),
  JSON(EdmType.STRING, false, false);

  private static final Map<String, PropertyKind> DECLARED =
      Map.ofEntries(
          Map.entry("java.lang.String", STRING),
          Map.entry("java.lang.Character", CHAR),
          Map.entry("java.lang.Boolean", BOOLEAN),
          Map.entry("java.lang.Byte", BYTE),
          Map.entry("java.lang.Short", SHORT),
          Map.entry("java.lang.Integer", INT),
          Map.entry("java.lang.Long", LONG),
          Map.entry("java.lang.Float", FLOAT),
          Map.entry("java.lang.Double", DOUBLE),
          Map.entry("java.util.UUID", UUID),
          Map.entry("java.time.Instant", INSTANT),
          Map.entry("java.time.OffsetDateTime", OFFSET_DATE_TIME),
          Map.entry("java.time.LocalDate", LOCAL_DATE),
          Map.entry("java.time.LocalDateTime", LOCAL_DATE_TIME),
          Map.entry("java.math.BigDecimal", BIG_DECIMAL),
          Map.entry("java.math.BigInteger", BIG_INTEGER));

  private final EdmType edmType;
  private final boolean queryable;
  private final boolean orderable;

  PropertyKind(EdmType edmType, boolean queryable, boolean orderable) {
    this.edmType = edmType;
    this.queryable = queryable;
    this.orderable = orderable;
  }

  /** The store type. */
  EdmType edmType() {
    return edmType;
  }

  /** Whether derived queries can compare it for equality. */
  boolean queryable() {
    return queryable;
  }

  /**
   * Whether its stored form sorts like its values, so range conditions work (enums sort by name, BigDecimal as
   * text, UUIDs and binaries without a useful order: equality only).
   */
  boolean orderable() {
    return orderable;
  }

  /** The kind of a type, or null when the store cannot hold it without {@code @Json}. */
  static PropertyKind of(TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN:
        return BOOLEAN;
      case BYTE:
        return BYTE;
      case SHORT:
        return SHORT;
      case INT:
        return INT;
      case LONG:
        return LONG;
      case CHAR:
        return CHAR;
      case FLOAT:
        return FLOAT;
      case DOUBLE:
        return DOUBLE;
      case ARRAY:
        return ((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE ? BINARY : null;
      case DECLARED:
        TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
        if (element.getKind() == ElementKind.ENUM) {
          return ENUM;
        }
        return DECLARED.get(element.getQualifiedName().toString());
      default:
        return null;
    }
  }

  /** Whether a type is the declared type with this qualified name. */
  static boolean isDeclared(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(qualifiedName);
  }

  /** The supported types, for messages. */
  static String supportedTypes() {
    return EntityRules.supportedTypes();
  }
}
