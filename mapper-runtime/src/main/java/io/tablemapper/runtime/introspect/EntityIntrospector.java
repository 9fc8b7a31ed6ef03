package io.tablemapper.runtime.introspect;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.mapping.CacheSettings;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.model.BoundKey;
import io.tablemapper.internal.model.CheckedEntity;
import io.tablemapper.internal.model.CheckedProperty;
import io.tablemapper.internal.model.EntityChecker;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.internal.model.Problems;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.Rule;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an {@code @Entity} class compiled without the annotation processor into a {@link RuntimeMapping}: the
 * shared {@link EntityChecker} decides the processor's rules over what reflection reads of the class
 * ({@link ClassEntitySource}), with the same messages; where the processor generates source, this generates
 * accessors ({@link Accessors}). A class that breaks rules is refused with one {@link InvalidEntityException}
 * listing every broken rule as {@code [Id] message}; warnings are the processor's to give.
 *
 * <p>An abstract class gets a mapping that refuses to write or read rows of its own. The mapping of a subtype joins
 * its ancestors' hierarchies where {@code GeneratedCode} builds it ({@code Hierarchy.join}). A class is mapped once
 * per default naming strategy it is used under ({@code Mappings}); the accessors, which do not depend on names,
 * are defined once.
 */
public final class EntityIntrospector {
  private EntityIntrospector() {}

  /** Problems as the runtime reports them: each error as {@code [Id] message} in one list; no warnings. */
  public static Problems collecting(List<String> errors) {
    return (site, attribute, problem) -> {
      if (problem.rule().severity() == Rule.Severity.ERROR) {
        errors.add(problem.toString());
      }
    };
  }

