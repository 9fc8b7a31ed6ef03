package io.tablemapper.internal.model;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.internal.key.KeyType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules of an entity's properties, for {@link EntityChecker}: their types and roles, accessors, stored names
 * (naming strategies, {@code @Property}), {@code @DefaultValue}s, the one ETag and Timestamp; how many a row holds is
 * {@link RowMarks}'.
 */
final class PropertyRules {
  private PropertyRules() {}

  /**
   * Each property with what the rules decided of it; problems reported.
   *
   * @param bean whether the class is a JavaBean, whose properties need setters ({@link CreatorRules}); else they
   *     need getters only
   */
  static <P extends PropertySource> List<CheckedProperty<P>> check(EntitySource<P> source, boolean bean,
      Problems problems) {
    List<CheckedProperty<P>> properties = properties(source, bean, problems);
    properties = names(source, properties, problems);
    properties = defaults(source, properties, problems);
    checkProperties(source, properties, problems);
    return properties;
  }

  /** Each property's role, kind and key type, reporting types and annotations that do not fit. */
  private static <P extends PropertySource> List<CheckedProperty<P>> properties(EntitySource<P> source,
      boolean bean, Problems problems) {
    String entity = source.simpleName();
    List<CheckedProperty<P>> checked = new ArrayList<>();
    for (P property : source.properties()) {
      if (!property.isTransient() && (!property.readable() || bean && !property.writable())) {
        problems.report(property.site(), null, EntityRules.accessor(entity,
            property.name(), property.canonicalName().equals("boolean"), !property.readable(),
            property.finalField(), !source.isAbstract()));
      }
      checked.add(property(entity, property, problems));
    }
    return checked;
  }

  private static <P extends PropertySource> CheckedProperty<P> property(String entity, P property,
      Problems problems) {
    String name = property.name();
    Object site = property.site();
    String type = property.canonicalName();
    int roles = (property.isTransient() ? 1 : 0) + (property.isJson() ? 1 : 0) + (property.isETag() ? 1 : 0)
        + (property.isTimestamp() ? 1 : 0);
    boolean notStored = property.isTransient() || property.isETag() || property.isTimestamp();
    boolean encryptedNotStored = (property.isEncrypted() || property.isLarge()) && notStored;
    if (roles > 1 || encryptedNotStored) {
      problems.report(site, null, EntityRules.combinedAnnotations(entity, name,
          (property.isTransient() ? "@Transient " : "") + (property.isJson() ? "@Json " : "")
              + (property.isETag() ? "@ETag " : "") + (property.isTimestamp() ? "@Timestamp " : "")
              + (property.isEncrypted() ? "@Encrypted " : "") + (property.isLarge() ? "@Large " : "")));
    }
    PropertyRole role = PropertyRole.STORED;
    PropertyKind kind = null;
    if (property.isTransient()) {
      role = PropertyRole.TRANSIENT;
    } else if (property.isETag()) {
      role = PropertyRole.ETAG;
      if (!type.equals("java.lang.String")) {
        problems.report(site, null, EntityRules.etagType(entity, name, property.typeText()));
      }
    } else if (property.isTimestamp()) {
      role = PropertyRole.TIMESTAMP;
      if (!type.equals("java.time.Instant") && !type.equals("java.time.OffsetDateTime")) {
        problems.report(site, null, EntityRules.timestampType(entity, name, property.typeText()));
      }
    } else if (property.isJson()) {
      kind = PropertyKind.JSON;
      if (property.isPrimitive()) {
        problems.report(site, null, EntityRules.primitiveJson(entity, name, property.typeText()));
      }
    } else {
      kind = PropertyKind.of(type, property.isEnum());
      if (kind == null) {
        problems.report(site, null, EntityRules.propertyType(entity, name, property.typeText()));
      }
    }
    if (role == PropertyRole.STORED && property.isEncrypted() && kind != null && !kind.encryptable()) {
      problems.report(site, null, EntityRules.encryptedType(entity, name, property.typeText()));
    }
    if (role == PropertyRole.STORED && property.isLarge() && kind != null && kind != PropertyKind.STRING
        && kind != PropertyKind.BINARY && kind != PropertyKind.JSON) {
      problems.report(site, null, EntityRules.largeType(entity, name, property.typeText()));
    }
    KeyType keyType = role == PropertyRole.STORED && kind != PropertyKind.JSON
        ? KeyType.forTypeName(type, property.isEnum())
        : null;
    return new CheckedProperty<>(property, role, kind, keyType, name, null, null);
  }

