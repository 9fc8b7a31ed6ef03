package io.tablemapper.runtime.introspect;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.Duplication;
import net.bytebuddy.implementation.bytecode.Removal;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.TypeCreation;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.implementation.bytecode.assign.TypeCasting;
import net.bytebuddy.implementation.bytecode.collection.ArrayAccess;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.member.FieldAccess;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.implementation.bytecode.member.MethodReturn;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;

/**
 * Generates, with Byte Buddy, the plain bytecode that reads and writes an entity's properties, creates instances
 * and calls its {@code @Upgrade} method, for classes compiled without the annotation processor: the same calls
 * the generated mapping would make ({@code entity.getName()}, {@code entity.name = value},
 * {@code new Employee(a, b, c)}), so nothing reflects per call. Each class is defined into the entity's own package
 * (through {@link MethodHandles#privateLookupIn}), so it reaches package-private members exactly as generated code
 * in that package would. Done once per entity class; the results are cached by {@code RuntimeMappings}.
 */
public final class Accessors {
  /** Marks the generated classes' names: {@code Employee$$TmAccess$email}. */
  public static final String MARKER = "$$TmAccess$";

  private static final TypeDescription.Generic OBJECT =
      TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(Object.class);

  private Accessors() {}

  /** Reads (and for a JavaBean writes) one property. */
  static final class Property {
    final Function<Object, Object> reader;
    final BiConsumer<Object, Object> writer;

    Property(Function<Object, Object> reader, BiConsumer<Object, Object> writer) {
      this.reader = reader;
      this.writer = writer;
    }
  }

  /**
   * The accessor of a property.
   *
   * @param read the getter or the field to read
   * @param write the setter or the field to write, or null (records)
   */
  static Property property(Class<?> entity, String name, Class<?> type, Member read, Member write) {
    TypeDescription owner = TypeDescription.ForLoadedType.of(entity);
    TypeDescription.Generic value = TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(type);
    StackManipulation get = new StackManipulation.Compound(
        MethodVariableAccess.REFERENCE.loadFrom(1),
        TypeCasting.to(owner),
        read instanceof Field ? FieldAccess.forField(new FieldDescription.ForLoadedField((Field) read)).read()
            : MethodInvocation.invoke(new MethodDescription.ForLoadedMethod((Method) read)).virtual(owner),
        Assigner.DEFAULT.assign(value, OBJECT, Assigner.Typing.DYNAMIC),
        MethodReturn.REFERENCE);
    DynamicType.Builder<Object> builder = write == null
        ? new ByteBuddy().subclass(Object.class).implement(Function.class)
        : new ByteBuddy().subclass(Object.class).implement(Function.class, BiConsumer.class);
    builder = builder.method(named("apply").and(takesArguments(1))).intercept(new Implementation.Simple(get));
    if (write != null) {
      List<StackManipulation> set = new ArrayList<>();
      set.add(MethodVariableAccess.REFERENCE.loadFrom(1));
      set.add(TypeCasting.to(owner));
      set.add(MethodVariableAccess.REFERENCE.loadFrom(2));
      set.add(Assigner.DEFAULT.assign(OBJECT, value, Assigner.Typing.DYNAMIC));
      if (write instanceof Field) {
        set.add(FieldAccess.forField(new FieldDescription.ForLoadedField((Field) write)).write());
      } else {
        Method setter = (Method) write;
        set.add(MethodInvocation.invoke(new MethodDescription.ForLoadedMethod(setter)).virtual(owner));
        if (setter.getReturnType() != void.class) {
          set.add(Removal.of(TypeDescription.ForLoadedType.of(setter.getReturnType())));
        }
      }
      set.add(MethodReturn.VOID);
      builder = builder.method(named("accept").and(takesArguments(2)))
          .intercept(new Implementation.Simple(new StackManipulation.Compound(set)));
    }
    Object instance = define(entity, builder, name);
    @SuppressWarnings("unchecked")
    Function<Object, Object> reader = (Function<Object, Object>) instance;
    @SuppressWarnings("unchecked")
    BiConsumer<Object, Object> writer = write == null ? null : (BiConsumer<Object, Object>) instance;
    return new Property(reader, writer);
  }

