package io.tablemapper.processor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names of the members of an entity's metamodel ({@code Employee_}), which its mapping and the repositories over
 * it refer to, decided here once so that every generator uses the same: a constant per stored property
 * ({@code LAST_NAME}), a part per key component ({@code ROW_KEY_EMPLOYEE_ID}) and a method reading a key component
 * back out of a key ({@code employeeIdFromRowKey}). Constants never collide: a property whose constant another
 * member took first gets {@code _PROPERTY} appended, a part {@code _PART}.
 */
final class MemberNames {
  private final Map<String, String> properties = new HashMap<>();
  private final Map<String, List<String>> parts = new HashMap<>();

  private MemberNames() {}

  /** The names of an entity's metamodel members. */
  static MemberNames of(EntityModel entity) {
    MemberNames names = new MemberNames();
    Set<String> taken = new HashSet<>(List.of("TABLE", "TYPE"));
    Map<String, KeyModel> keys = keys(entity);
    taken.addAll(keys.keySet());
    for (PropertyModel property : entity.storedProperties()) {
      names.properties.put(property.name(), unique(EntityAnalyzer.upperSnake(property.name()), "_PROPERTY", taken));
    }
    for (KeyModel key : keys.values()) {
      List<String> keyParts = new ArrayList<>();
      for (PropertyModel property : key.properties()) {
        keyParts.add(unique(stem(key) + "_" + EntityAnalyzer.upperSnake(property.name()), "_PART", taken));
      }
      names.parts.put(key.specConstant(), keyParts);
    }
    return names;
  }

  /** The entity's keys by the name of their spec constant: the PartitionKey, the RowKey, each index's RowKey. */
  static Map<String, KeyModel> keys(EntityModel entity) {
    Map<String, KeyModel> keys = new LinkedHashMap<>();
    keys.put(entity.partitionKey().specConstant(), entity.partitionKey());
    if (entity.rowKey() != null) {
      keys.put(entity.rowKey().specConstant(), entity.rowKey());
    }
    for (EntityModel.IndexModel index : entity.indexes()) {
      keys.put(index.rowKey().specConstant(), index.rowKey());
    }
    return keys;
  }

  /** The constant holding a stored property's stored name: {@code LAST_NAME}. */
  String property(PropertyModel property) {
    return properties.get(property.name());
  }

  /** The constant holding the part of a key's placeholder: {@code ROW_KEY_EMPLOYEE_ID}. */
  String part(KeyModel key, int placeholder) {
    return parts.get(key.specConstant()).get(placeholder);
  }

  /** The method that reads a property out of a key it is a component of: {@code employeeIdFromRowKey}. */
  static String valueFrom(KeyModel key, PropertyModel property) {
    return property.name() + "From" + MethodNameParser.capitalize(key.composeMethod());
  }

  /** What the constants of a key start with: {@code ROW_KEY} for {@code ROW_KEY_SPEC}. */
  private static String stem(KeyModel key) {
    String spec = key.specConstant();
    return spec.endsWith("_SPEC") ? spec.substring(0, spec.length() - "_SPEC".length()) : spec;
  }

  private static String unique(String name, String suffix, Set<String> taken) {
    String candidate = name;
    for (int i = 2; !taken.add(candidate); i++) {
      candidate = name + suffix + (i == 2 ? "" : String.valueOf(i));
    }
    return candidate;
  }
}
