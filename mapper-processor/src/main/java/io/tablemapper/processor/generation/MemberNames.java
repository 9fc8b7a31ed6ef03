package io.tablemapper.processor.generation;

import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.processor.entity.EntityAnalyzer;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.KeyModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.MethodNameParser;
import io.tablemapper.processor.repository.RepositoryModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;

/**
 * The names of the members of an entity's metamodel ({@code Employee_}), which its mapping and the repositories over
 * it refer to, decided here once so that every generator uses the same: a constant per stored property
 * ({@code LAST_NAME}), a part per key component ({@code ROW_KEY_EMPLOYEE_ID}), the literal text a RowKey starts
 * with ({@code ROW_KEY_PREFIX}), a method composing the start of a RowKey ({@code rowKeyPrefix}) and one reading a
 * key component back out of a key ({@code employeeIdFromRowKey}); and the plan constants of a repository
 * implementation. Constants never collide: a property whose constant another member took first gets
 * {@code _PROPERTY} appended, a part {@code _PART}, a prefix {@code _TEXT}, an overloaded method's plan {@code _2}.
 */
final class MemberNames {
  private final Map<String, String> properties = new HashMap<>();
  private final Map<String, List<String>> parts = new HashMap<>();
  private final Map<String, String> prefixes = new HashMap<>();

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
    for (KeyModel key : keys.values()) {
      if (key != entity.partitionKey() && literalPrefix(key) != null) {
        names.prefixes.put(key.specConstant(), unique(stem(key) + "_PREFIX", "_TEXT", taken));
      }
    }
    return names;
  }

  /**
   * The entity's keys by the name of their spec constant: the PartitionKey, the RowKey, each index's PartitionKey
   * (a remote index's) and RowKey.
   */
  static Map<String, KeyModel> keys(EntityModel entity) {
    Map<String, KeyModel> keys = new LinkedHashMap<>();
    keys.put(entity.partitionKey().specConstant(), entity.partitionKey());
    if (entity.rowKey() != null) {
      keys.put(entity.rowKey().specConstant(), entity.rowKey());
    }
    for (EntityModel.IndexModel index : entity.indexes()) {
      if (index.remote()) {
        keys.put(index.partitionKey().specConstant(), index.partitionKey());
      }
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

  /**
   * The constant holding the literal text every key of a RowKey template starts with ({@code ROW_KEY_PREFIX} for
   * {@code empid_{employeeId:08}}), or null when the template starts with a placeholder or has none.
   */
  String prefix(KeyModel key) {
    return prefixes.get(key.specConstant());
  }

  /** The literal a template starts with when a placeholder follows it, else null. */
  static String literalPrefix(KeyModel key) {
    List<KeyTemplate.Segment> segments = key.template().segments();
    return segments.size() > 1 && segments.get(0) instanceof KeyTemplate.Literal
        ? ((KeyTemplate.Literal) segments.get(0)).text()
        : null;
  }

  /**
   * The methods composing the start of a RowKey up to a component, from the values of the components before it:
   * {@code rowKeyPrefix(employeeId)} gives {@code review_000123_} of {@code review_{employeeId:06}_{year:04}}
   * (overloads tell the lengths apart).
   */
  static String prefixMethod(KeyModel key) {
    return key.composeMethod() + "Prefix";
  }

  /** The method that reads a property out of a key it is a component of: {@code employeeIdFromRowKey}. */
  static String valueFrom(KeyModel key, PropertyModel property) {
    return property.name() + "From" + MethodNameParser.capitalize(key.composeMethod());
  }

  /**
   * The constant holding the plan of each derived method of a repository implementation, by method:
   * {@code FIND_BY_DEPARTMENT_PLAN}.
   */
  static Map<ExecutableElement, String> plans(RepositoryModel repository) {
    Map<ExecutableElement, String> plans = new HashMap<>();
    Set<String> taken = new HashSet<>(); // a parameter of that name would hide the constant
    for (RepositoryModel.QueryMethod method : repository.methods()) {
      for (VariableElement parameter : method.element().getParameters()) {
        taken.add(parameter.getSimpleName().toString());
      }
    }
    for (RepositoryModel.QueryMethod method : repository.methods()) {
      String name = EntityAnalyzer.upperSnake(method.element().getSimpleName().toString()) + "_PLAN";
      plans.put(method.element(), unique(name, "", taken));
    }
    return plans;
  }

  /**
   * The constant and the reader method of each projection of a repository implementation, by the record's qualified
   * name, in the order of the methods that first return it: {@code EMPLOYEE_NAME_PROJECTION} and
   * {@code readEmployeeName} (a second record of the same simple name gets {@code _2} and {@code 2}).
   */
  static Map<String, Projected> projections(RepositoryModel repository) {
    Map<String, Projected> projections = new LinkedHashMap<>();
    Set<String> taken = new HashSet<>();
    for (RepositoryModel.QueryMethod method : repository.methods()) {
      RepositoryModel.Projection projection = method.projection();
      if (projection == null || projections.containsKey(projection.element().getQualifiedName().toString())) {
        continue;
      }
      String simple = projection.element().getSimpleName().toString();
      int number = 1;
      while (!taken.add(simple + (number == 1 ? "" : number))) {
        number++;
      }
      String suffix = number == 1 ? "" : String.valueOf(number);
      String constant = EntityAnalyzer.upperSnake(simple) + "_PROJECTION" + (suffix.isEmpty() ? "" : "_" + suffix);
      String reader = "read" + simple + suffix;
      projections.put(projection.element().getQualifiedName().toString(), new Projected(constant, reader));
    }
    return projections;
  }

  /**
   * The members of one projection in a repository implementation.
   *
   * @param constant the {@code Projection} constant
   * @param reader the static method making the record of a row
   */
  record Projected(String constant, String reader) {}

  /** What the constants of a key start with: {@code ROW_KEY} for {@code ROW_KEY_SPEC}. */
  private static String stem(KeyModel key) {
    String spec = key.specConstant();
    return spec.endsWith("_SPEC") ? spec.substring(0, spec.length() - "_SPEC".length()) : spec;
  }

  /** The name, else the name and the suffix, else that and a number from 2 on: the first one not taken yet. */
  private static String unique(String name, String suffix, Set<String> taken) {
    if (taken.add(name)) {
      return name;
    }
    String candidate = name + suffix;
    for (int i = 2; !taken.add(candidate); i++) {
      candidate = name + suffix + "_" + i;
    }
    return candidate;
  }
}
