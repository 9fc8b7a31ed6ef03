package io.tablemapper.runtime.introspect;

import io.tablemapper.annotations.Cached;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.Naming;
import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.annotations.Upgrade;
import io.tablemapper.internal.model.EntityChecker;
import io.tablemapper.internal.model.EntitySource;
import io.tablemapper.internal.model.IndexRules;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.pool.TypePool;

/**
 * An {@code @Entity} class compiled without the processor, as the runtime reads it by reflection for the shared
 * {@link EntityChecker}: the same facts the processor reads from elements, so the same rules give the same messages.
 * The runtime reports no sites: it lists every problem in one exception.
 */
public final class ClassEntitySource implements EntitySource<ClassProperty> {
  private final Class<?> type;
  /** The strategy of classes that no {@code @Naming} governs: the mapper's default naming. */
  private final NamingStrategy defaultNaming;

  /** A class whose names, where no {@code @Naming} governs them, are stored as declared. */
  public ClassEntitySource(Class<?> type) {
    this(type, NamingStrategy.AS_DECLARED);
  }

  /** A class whose names, where no {@code @Naming} governs them, follow {@code defaultNaming}. */
  public ClassEntitySource(Class<?> type, NamingStrategy defaultNaming) {
    this.type = type;
    this.defaultNaming = defaultNaming;
  }

  Class<?> type() {
    return type;
  }

  private Entity entity() {
    return type.getDeclaredAnnotation(Entity.class);
  }

  @Override
  public String simpleName() {
    return type.getSimpleName();
  }