  /**
   * Builds the mapping of a class whose names, where no {@code @Naming} governs them, follow {@code defaultNaming};
   * uncached (see {@code Mappings.introspect}).
   *
   * @throws InvalidEntityException listing every rule the class breaks
   */
  public static <T> RuntimeMapping<T> mapping(Class<T> type, NamingStrategy defaultNaming) {
    List<String> problems = new ArrayList<>();
    CheckedEntity<ClassProperty> checked =
        EntityChecker.check(new ClassEntitySource(type, defaultNaming), collecting(problems));
    if (checked == null) {
      throw new InvalidEntityException("Entity class " + type.getName() + " was compiled without the annotation"
          + " processor and cannot be mapped at run time:\n" + String.join("\n", problems));
    }
    String entity = type.getSimpleName();
    Map<CheckedProperty<ClassProperty>, RuntimeProperty> runtime = new IdentityHashMap<>();
    List<RuntimeProperty> properties = new ArrayList<>();
    for (CheckedProperty<ClassProperty> property : checked.properties()) {
      ClassProperty p = property.source();
      RuntimeProperty built = new RuntimeProperty(p.name(), p.field(), p.type(), p.genericType(), property.role(),
          property.kind(), property.keyType());
      built.storedName = property.storedName();
      built.encrypted = property.encrypted();
      built.large = property.large();
      built.defaultValue = property.kind() == PropertyKind.ENUM && property.defaultValue() != null
          ? enumConstant(p.type(), property.defaultValue()) : property.defaultValue();
      if (p.getter() != null && (checked.constructed() || p.setter() != null)) {
        built.access = Accessors.property(type, p.name(), p.type(), p.getter(), p.setter());
        built.getter = p.getter();
        built.setter = p.setter();
      }
      if (property.kind() == PropertyKind.JSON) {
        built.json = new JsonType<Object>(entity, p.name(), p.genericType()) {};
      }
      runtime.put(property, built);
      properties.add(built);
    }
    List<IndexMapping<T>> indexes = new ArrayList<>();
    List<RowCodes.IndexKey<T>> indexKeys = new ArrayList<>(); // composed by the mapping's code, once generated
    for (IndexRules.BoundIndex<CheckedProperty<ClassProperty>> index : checked.indexes()) {
      List<String> copied = new ArrayList<>();
      for (String name : index.properties()) {
        copied.add(RuntimeProperty.named(properties, name).storedName);
      }
      KeySpec spec = spec(entity, "index " + index.name() + " RowKey", index.rowKey());
      KeySpec partitionSpec = index.remote()
          ? spec(entity, "index " + index.name() + " PartitionKey", index.partitionKey()) : null;
      RowCodes.IndexKey<T> partitionKey = null;
      if (partitionSpec != null) {
        partitionKey = new RowCodes.IndexKey<>(partitionSpec, bound(index.partitionKey(), runtime));
        indexKeys.add(partitionKey);
      }
      RowCodes.IndexKey<T> rowKey = new RowCodes.IndexKey<>(spec, bound(index.rowKey(), runtime));
      indexKeys.add(rowKey);
      IndexMapping<T> mapped = new IndexMapping<T>(checked.typeName(), index.name(), index.table(), partitionSpec,
          partitionKey, spec, index.form(), List.copyOf(copied), rowKey);
      indexes.add(index.copyReads() ? mapped.answeringFromCopies() : mapped);
    }
    List<RuntimeProperty> constructorArguments = null;
    if (checked.constructed()) {
      constructorArguments = new ArrayList<>();
      for (String name : checked.constructorParameters()) {
        constructorArguments.add(RuntimeProperty.named(properties, name));
      }
      constructorArguments = List.copyOf(constructorArguments);
    }
    BoundKey<CheckedProperty<ClassProperty>> rowKey = checked.rowKey();
    Method upgrade = checked.upgrade() == null ? null : (Method) checked.upgrade().site();
    return new RuntimeMapping<>(type, checked.table(), checked.typeName(), checked.version(),
        spec(entity, "PartitionKey", checked.partitionKey()), rowKey == null ? null : spec(entity, "RowKey", rowKey),
        bound(checked.partitionKey(), runtime), rowKey == null ? List.of() : bound(rowKey, runtime), indexes,
        properties, constructorArguments,
        checked.abstractType() ? null : Accessors.instantiator(constructor(type, constructorArguments)),
        upgrade == null ? null : Accessors.upgrader(upgrade),
        checked.wideHead() == null ? null : checked.wideHead().stream()
            .map(name -> RuntimeProperty.named(properties, name).storedName).toList(),
        checked.abstractType() ? null : constructor(type, constructorArguments),
        checked.cache() == null ? null
            : new CacheSettings(checked.cache().maximumSize(), checked.cache().expireAfterWriteSeconds()),
        indexKeys);
  }

  /** The spec that composes and decodes the keys of a bound template. */
  private static KeySpec spec(String entity, String keyName, BoundKey<CheckedProperty<ClassProperty>> key) {
    Class<?>[] classes = new Class<?>[key.properties().size()];
    for (int i = 0; i < classes.length; i++) {
      classes[i] = key.property(i).source().type();
    }
    return KeySpec.of(entity, keyName, key.template().source(), classes);
  }

  private static List<RuntimeProperty> bound(BoundKey<CheckedProperty<ClassProperty>> key,
      Map<CheckedProperty<ClassProperty>, RuntimeProperty> runtime) {
    List<RuntimeProperty> properties = new ArrayList<>();
    for (CheckedProperty<ClassProperty> property : key.properties()) {
      properties.add(runtime.get(property));
    }
    return List.copyOf(properties);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumConstant(Class<?> type, Object name) {
    return Enum.valueOf((Class) type, (String) name);
  }

  /** The constructor that creates the class: one taking these properties in order, or none for a JavaBean. */
  private static Constructor<?> constructor(Class<?> type, List<RuntimeProperty> arguments) {
    try {
      if (arguments == null) {
        return type.getDeclaredConstructor();
      }
      Class<?>[] types = new Class<?>[arguments.size()];
      for (int i = 0; i < types.length; i++) {
        types[i] = arguments.get(i).type;
      }
      return type.getDeclaredConstructor(types);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("checked before: " + e, e);
    }
  }

}
