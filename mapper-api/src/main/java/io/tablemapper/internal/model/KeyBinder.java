package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyShape;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyTemplateException;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses a key template and binds its placeholders to an entity's properties, for the processor and the runtime
 * alike: syntax, forbidden characters, properties that cannot be in a key, modifiers that do not fit, enum constants
 * that would break the key, keys that cannot fit the store's 1 KiB (errors), and a zero padding narrower than the
 * property's type (a warning).
 */
public final class KeyBinder {
  private KeyBinder() {}

  /**
   * Binds a template; returns null after reporting when it is malformed or does not fit the properties.
   *
   * @param entity the entity's simple name, for messages
   * @param source the template as written
   * @param what how the user wrote it, for messages: {@code @RowKey}, {@code @Index(name = "email") rowKey}
   * @param site where the template is written, for {@link Problems}; problems are on its {@code attribute}
   */
  public static <P extends ModelProperty> BoundKey<P> bind(String entity, List<P> properties, String source,
      String what, Object site, String attribute, Problems problems) {
    KeyTemplate template;
    try {
      template = KeyTemplate.parse(source);
    } catch (KeyTemplateException e) {
      if (e.kind() == KeyTemplateException.Kind.FORBIDDEN_CHARACTER) {
        problems.report(site, attribute, EntityRules.keyForbiddenCharacter(what, entity, e.getMessage()));
      } else {
        problems.report(site, attribute, EntityRules.keySyntax(what, entity, e.getMessage()));
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
      problems.report(site, attribute, EntityRules.keyLiteralTooLong(what, entity, literalLength));
      return null;
    }
    List<String> known = new ArrayList<>();
    for (P property : properties) {
      known.add(property.name());
    }
    List<P> bound = new ArrayList<>();
    List<KeyType> keyTypes = new ArrayList<>();
    boolean ok = true;
    for (KeyTemplate.Placeholder placeholder : template.placeholders()) {
      P property = ModelProperty.named(properties, placeholder.property());
      if (property == null) {
        problems.report(site, attribute, EntityRules.keyUnknownProperty(what, entity, placeholder.property(), known));
        ok = false;
      } else if (!property.stored() || property.kind() == PropertyKind.JSON) {
        problems.report(site, attribute, EntityRules.keyPropertyNotStored(what, entity, property.name(), describeRole(
            property)));
        ok = false;
      } else if (property.encrypted()) {
        problems.report(site, attribute, EntityRules.encryptedKey(what, entity, property.name()));
        ok = false;
      } else if (property.large()) {
        problems.report(site, attribute, EntityRules.largeKey(what, entity, property.name()));
        ok = false;
      } else if (property.keyType() == null) {
        problems.report(site, attribute, EntityRules.keyPropertyType(what, entity,
            property.name(), property.typeText(), KeyType.supportedTypes()));
        ok = false;
      } else {
        bound.add(property);
        keyTypes.add(property.keyType());
      }
    }
    if (!ok) {
      return null;
    }
    List<KeyTemplateException> invalid = template.validate(keyTypes);
    for (KeyTemplateException problem : invalid) {
      problems.report(site, attribute, EntityRules.keyTemplateTypes(what, entity, problem.getMessage()));
    }
    BoundKey<P> key = new BoundKey<>(template, List.copyOf(bound));
    if (!invalid.isEmpty() || !enumConstantsFit(entity, key, what, site, attribute, problems)
        || !fitsTheStore(entity, key, what, site, attribute, problems)) {
      return null;
    }
    warnAboutNarrowWidths(entity, key, what, site, attribute, problems);
    return key;
  }

  /**
   * Whether every constant of each enum in the key can be written in it: no forbidden character and not the
   * separator that follows the placeholder (the constants are known before any value is, so this need not wait for
   * an {@code InvalidKeyException}).
   */
  private static boolean enumConstantsFit(String entity, BoundKey<?> key, String what, Object site,
      String attribute, Problems problems) {
    boolean ok = true;
    for (KeyTemplate.Placeholder placeholder : key.template().placeholders()) {
      ModelProperty property = key.property(placeholder.index());
      if (property.keyType() != KeyType.ENUM) {
        continue;
      }
      Problem problem = EntityRules.keyEnumConstantProblem(what, entity, property.typeText(), key.template(),
          placeholder, property.enumConstants());
      if (problem != null) {
        problems.report(site, attribute, problem);
        ok = false;
      }
    }
    return ok;
  }

  /** Whether the key can fit the store's length limit: its shortest and (when bounded) its longest form. */
  private static boolean fitsTheStore(String entity, BoundKey<?> key, String what, Object site, String attribute,
      Problems problems) {
    KeyShape shape = key.shape();
    int limit = StoreLimits.MAX_KEY_LENGTH;
    if (shape.minLength() > limit || shape.maxLength() > limit) {
      boolean always = shape.minLength() > limit;
      problems.report(site, attribute, EntityRules.keyTooLong(what, entity, always, always ? shape.minLength()
          : shape.maxLength()));
      return false;
    }
    return true;
  }

  /**
   * Warns about a zero padding that cannot hold the values of its property's type: a {@code byte} below 3 digits,
   * a {@code short} below 5, a {@code long} below 19. An {@code int} is not warned about: padding it to the digits an
   * application's numbers need is the guide's convention ({@code {employeeId:08}}, {@code {month:02}}).
   */
  private static void warnAboutNarrowWidths(String entity, BoundKey<?> key, String what, Object site,
      String attribute, Problems problems) {
    for (KeyTemplate.Placeholder placeholder : key.template().placeholders()) {
      ModelProperty property = key.property(placeholder.index());
      KeyType keyType = property.keyType();
      if (placeholder.width() == 0 || keyType == KeyType.INT || placeholder.width() >= keyType.digits()) {
        continue;
      }
      problems.report(site, attribute, EntityRules.keyWidth(what, entity, property.name(), property.typeText(),
          placeholder, keyType));
    }
  }

  private static String describeRole(ModelProperty property) {
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
