package io.tablemapper.runtime.introspect;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.RowCode;
import java.lang.reflect.Constructor;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.ByteCodeAppender;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * Generates, with Byte Buddy, the {@link RowCode} of a concrete entity class mapped at run time: one class per
 * mapping whose {@code partitionKey}, {@code rowKey}, {@code indexKey}, {@code write} and {@code read} are the
 * statements the processor would generate for the class ({@code Employee_.rowKey}, {@code Employee__Mapping.toRow}
 * and {@code fromRow}), as bytecode built from Byte Buddy's {@link StackManipulation}s: each property read or
 * written through its own getter, setter, field or constructor parameter, primitives unboxed. The keys are the code
 * of {@link KeyCode} (appended through {@link KeySpec.Part} and {@link KeyCodec} as the generated composer appends
 * them), {@code write} of {@link WriteCode}, {@code read} of {@link ReadCode} (each key decoded once by
 * {@link KeyReadCode}), all built from the stack manipulations of {@link StackCode}. This class assembles them into
 * one class, defined in the entity's package, like the {@link Accessors}, and named after the entity with a sequence
 * number (a class is mapped once per default naming strategy, and its stored names are constants here). Its frames
 * are computed by ASM ({@code COMPUTE_FRAMES}): the code branches where the generated code does (defaults, sparse
 * index keys), and only to join values of one type.
 */
public final class RowCodes {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();

  private RowCodes() {}

  /**
   * What the generator needs of a mapping beyond its properties.
   *
   * @param constructorArguments the properties {@code constructor} takes, in its order (a record's components, an
   *     immutable class's constructor); null for a JavaBean, whose constructor takes none
   */
  record Shape(Class<?> entity, String table, List<RuntimeProperty> properties, List<RuntimeProperty> partitionKey,
      List<RuntimeProperty> rowKey, KeySpec partitionKeySpec, KeySpec rowKeySpec,
      List<RuntimeProperty> constructorArguments, Constructor<?> constructor, List<? extends IndexKey<?>> indexKeys) {}

  /**
   * A key of an entity's copies in one index (their RowKey, or a remote index's PartitionKey), as the
   * {@link io.tablemapper.internal.mapping.IndexMapping} of the index computes it: made before the mapping (whose
   * descriptor lists the indexes), it calls the mapping's code ({@link RowCode#indexKey}) once {@link #generate}
   * has bound it, inside the mapping's constructor, before the mapping is published.
   */
  static final class IndexKey<T> implements Function<T, String> {
    final KeySpec spec;
    final List<RuntimeProperty> properties;
    private int number = -1;
    private RowCode<T> code;

    IndexKey(KeySpec spec, List<RuntimeProperty> properties) {
      this.spec = spec;
      this.properties = List.copyOf(properties);
    }

    @Override
    public String apply(T entity) {
      return code.indexKey(number, entity);
    }

    @SuppressWarnings("unchecked")
    void bind(int keyNumber, RowCode<?> rowCode) {
      this.number = keyNumber;
      this.code = (RowCode<T>) rowCode;
    }
  }

  /**
   * Generates and instantiates the code of a concrete entity's mapping.
   *
   * @param mapping the mapping under construction (its specs are set)
   */
  static <T> RowCode<T> generate(Shape shape, RuntimeMapping<T> mapping) {
    TypeDescription owner = TypeDescription.ForLoadedType.of(shape.entity());
    ReadCode.Locals reads = new ReadCode.Locals();
    List<StackManipulation> read = ReadCode.read(owner, shape, reads); // first: it counts the locals
    net.bytebuddy.dynamic.DynamicType.Builder<?> builder = new ByteBuddy()
        .subclass(RowCode.class, ConstructorStrategy.Default.IMITATE_SUPER_CLASS_OPENING)
        .visit(new AsmVisitorWrapper.ForDeclaredMethods().writerFlags(ClassWriter.COMPUTE_FRAMES))
        .method(named("partitionKey"))
        .intercept(code(1, KeyCode.partitionKey(owner, shape)))
        .method(named("rowKey"))
        .intercept(code(1, KeyCode.rowKey(owner, shape)))
        .method(named("indexKey"))
        .intercept(code(1, KeyCode.indexKeys(owner, shape.indexKeys())))
        .method(named("write"))
        .intercept(code(0, WriteCode.write(owner, shape)))
        .method(named("read"))
        .intercept(code(reads.extra(), read));
    String name = shape.entity().getName() + Accessors.MARKER + "rows" + SEQUENCE.incrementAndGet();
    Class<?> type = Accessors.defineNew(shape.entity(), builder, name);
    try {
      @SuppressWarnings("unchecked")
      RowCode<T> code = (RowCode<T>) type.getConstructor(EntityMapping.class, KeySpec[].class, Object[].class,
          JsonType[].class).newInstance(mapping, indexKeySpecs(shape), defaults(shape), jsonTypes(shape));
      for (int i = 0; i < shape.indexKeys().size(); i++) {
        shape.indexKeys().get(i).bind(i, code);
      }
      return code;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("the generated " + name + " cannot be instantiated: " + e, e);
    }
  }

  /** An implementation of these stack manipulations with {@code extraLocals} local variables beyond the parameters. */
  private static Implementation code(int extraLocals, List<StackManipulation> code) {
    StackManipulation compound = new StackManipulation.Compound(code);
    return new Implementation.Simple((MethodVisitor visitor, Implementation.Context context,
        MethodDescription method) -> {
      StackManipulation.Size size = compound.apply(visitor, context);
      return new ByteCodeAppender.Size(size.getMaximalSize(), method.getStackSize() + extraLocals);
    });
  }

  private static KeySpec[] indexKeySpecs(Shape shape) {
    return shape.indexKeys().stream().map(key -> key.spec).toArray(KeySpec[]::new);
  }

  /**
   * {@link RowCode#defaults}: each default the bytecode cannot push as a constant
   * ({@link ReadCode#constantDefault}).
   */
  private static Object[] defaults(Shape shape) {
    Object[] defaults = new Object[shape.properties().size()];
    for (int i = 0; i < defaults.length; i++) {
      RuntimeProperty property = shape.properties().get(i);
      if (property.defaultValue != null && ReadCode.constantDefault(property) == null) {
        defaults[i] = property.defaultValue;
      }
    }
    return defaults;
  }

  private static JsonType<?>[] jsonTypes(Shape shape) {
    JsonType<?>[] types = new JsonType<?>[shape.properties().size()];
    for (int i = 0; i < types.length; i++) {
      types[i] = shape.properties().get(i).json;
    }
    return types;
  }
}