  /**
   * Creates instances: a record or an immutable class from the values its constructor takes, in the constructor's
   * order, a JavaBean with its constructor without parameters (the array is ignored).
   */
  static Function<Object[], Object> instantiator(Constructor<?> constructor) {
    Class<?> entity = constructor.getDeclaringClass();
    TypeDescription owner = TypeDescription.ForLoadedType.of(entity);
    List<StackManipulation> code = new ArrayList<>();
    code.add(TypeCreation.of(owner));
    code.add(Duplication.SINGLE);
    Class<?>[] parameters = constructor.getParameterTypes();
    for (int i = 0; i < parameters.length; i++) {
      code.add(MethodVariableAccess.REFERENCE.loadFrom(1));
      code.add(TypeCasting.to(TypeDescription.ForLoadedType.of(Object[].class)));
      code.add(IntegerConstant.forValue(i));
      code.add(ArrayAccess.REFERENCE.load());
      code.add(Assigner.DEFAULT.assign(OBJECT,
          TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(parameters[i]), Assigner.Typing.DYNAMIC));
    }
    code.add(MethodInvocation.invoke(new MethodDescription.ForLoadedConstructor(constructor)));
    code.add(MethodReturn.REFERENCE);
    DynamicType.Builder<Object> builder = new ByteBuddy().subclass(Object.class).implement(Function.class)
        .method(named("apply").and(takesArguments(1)))
        .intercept(new Implementation.Simple(new StackManipulation.Compound(code)));
    @SuppressWarnings("unchecked")
    Function<Object[], Object> instantiator = (Function<Object[], Object>) define(entity, builder, "new");
    return instantiator;
  }

  /** Calls a static {@code @Upgrade void m(int, Map<String, Object>)} method. */
  static EntityMapping.Upgrader upgrader(Method method) {
    Class<?> entity = method.getDeclaringClass();
    StackManipulation code = new StackManipulation.Compound(
        MethodVariableAccess.INTEGER.loadFrom(1),
        MethodVariableAccess.REFERENCE.loadFrom(2),
        MethodInvocation.invoke(new MethodDescription.ForLoadedMethod(method)),
        MethodReturn.VOID);
    DynamicType.Builder<Object> builder = new ByteBuddy().subclass(Object.class).implement(EntityMapping.Upgrader.class)
        .method(named("upgrade")).intercept(new Implementation.Simple(code));
    return (EntityMapping.Upgrader) define(entity, builder, "upgrade");
  }

  /**
   * Defines a class of a name not used before in the entity's package, as {@link #define} does, and returns it.
   *
   * @throws TableMapperException if the package cannot be reached
   */
  static Class<?> defineNew(Class<?> entity, DynamicType.Builder<?> builder, String name) {
    try {
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(entity, MethodHandles.lookup());
      return builder.name(name).make().load(entity.getClassLoader(), ClassLoadingStrategy.UsingLookup.of(lookup))
          .getLoaded();
    } catch (IllegalAccessException | RuntimeException | LinkageError e) {
      throw cannotDefine(entity, name, e);
    }
  }

  private static TableMapperException cannotDefine(Class<?> entity, String name, Throwable e) {
    return new TableMapperException(
        "cannot generate the accessor " + name + " for " + entity.getName() + " (it needs a class defined in"
            + " the package " + entity.getPackageName() + "; is that package open to io.tablemapper.runtime?): "
            + e,
        e);
  }

  /** Defines the class in the entity's package (or reuses one defined before) and returns a new instance. */
  private static Object define(Class<?> entity, DynamicType.Builder<Object> builder, String what) {
    String name = entity.getName() + MARKER + what;
    try {
      Class<?> type;
      try {
        type = Class.forName(name, false, entity.getClassLoader());
      } catch (ClassNotFoundException notYet) {
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(entity, MethodHandles.lookup());
        type = builder.name(name).make().load(entity.getClassLoader(), ClassLoadingStrategy.UsingLookup.of(lookup))
            .getLoaded();
      }
      return type.getConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      throw cannotDefine(entity, name, e);
    }
  }
}