  @Override
  public Shape shape() {
    String notAClass = type.isAnnotation() ? "an annotation type" : type.isInterface() ? "an interface"
        : type.isEnum() ? "an enum" : type.isArray() || type.isPrimitive() ? "a " + type.getTypeName() : null;
    List<Enclosing> enclosing = new ArrayList<>();
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      enclosing.add(new Enclosing(c.getSimpleName(), Modifier.isPrivate(c.getModifiers()),
          c.isMemberClass() && !Modifier.isStatic(c.getModifiers()) && !c.isRecord() && !c.isInterface()
              && !c.isEnum(),
          c.isLocalClass() || c.isAnonymousClass()));
    }
    return new Shape(notAClass, type.getTypeParameters().length > 0, enclosing);
  }

  @Override
  public boolean isRecord() {
    return type.isRecord();
  }

  @Override
  public boolean isAbstract() {
    return Modifier.isAbstract(type.getModifiers());
  }

  @Override
  public boolean hasNoArgumentConstructor() {
    // an inner class's constructors take the enclosing instance first, which its source does not declare
    int implicit = type.isMemberClass() && !Modifier.isStatic(type.getModifiers()) ? 1 : 0;
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (constructor.getParameterCount() == implicit && accessible(constructor)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public List<EntitySource.ConstructorSource> constructors() {
    List<EntitySource.ConstructorSource> constructors = new ArrayList<>();
    if (type.isRecord()) {
      return constructors;
    }
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (constructor.getParameterCount() == 0 || constructor.isSynthetic() || !accessible(constructor)) {
        continue;
      }
      List<ParameterSource> parameters = new ArrayList<>();
      List<String> names = parameterNames(constructor);
      java.lang.reflect.Parameter[] declared = constructor.getParameters();
      for (int i = 0; i < declared.length; i++) {
        parameters.add(new ParameterSource(names == null ? null : names.get(i),
            RuntimeProperty.typeText(declared[i].getParameterizedType())));
      }
      constructors.add(new EntitySource.ConstructorSource(List.copyOf(parameters), constructor));
    }
    return constructors;
  }

  /**
   * A constructor's parameter names as the source declares them: from the class file's {@code MethodParameters}
   * ({@code javac -parameters}, {@code kotlinc -java-parameters}), else from the constructor's local variables (the
   * debugging information javac and kotlinc write by default), read by Byte Buddy; null when the class file keeps
   * neither.
   */
  private static List<String> parameterNames(Constructor<?> constructor) {
    List<String> names = new ArrayList<>();
    for (java.lang.reflect.Parameter parameter : constructor.getParameters()) {
      names.add(parameter.isNamePresent() ? parameter.getName() : null);
    }
    if (!names.contains(null)) {
      return names;
    }
    Class<?> type = constructor.getDeclaringClass();
    ClassLoader loader = type.getClassLoader() != null ? type.getClassLoader() : ClassLoader.getSystemClassLoader();
    // not closed: closing the locator would close the entity's class loader
    ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(loader);
    try {
      TypePool pool = new TypePool.Default(new TypePool.CacheProvider.Simple(), locator,
          TypePool.Default.ReaderMode.EXTENDED);
      TypePool.Resolution resolution = pool.describe(type.getName());
      if (!resolution.isResolved()) {
        return null;
      }
      MethodList<MethodDescription.InDefinedShape> found = resolution.resolve().getDeclaredMethods()
          .filter(ElementMatchers.isConstructor().and(ElementMatchers.takesArguments(constructor.getParameterTypes())));
      if (found.size() != 1) {
        return null;
      }
      names.clear();
      for (ParameterDescription parameter : found.getOnly().getParameters()) {
        if (!parameter.isNamed()) {
          return null;
        }
        names.add(parameter.getName());
      }
      return names;
    } catch (RuntimeException e) {
      return null; // a class file Byte Buddy cannot read: as one without the names
    }
  }

  @Override
  public Object entitySite() {
    return null;
  }

  @Override
  public String declaredTable() {
    return entity().table();
  }

  @Override
  public String declaredType() {
    return entity().type();
  }

  @Override
  public int version() {
    return entity().version();
  }

  @Override
  public Wide wide() {
    io.tablemapper.annotations.Wide wide = type.getDeclaredAnnotation(io.tablemapper.annotations.Wide.class);
    return wide == null ? null : new Wide(List.of(wide.head()), null);
  }

  @Override
  public Cache cache() {
    Cached cached = type.getDeclaredAnnotation(Cached.class);
    return cached == null ? null : new Cache(cached.maximumSize(), cached.expireAfterWriteSeconds(), null);
  }

  @Override
  public String partitionKey() {
    PartitionKey key = type.getDeclaredAnnotation(PartitionKey.class);
    return key == null ? null : key.value();
  }

  @Override
  public Object partitionKeySite() {
    return null;
  }

  @Override
  public String rowKey() {
    RowKey key = type.getDeclaredAnnotation(RowKey.class);
    return key == null ? null : key.value();
  }

  @Override
  public Object rowKeySite() {
    return null;
  }

  /**
   * {@inheritDoc} A retained annotation cannot tell an explicit {@code unique = true} from the default, so the rule
   * against an explicit one that can never hold is the processor's alone.
   */
  @Override
  public List<IndexRules.Declaration> indexes() {
    List<IndexRules.Declaration> declarations = new ArrayList<>();
    for (Index index : type.getDeclaredAnnotationsByType(Index.class)) {
      declarations.add(new IndexRules.Declaration(index.name(), index.rowKey(), index.partitionKey(),
          index.table(), List.of(index.properties()), index.form(), index.unique(), false, index.reads(), null));
    }
    return declarations;
  }

  @Override
  public List<ClassEntitySource> ancestors() {
    List<ClassEntitySource> ancestors = new ArrayList<>();
    for (Class<?> ancestor : entityAncestors(type)) {
      ancestors.add(new ClassEntitySource(ancestor, defaultNaming));
    }
    return ancestors;
  }

  /** The {@code @Entity} superclasses of a class, nearest first. */
  public static List<Class<?>> entityAncestors(Class<?> type) {
    List<Class<?>> ancestors = new ArrayList<>();
    for (Class<?> t = type.getSuperclass(); t != null; t = t.getSuperclass()) {
      if (t.isAnnotationPresent(Entity.class)) {
        ancestors.add(t);
      }
    }
    return ancestors;
  }

  /**
   * The class that declares the RowKey template an entity class has (itself or an {@code @Entity} ancestor), or
   * null; entity classes with the same one share one key space by design.
   */
  public static Class<?> rowKeyOwner(Class<?> type) {
    EntitySource<?> owner = EntityChecker.rowKeyOwner(new ClassEntitySource(type));
    return owner == null ? null : ((ClassEntitySource) owner).type;
  }

  /**
   * {@inheritDoc} The processor option {@code -Atablemapper.naming} is invisible here: a class without
   * {@code @Naming} follows the mapper's default naming ({@code TableMapper.Builder#naming}), as declared unless set.
   */
  @Override
  public String namingStrategy() {
    return strategy(type);
  }

  private String strategy(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      Naming naming = c.getDeclaredAnnotation(Naming.class);
      if (naming != null) {
        return naming.value().name();
      }
    }
    Naming naming = type.getPackage() == null ? null : type.getPackage().getDeclaredAnnotation(Naming.class);
    return naming != null ? naming.value().name() : defaultNaming.name();
  }

  // ------------------------------------------------------------------ properties

  @Override
  public List<ClassProperty> properties() {
    return type.isRecord() ? recordProperties() : beanProperties();
  }

  private List<ClassProperty> recordProperties() {
    List<ClassProperty> properties = new ArrayList<>();
    for (RecordComponent component : type.getRecordComponents()) {
      Field field;
      try {
        field = type.getDeclaredField(component.getName());
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException("a record component without its field: " + component, e);
      }
      properties.add(new ClassProperty(component.getName(), field, component.getType(), component.getGenericType(),
          component.getAccessor(), null, true, false, null));
    }
    return properties;
  }

  private List<ClassProperty> beanProperties() {
    List<Class<?>> hierarchy = new ArrayList<>();
    for (Class<?> t = type; t != null && t != Object.class; t = t.getSuperclass()) {
      hierarchy.add(0, t);
    }
    List<Method> methods = new ArrayList<>();
    for (int i = hierarchy.size() - 1; i >= 0; i--) {
      for (Method method : hierarchy.get(i).getDeclaredMethods()) {
        if (!method.isSynthetic() && !method.isBridge() && !Modifier.isStatic(method.getModifiers())
            && accessible(method)) {
          methods.add(method);
        }
      }
    }
    Map<String, ClassProperty> properties = new LinkedHashMap<>();
    for (Class<?> declaring : hierarchy) {
      String declaringStrategy = declaring != type && declaring.isAnnotationPresent(Entity.class)
          ? strategy(declaring) : null;
      for (Field field : declaring.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.isSynthetic()) {
          continue;
        }
        String name = field.getName();
        Type fieldType = field.getGenericType();
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        Member getter = null;
        Member setter = null;
        for (Method method : methods) {
          String methodName = method.getName();
          if (getter == null && method.getParameterCount() == 0 && method.getGenericReturnType().equals(fieldType)
              && (methodName.equals("get" + capitalized)
                  || (methodName.equals("is" + capitalized) && field.getType() == boolean.class))) {
            getter = method;
          }
          if (setter == null && method.getParameterCount() == 1 && methodName.equals("set" + capitalized)
              && method.getGenericParameterTypes()[0].equals(fieldType)) {
            setter = method;
          }
        }
        boolean finalField = Modifier.isFinal(modifiers);
        if (getter == null && accessible(field)) {
          getter = field;
        }
        if (setter == null && accessible(field) && !finalField) {
          setter = field;
        }
        properties.put(name, new ClassProperty(name, field, field.getType(), fieldType, getter, setter, false,
            finalField, declaringStrategy));
      }
    }
    return new ArrayList<>(properties.values());
  }

  /** As the processor decides: public, or not private and in the entity's package. */
  private boolean accessible(Member member) {
    int modifiers = member.getModifiers();
    if (Modifier.isPublic(modifiers)) {
      return true;
    }
    if (Modifier.isPrivate(modifiers)) {
      return false;
    }
    return member.getDeclaringClass().getPackageName().equals(type.getPackageName());
  }

  // ------------------------------------------------------------------ upgrade methods

  @Override
  public List<UpgradeMethod> upgradeMethods() {
    List<UpgradeMethod> found = new ArrayList<>();
    for (Method method : type.getDeclaredMethods()) {
      if (!method.isAnnotationPresent(Upgrade.class)) {
        continue;
      }
      Type[] parameters = method.getGenericParameterTypes();
      List<String> names = new ArrayList<>();
      for (Type parameter : parameters) {
        names.add(RuntimeProperty.typeText(parameter));
      }
      String checked = null;
      for (Class<?> thrown : method.getExceptionTypes()) {
        if (checked == null && !RuntimeException.class.isAssignableFrom(thrown)
            && !Error.class.isAssignableFrom(thrown)) {
          checked = RuntimeProperty.typeText(thrown);
        }
      }
      found.add(new UpgradeMethod(method.getName(), method, Modifier.isStatic(method.getModifiers()),
          Modifier.isPrivate(method.getModifiers()),
          method.getReturnType() == void.class ? null : RuntimeProperty.typeText(method.getGenericReturnType()),
          method.getTypeParameters().length > 0, names,
          parameters.length == 2 && parameters[0] == int.class && isPropertyMap(parameters[1]), checked));
    }
    return found;
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