  /**
   * Each property's stored name: its {@code @Property}, else its Java name after the naming strategy of its class
   * (a property declared in an {@code @Entity} superclass keeps the name that class gives it, so a query of the root
   * finds it in every subtype's rows). Checks the names a {@code @Property} gives and that no two stored properties
   * share a name; the names a strategy derives are checked with every other stored name.
   */
  private static <P extends PropertySource> List<CheckedProperty<P>> names(EntitySource<P> source,
      List<CheckedProperty<P>> properties, Problems problems) {
    String entity = source.simpleName();
    String strategy = source.namingStrategy();
    List<CheckedProperty<P>> named = new ArrayList<>(properties.size());
    Map<String, CheckedProperty<P>> byStoredName = new HashMap<>();
    for (CheckedProperty<P> property : properties) {
      P p = property.source();
      String own = p.declaringStrategy();
      String storedName = NamingStrategy.valueOf(own != null ? own : strategy).storedName(p.name());
      String explicit = p.explicitName();
      if (explicit != null) {
        if (!property.stored()) {
          problems.report(p.explicitNameSite(), null, EntityRules.propertyNameNotStored(entity, p.name(), explicit,
              describeRole(property.role())));
        } else {
          String problem = EntityRules.storedNameProblem(explicit);
          if (problem != null) {
            problems.report(p.explicitNameSite(), "value", EntityRules.explicitPropertyName(entity, p.name(),
                explicit, problem));
          }
        }
        storedName = explicit;
      }
      if (property.stored()) {
        CheckedProperty<P> first = byStoredName.putIfAbsent(storedName, property);
        if (first != null) {
          problems.report(explicit == null ? p.site() : p.explicitNameSite(), explicit == null ? null : "value",
              EntityRules.propertyNameDuplicate(entity, p.name(), storedName, first.name()));
        }
      }
      named.add(property.withName(storedName));
    }
    return named;
  }

  private static String describeRole(PropertyRole role) {
    switch (role) {
      case TRANSIENT:
        return "@Transient";
      case ETAG:
        return "the @ETag, which the store keeps apart from properties";
      default:
        return "the @Timestamp, which the store keeps apart from properties";
    }
  }

  /**
   * Each property's {@code @DefaultValue}, checked against its type: what a row of an older version that lacks the
   * property reads as. A default on a property that never takes one, or that its type cannot hold, is reported.
   */
  private static <P extends PropertySource> List<CheckedProperty<P>> defaults(EntitySource<P> source,
      List<CheckedProperty<P>> properties, Problems problems) {
    List<CheckedProperty<P>> result = new ArrayList<>(properties.size());
    for (CheckedProperty<P> property : properties) {
      P p = property.source();
      String text = p.defaultText();
      if (text == null || property.stored() && property.kind() == null) {
        result.add(property); // no default, or a type reported already ([PropertyType]): one mistake, one message
        continue;
      }
      String where = EntityRules.defaultWhere(text, source.simpleName(), p.name());
      String reason = property.role() == PropertyRole.TRANSIENT ? "Transient"
          : property.role() == PropertyRole.ETAG ? "ETag"
          : property.role() == PropertyRole.TIMESTAMP ? "Timestamp"
          : property.kind() == PropertyKind.JSON ? "Json" : null;
      if (reason != null) {
        problems.report(p.defaultSite(), null,
            EntityRules.defaultNotApplicable(where, EntityRules.defaultReason(reason)));
        result.add(property);
        continue;
      }
      try {
        result.add(property.withDefault(text, property.kind().parseDefault(text, p.enumConstants(), p.typeText())));
      } catch (IllegalArgumentException e) {
        problems.report(p.defaultSite(), "value", EntityRules.defaultInvalid(where, p.typeText(), e.getMessage()));
        result.add(property);
      }
    }
    return result;
  }

  private static void checkProperties(EntitySource<?> source, List<? extends CheckedProperty<?>> properties,
      Problems problems) {
    String entity = source.simpleName();
    CheckedProperty<?> etag = null;
    CheckedProperty<?> timestamp = null;
    for (CheckedProperty<?> property : properties) {
      Object site = property.source().site();
      if (property.role() == PropertyRole.ETAG) {
        if (etag != null) {
          problems.report(site, null, EntityRules.etagDuplicate(entity, property.name(), etag.name()));
        }
        etag = property;
      }
      if (property.role() == PropertyRole.TIMESTAMP) {
        if (timestamp != null) {
          problems.report(site, null, EntityRules.timestampDuplicate(entity, property.name(), timestamp.name()));
        }
        timestamp = property;
      }
      if (!property.stored()) {
        continue;
      }
      if (property.source().explicitName() != null) {
        continue; // checked with the other names it gives
      }
      String problem = EntityRules.storedNameProblem(property.storedName());
      if (problem != null) {
        problems.report(site, null, EntityRules.propertyName(entity, property.name(), property.storedName(), problem));
      }
    }
  }
}
