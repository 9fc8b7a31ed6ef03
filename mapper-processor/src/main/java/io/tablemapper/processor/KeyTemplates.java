package io.tablemapper.processor;

import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.key.KeyTemplate;
import io.tablemapper.spi.key.KeyTemplateException;
import io.tablemapper.spi.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Parses a key template and binds its placeholders to an entity's properties, with the same parser and rules the
 * runtime uses ({@link KeyTemplate}), reporting problems on the annotation value.
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
      diagnostics.error(type, mirror, value, Ids.KEY_TEMPLATE_SYNTAX,
          what + " of " + owner + " is malformed: " + e.getMessage());
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
          what + " of " + owner + " has " + literalLength + " characters of literal text; a key holds at most "
              + StoreLimits.MAX_KEY_LENGTH);
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
            what + " of " + owner + " refers to '" + placeholder.property() + "', which is not a property of "
                + owner + Similarity.didYouMean(placeholder.property(), known));
        ok = false;
        continue;
      }
      if (!property.stored() || property.kind() == PropertyKind.JSON) {
        diagnostics.error(type, mirror, value, Ids.KEY_PROPERTY_NOT_STORED,
            what + " of " + owner + " refers to '" + property.name() + "', which is "
                + describeRole(property) + "; a key is composed of stored properties");
        ok = false;
        continue;
      }
      if (property.keyType() == null) {
        diagnostics.error(type, mirror, value, Ids.KEY_PROPERTY_TYPE,
            what + " of " + owner + " refers to '" + property.name() + "' of type " + property.type()
                + ", which cannot be part of a key; keys hold " + KeyType.supportedTypes());
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
          what + " of " + owner + ": " + problem.getMessage());
    }
    return problems.isEmpty() ? new KeyModel(keyName, template, List.copyOf(bound), specConstant, composeMethod) : null;
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
