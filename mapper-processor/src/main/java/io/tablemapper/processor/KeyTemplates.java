package io.tablemapper.processor;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyTemplateException;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Parses a key template and binds its placeholders to an entity's properties, with the same parser and rules the
 * runtime uses ({@link KeyTemplate}), reporting problems on the annotation value: syntax, forbidden characters,
 * properties that cannot be in a key, modifiers that do not fit, enum constants that would break the key, keys
 * that cannot fit the store's 1 KiB, and (as a warning) a zero padding narrower than the property's type.
 */
final class KeyTemplates {
  private final TypeElement type;
  private final List<PropertyModel> properties;
  private final Diagnostics diagnostics;

  KeyTemplates(TypeElement type, List<PropertyModel> properties, Diagnostics diagnostics) {
    this.type = type;
    this.properties = properties;
    this.diagnostics = diagnostics;
  }

  /**
   * Binds a template; returns null after reporting when it is malformed or does not fit the properties.
   *
   * @param what how the user wrote it, for messages: {@code @RowKey}
   */
  KeyModel bind(
      AnnotationMirror mirror, AnnotationValue value, String source, String what, String keyName,
      String specConstant, String composeMethod) {
    String owner = type.getSimpleName().toString();
    KeyTemplate template;
    try {
      template = KeyTemplate.parse(source);
    } catch (KeyTemplateException e) {
      if (e.kind() == KeyTemplateException.Kind.FORBIDDEN_CHARACTER) {
        diagnostics.error(type, mirror, value, Ids.KEY_FORBIDDEN_CHARACTER,
            EntityRules.keyForbiddenCharacter(what, owner, e.getMessage()));
      } else {
        diagnostics.error(type, mirror, value, Ids.KEY_TEMPLATE_SYNTAX,
            EntityRules.keySyntax(what, owner, e.getMessage()));
      }
      return null;
    }
    int literalLength = 0;
    for (KeyTemplate.Segment segment : template.segments()) {
      if (segment instanceof KeyTemplate.Literal) {
        literalLength += ((KeyTemplate.Literal) segment).text().length();
      }
    }
    if (literalLength > StoreLimits.MAX_KEY_LENGTH) {
      diagnostics.error(type, mirror, value, Ids.KEY_TOO_LONG,
          EntityRules.keyLiteralTooLong(what, owner, literalLength));
      return null;
    }
    List<String> known = new ArrayList<>();
    for (PropertyModel property : properties) {
      known.add(property.name());
    }
    List<PropertyModel> bound = new ArrayList<>();
    List<KeyType> keyTypes = new ArrayList<>();
    boolean ok = true;
    for (KeyTemplate.Placeholder placeholder : template.placeholders()) {
      PropertyModel property = PropertyModel.named(properties, placeholder.property());
      if (property == null) {
        diagnostics.error(type, mirror, value, Ids.KEY_UNKNOWN_PROPERTY,
            EntityRules.keyUnknownProperty(what, owner, placeholder.property(), known));
        ok = false;
        continue;
      }
      if (!property.stored() || property.kind() == PropertyKind.JSON) {
        diagnostics.error(type, mirror, value, Ids.KEY_PROPERTY_NOT_STORED,
            EntityRules.keyPropertyNotStored(what, owner, property.name(), describeRole(property)));
        ok = false;
        continue;
      }
      if (property.keyType() == null) {
        diagnostics.error(type, mirror, value, Ids.KEY_PROPERTY_TYPE,
            EntityRules.keyPropertyType(what, owner, property.name(), property.type().toString(),
                KeyType.supportedTypes()));
        ok = false;
        continue;
      }
      bound.add(property);
      keyTypes.add(property.keyType());
    }
    if (!ok) {
      return null;
    }
    List<KeyTemplateException> problems = template.validate(keyTypes);
    for (KeyTemplateException problem : problems) {
      diagnostics.error(type, mirror, value, Ids.KEY_TEMPLATE_TYPES,
          EntityRules.keyTemplateTypes(what, owner, problem.getMessage()));
    }
    if (!problems.isEmpty() || !enumConstantsFit(template, bound, mirror, value, what)
        || !fitsTheStore(template, bound, mirror, value, what)) {
      return null;
    }
    warnAboutNarrowWidths(template, bound, mirror, value, what);
    return new KeyModel(keyName, template, List.copyOf(bound), specConstant, composeMethod, mirror, value);
  }

