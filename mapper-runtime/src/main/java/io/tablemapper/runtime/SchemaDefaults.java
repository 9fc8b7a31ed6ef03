package io.tablemapper.runtime;

import io.tablemapper.annotations.DefaultValue;
import io.tablemapper.annotations.Upgrade;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.PropertyRole;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Schema evolution for a class introspected at run time, as the processor's {@code SchemaEvolution} checks it:
 * {@code @DefaultValue} texts parsed into values of their properties' types ({@link PropertyKind#parseDefault}), and
 * the {@code @Upgrade} method's signature.
 */
final class SchemaDefaults {
  private final Class<?> type;
  private final String entity;
  private final List<String> problems;

  SchemaDefaults(Class<?> type, List<String> problems) {
    this.type = type;
    this.entity = type.getSimpleName();
    this.problems = problems;
  }

  private void error(String id, String message) {
    problems.add(EntityRules.format(id, message));
  }

  /** Reads each property's {@code @DefaultValue} into its value; a text the type cannot hold is reported. */
  void read(List<RuntimeProperty> properties) {
    for (RuntimeProperty property : properties) {
      DefaultValue annotation = property.element.getAnnotation(DefaultValue.class);
      if (annotation == null) {
        continue;
      }
      String text = annotation.value();
      String where = EntityRules.defaultWhere(text, entity, property.name);
      if (property.stored() && property.kind == null) {
        continue; // its type is reported already ([PropertyType]); one mistake, one message
      }
      String role = property.role == PropertyRole.TRANSIENT ? "Transient"
          : property.role == PropertyRole.ETAG ? "ETag"
          : property.role == PropertyRole.TIMESTAMP ? "Timestamp"
          : property.kind == PropertyKind.JSON ? "Json" : null;
      if (role != null) {
        error(EntityRules.DEFAULT_VALUE_PROPERTY,
            EntityRules.defaultNotApplicable(where, EntityRules.defaultReason(role)));
        continue;
      }
      List<String> constants = new ArrayList<>();
      if (property.type.isEnum()) {
        for (Object constant : property.type.getEnumConstants()) {
          constants.add(((Enum<?>) constant).name());
        }
      }
      try {
        Object value = property.kind.parseDefault(text, constants, property.typeText());
        property.defaultValue = property.kind == PropertyKind.ENUM ? enumConstant(property.type, value)
            : value;
      } catch (IllegalArgumentException e) {
        error(EntityRules.DEFAULT_VALUE, EntityRules.defaultInvalid(where, property.typeText(), e.getMessage()));
      }
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumConstant(Class<?> type, Object name) {
    return Enum.valueOf((Class) type, (String) name);
  }

  /** Reports defaults on key properties, which rows always hold. */
  void checkKeys(List<RuntimeProperty> properties, KeyTemplate partitionKey, KeyTemplate rowKey) {
    for (RuntimeProperty property : properties) {
      if (property.defaultValue != null && (partitionKey != null && partitionKey.placeholder(property.name) != null
          || rowKey != null && rowKey.placeholder(property.name) != null)) {
        error(EntityRules.DEFAULT_VALUE_PROPERTY, EntityRules.defaultOnKey(entity, property.name));
      }
    }
  }

  /** The class's {@code @Upgrade} method, or null when it has none or the one it has is reported. */
  Method upgradeMethod(int version) {
    Method found = null;
    boolean reported = false;
    for (Method method : type.getDeclaredMethods()) {
      if (!method.isAnnotationPresent(Upgrade.class)) {
        continue;
      }
      String where = EntityRules.upgradeWhere(method.getName(), entity);
      if (found != null) {
        error(EntityRules.UPGRADE_METHOD, EntityRules.upgradeSecond(where, found.getName()));
        reported = true;
        continue;
      }
      String problem = signatureProblem(method);
      if (problem != null) {
        error(EntityRules.UPGRADE_METHOD, EntityRules.upgradeSignature(where, problem, method.getName()));
        reported = true;
      } else if (version < 2) {
        error(EntityRules.UPGRADE_VERSION, EntityRules.upgradeVersion(where, entity, version));
        reported = true;
      }
      found = method;
    }
    return reported ? null : found;
  }

  private static String signatureProblem(Method method) {
    if (!Modifier.isStatic(method.getModifiers())) {
      return "is not static";
    }
    if (Modifier.isPrivate(method.getModifiers())) {
      return "is private, so generated code cannot call it";
    }
    if (method.getReturnType() != void.class) {
      return "returns " + RuntimeProperty.typeText(method.getGenericReturnType())
          + "; it changes the properties in place";
    }
    if (method.getTypeParameters().length > 0) {
      return "has type parameters";
    }
    Type[] parameters = method.getGenericParameterTypes();
    if (parameters.length != 2 || parameters[0] != int.class || !isPropertyMap(parameters[1])) {
      List<String> names = new ArrayList<>();
      for (Type parameter : parameters) {
        names.add(RuntimeProperty.typeText(parameter));
      }
      return "takes (" + String.join(", ", names) + ")";
    }
    for (Class<?> thrown : method.getExceptionTypes()) {
      if (!RuntimeException.class.isAssignableFrom(thrown) && !Error.class.isAssignableFrom(thrown)) {
        return "throws the checked " + RuntimeProperty.typeText(thrown) + ", which a read cannot pass on";
      }
    }
    return null;
  }

  private static boolean isPropertyMap(Type type) {
    if (!(type instanceof ParameterizedType)) {
      return false;
    }
    ParameterizedType map = (ParameterizedType) type;
    Type[] arguments = map.getActualTypeArguments();
    return map.getRawType() == Map.class && arguments[0] == String.class && arguments[1] == Object.class;
  }
}