  /**
   * Whether every constant of each enum in the key can be written in it: no forbidden character and not the
   * separator that follows the placeholder (the constants are known at compile time, so this need not wait for a
   * run-time {@code InvalidKeyException}).
   */
  private boolean enumConstantsFit(
      KeyTemplate template, List<PropertyModel> bound, AnnotationMirror mirror, AnnotationValue value, String what) {
    boolean ok = true;
    for (KeyTemplate.Placeholder placeholder : template.placeholders()) {
      PropertyModel property = bound.get(placeholder.index());
      if (property.keyType() != KeyType.ENUM) {
        continue;
      }
      String problem = EntityRules.keyEnumConstantProblem(what, type.getSimpleName().toString(),
          property.type().toString(), template, placeholder, property.enumConstants());
      if (problem != null) {
        diagnostics.error(type, mirror, value, Ids.KEY_ENUM_CONSTANT, problem);
        ok = false;
      }
    }
    return ok;
  }

  /** Whether the key can fit the store's length limit: its shortest and (when bounded) its longest form. */
  private boolean fitsTheStore(
      KeyTemplate template, List<PropertyModel> bound, AnnotationMirror mirror, AnnotationValue value, String what) {
    KeyShape shape = KeyModel.shape(template, bound);
    int limit = StoreLimits.MAX_KEY_LENGTH;
    if (shape.minLength() > limit || shape.maxLength() > limit) {
      boolean always = shape.minLength() > limit;
      diagnostics.error(type, mirror, value, Ids.KEY_TOO_LONG,
          EntityRules.keyTooLong(what, type.getSimpleName().toString(), always,
              always ? shape.minLength() : shape.maxLength()));
      return false;
    }
    return true;
  }

  /**
   * Warns about a zero padding that cannot hold the values of its property's type: a {@code byte} below 3 digits,
   * a {@code short} below 5, a {@code long} below 19. An {@code int} is not warned about: padding it to the digits an
   * application's numbers need is the guide's convention ({@code {employeeId:08}}, {@code {month:02}}).
   */
  private void warnAboutNarrowWidths(
      KeyTemplate template, List<PropertyModel> bound, AnnotationMirror mirror, AnnotationValue value, String what) {
    for (KeyTemplate.Placeholder placeholder : template.placeholders()) {
      PropertyModel property = bound.get(placeholder.index());
      KeyType keyType = property.keyType();
      if (placeholder.width() == 0 || keyType == KeyType.INT || placeholder.width() >= keyType.digits()) {
        continue;
      }
      long max = KeyCodec.maxPadded(placeholder.width());
      diagnostics.warning(type, mirror, value, Ids.KEY_WIDTH,
          what + " of " + type.getSimpleName() + " pads '" + property.name() + "' to " + placeholder.width()
              + " digit" + (placeholder.width() == 1 ? "" : "s") + " (" + placeholder.text() + " holds 0 … " + max
              + "), but it is a " + property.type() + ", whose values reach " + keyType.maxValue() + "; larger"
              + " values and negatives are refused at run time with InvalidKeyException; write {" + property.name()
              + ":0" + keyType.digits() + "}, or {" + property.name() + "} for the whole range with negatives, or"
              + " declare a narrower type");
    }
  }

  private static String describeRole(PropertyModel property) {
    switch (property.role()) {
      case TRANSIENT:
        return "@Transient";
      case ETAG:
        return "the @ETag";
      case TIMESTAMP:
        return "the @Timestamp";
      default:
        return "stored as @Json";
    }
  }
}
