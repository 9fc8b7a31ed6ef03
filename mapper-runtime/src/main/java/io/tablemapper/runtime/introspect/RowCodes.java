package io.tablemapper.runtime.introspect;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.RowCode;
import io.tablemapper.internal.mapping.Values;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.PropertyRole;
import io.tablemapper.spi.TableRow;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.Addition;
import net.bytebuddy.implementation.bytecode.ByteCodeAppender;
import net.bytebuddy.implementation.bytecode.Duplication;
import net.bytebuddy.implementation.bytecode.Removal;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.Throw;
import net.bytebuddy.implementation.bytecode.TypeCreation;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.implementation.bytecode.assign.TypeCasting;
import net.bytebuddy.implementation.bytecode.assign.primitive.PrimitiveNarrowingDelegate;
import net.bytebuddy.implementation.bytecode.collection.ArrayAccess;
import net.bytebuddy.implementation.bytecode.constant.ClassConstant;
import net.bytebuddy.implementation.bytecode.constant.DefaultValue;
import net.bytebuddy.implementation.bytecode.constant.DoubleConstant;
import net.bytebuddy.implementation.bytecode.constant.FloatConstant;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.constant.LongConstant;
import net.bytebuddy.implementation.bytecode.constant.NullConstant;
import net.bytebuddy.implementation.bytecode.constant.TextConstant;
import net.bytebuddy.implementation.bytecode.member.FieldAccess;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.implementation.bytecode.member.MethodReturn;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Generates, with Byte Buddy, the {@link RowCode} of a concrete entity class mapped at run time: one class per
 * mapping whose {@code partitionKey}, {@code rowKey}, {@code write} and {@code read} are the statements the
 * processor would generate for the class ({@code Employee_.rowKey}, {@code Employee__Mapping.toRow} and
 * {@code fromRow}), as bytecode built from Byte Buddy's {@link StackManipulation}s: each property read or written
 * through its own getter, setter, field or constructor parameter, primitives unboxed, keys appended through
 * {@link KeySpec.Part} and {@link KeyCodec} as the generated composer appends them, each key decoded once by the
 * typed reads the processor's {@code KeyReads} emits (in place, without boxing; {@link KeySpec#decode} only where
 * it decodes); a default for older rows as the generated {@code !row.has(NAME) && olderVersion(row) ? DEFAULT :
 * stored}, a JSON value through the context and the property's {@link JsonType}, an index copy's key null-checked and
 * composed as the generated {@code emailRowKey(entity)}. The class is defined in the entity's package, like the
 * {@link Accessors}, and named after the entity with a sequence number (a class is mapped once per default naming
 * strategy, and its stored names are constants here). Its frames are computed by ASM ({@code COMPUTE_FRAMES}): the
 * code branches where the generated code does (defaults, sparse index keys), and only to join values of one type.
 */
public final class RowCodes {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();

  // the local variables of the generated methods (0 is this)
  private static final int KEY_ENTITY = 1;
  private static final int KEY_BUILDER = 2;
  private static final int INDEX_KEY_NUMBER = 1;
  private static final int INDEX_KEY_ENTITY = 2;
  private static final int INDEX_KEY_BUILDER = 3;
  private static final int WRITE_ENTITY = 1;
  private static final int WRITE_ROW = 2;
  private static final int WRITE_CONTEXT = 3;
  private static final int READ_ROW = 1;
  private static final int READ_CONTEXT = 2;
  private static final int READ_ENTITY = 3;

  private RowCodes() {}

  /** What the generator needs of a mapping beyond its properties. */
  record Shape(Class<?> entity, String table, List<RuntimeProperty> properties, List<RuntimeProperty> partitionKey,
      List<RuntimeProperty> rowKey, KeySpec partitionKeySpec, KeySpec rowKeySpec, boolean record,
      Constructor<?> constructor, List<? extends IndexKey<?>> indexKeys) {}

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
    ReadLocals reads = new ReadLocals();
    List<StackManipulation> read = read(owner, shape, reads); // first: it counts the locals
    net.bytebuddy.dynamic.DynamicType.Builder<?> builder = new ByteBuddy()
        .subclass(RowCode.class, ConstructorStrategy.Default.IMITATE_SUPER_CLASS_OPENING)
        .visit(new AsmVisitorWrapper.ForDeclaredMethods().writerFlags(ClassWriter.COMPUTE_FRAMES))
        .method(named("partitionKey"))
        .intercept(code(1, key(owner, shape.partitionKeySpec(), shape.partitionKey(), KeyConstants.PARTITION_KEY,
            KEY_ENTITY, KEY_BUILDER)))
        .method(named("rowKey"))
        .intercept(code(1, key(owner, shape.rowKeySpec(), shape.rowKey(), KeyConstants.ROW_KEY, KEY_ENTITY,
            KEY_BUILDER)))
        .method(named("indexKey"))
        .intercept(code(1, indexKeys(owner, shape.indexKeys())))
        .method(named("write"))
        .intercept(code(0, write(owner, shape)))
        .method(named("read"))
        .intercept(code(reads.size() - READ_ENTITY, read));
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

  /** {@link RowCode#defaults}: each default the bytecode cannot push as a constant ({@link #constantDefault}). */
  private static Object[] defaults(Shape shape) {
    Object[] defaults = new Object[shape.properties().size()];
    for (int i = 0; i < defaults.length; i++) {
      RuntimeProperty property = shape.properties().get(i);
      if (property.defaultValue != null && constantDefault(property) == null) {
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

  // ------------------------------------------------------------------ keys

  /** Where the code of a key finds its spec and parts: fields of {@link RowCode}. */
  private record KeyConstants(StackManipulation spec, StackManipulation parts) {
    static final KeyConstants PARTITION_KEY = new KeyConstants(field("partitionKeySpec"), field("partitionKeyParts"));
    static final KeyConstants ROW_KEY = new KeyConstants(field("rowKeySpec"), field("rowKeyParts"));

    /** {@code this.indexKeySpecs[key]} and {@code this.indexKeyParts[key]}. */
    static KeyConstants index(int key) {
      return new KeyConstants(
          new StackManipulation.Compound(field("indexKeySpecs"), IntegerConstant.forValue(key),
              ArrayAccess.REFERENCE.load()),
          new StackManipulation.Compound(field("indexKeyParts"), IntegerConstant.forValue(key),
              ArrayAccess.REFERENCE.load()));
    }

    /** Pushes the spec. */
    StackManipulation loadSpec() {
      return new StackManipulation.Compound(MethodVariableAccess.loadThis(), spec);
    }

    /** Pushes part {@code index}. */
    StackManipulation loadPart(int index) {
      return new StackManipulation.Compound(MethodVariableAccess.loadThis(), parts, IntegerConstant.forValue(index),
          ArrayAccess.REFERENCE.load());
    }
  }

  /**
   * {@code indexKey(key, entity)}: a switch over the index keys, each what the processor's {@code indexKey} method
   * does — {@code if (entity.getA() == null || ...) return null;} for each property of the key that is not
   * primitive, then the key composed as the metamodel's composer composes it.
   */
  private static List<StackManipulation> indexKeys(TypeDescription owner, List<? extends IndexKey<?>> keys) {
    List<StackManipulation> code = new ArrayList<>();
    Label[] cases = new Label[keys.size()];
    for (int i = 0; i < cases.length; i++) {
      cases[i] = new Label();
    }
    Label unknown = new Label();
    code.add(MethodVariableAccess.INTEGER.loadFrom(INDEX_KEY_NUMBER));
    code.add(new TableSwitch(cases, unknown));
    for (int i = 0; i < cases.length; i++) {
      IndexKey<?> key = keys.get(i);
      code.add(new Mark(cases[i]));
      Label noCopy = new Label();
      boolean nullable = false;
      for (RuntimeProperty property : key.properties) {
        if (!property.primitive()) {
          nullable = true;
          code.add(get(owner, property, INDEX_KEY_ENTITY));
          code.add(new Jump(Opcodes.IFNULL, noCopy, -1)); // to the null return below
        }
      }
      if (nullable) {
        // jumped over when no property is null; the null-property jumps land on the return of null
        Label compose = new Label();
        code.add(new Jump(Opcodes.GOTO, compose, 0));
        code.add(new Mark(noCopy));
        code.add(NullConstant.INSTANCE);
        code.add(MethodReturn.REFERENCE);
        code.add(new Mark(compose));
      }
      code.addAll(key(owner, key.spec, key.properties, KeyConstants.index(i), INDEX_KEY_ENTITY, INDEX_KEY_BUILDER));
    }
    code.add(new Mark(unknown));
    code.add(MethodVariableAccess.loadThis());
    code.add(MethodVariableAccess.INTEGER.loadFrom(INDEX_KEY_NUMBER));
    code.add(call(RowCode.class, "noIndexKey", int.class));
    code.add(Throw.INSTANCE);
    return code;
  }

  /**
   * {@code partitionKey(entity)} or {@code rowKey(entity)}: what the processor's composer does, the entity's getters
   * in place of its parameters — a lone String placeholder checked by {@code Part.whole}, otherwise every segment
   * appended to one StringBuilder (padded integers as checked digits) and the result {@code finish}ed.
   */
  private static List<StackManipulation> key(TypeDescription owner, KeySpec spec, List<RuntimeProperty> properties,
      KeyConstants constants, int entity, int builder) {
    List<StackManipulation> code = new ArrayList<>();
    List<KeyTemplate.Segment> segments = spec.template().segments();
    if (segments.size() == 1 && !(segments.get(0) instanceof KeyTemplate.Literal)
        && properties.get(0).type == String.class) {
      code.add(constants.loadPart(0));
      code.add(get(owner, properties.get(0), entity));
      code.add(call(KeySpec.Part.class, "whole", String.class));
      code.add(MethodReturn.REFERENCE);
      return code;
    }
    code.add(TypeCreation.of(TypeDescription.ForLoadedType.of(StringBuilder.class)));
    code.add(Duplication.SINGLE);
    code.add(IntegerConstant.forValue(capacity(spec)));
    code.add(MethodInvocation.invoke(new MethodDescription.ForLoadedConstructor(constructor(StringBuilder.class,
        int.class))));
    code.add(MethodVariableAccess.REFERENCE.storeAt(builder));
    int index = 0;
    for (KeyTemplate.Segment segment : segments) {
      if (segment instanceof KeyTemplate.Literal) {
        code.add(MethodVariableAccess.REFERENCE.loadFrom(builder));
        code.add(new TextConstant(((KeyTemplate.Literal) segment).text()));
        code.add(call(StringBuilder.class, "append", String.class));
        code.add(Removal.SINGLE);
        continue;
      }
      KeyTemplate.Placeholder placeholder = (KeyTemplate.Placeholder) segment;
      RuntimeProperty property = properties.get(index);
      KeySpec.Part part = spec.part(index);
      if (placeholder.width() > 0 && part.type().integral()) {
        // KeyCodec.appendDigits(key, part.padded(value), width), or appendPadded(..., true) descending
        code.add(MethodVariableAccess.REFERENCE.loadFrom(builder));
        code.add(constants.loadPart(index));
        code.add(keyValue(owner, property, constants, index, entity, long.class));
        code.add(call(KeySpec.Part.class, "padded", long.class));
        code.add(IntegerConstant.forValue(placeholder.width()));
        if (placeholder.desc()) {
          code.add(IntegerConstant.forValue(true));
          code.add(call(KeyCodec.class, "appendPadded", StringBuilder.class, long.class, int.class, boolean.class));
        } else {
          code.add(call(KeyCodec.class, "appendDigits", StringBuilder.class, long.class, int.class));
        }
      } else {
        Class<?> parameter = appendParameter(part);
        code.add(constants.loadPart(index));
        code.add(MethodVariableAccess.REFERENCE.loadFrom(builder));
        code.add(keyValue(owner, property, constants, index, entity, parameter));
        code.add(call(KeySpec.Part.class, "append", StringBuilder.class, parameter));
      }
      index++;
    }
    code.add(constants.loadSpec());
    code.add(MethodVariableAccess.REFERENCE.loadFrom(builder));
    code.add(call(KeySpec.class, "finish", StringBuilder.class));
    code.add(MethodReturn.REFERENCE);
    return code;
  }

  /** The parameter type of the {@code Part.append} overload of a part's key type. */
  private static Class<?> appendParameter(KeySpec.Part part) {
    switch (part.type()) {
      case STRING:
        return String.class;
      case ENUM:
        return Enum.class;
      case BOOLEAN:
        return boolean.class;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return long.class;
      case UUID:
        return UUID.class;
      case INSTANT:
        return Instant.class;
      case OFFSET_DATE_TIME:
        return OffsetDateTime.class;
      case LOCAL_DATE:
        return LocalDate.class;
      case LOCAL_DATE_TIME:
        return LocalDateTime.class;
      default:
        throw new AssertionError(part.type());
    }
  }

  /**
   * A key component's value as {@code target}: a boxed number or boolean first checked by {@code Part.notNull} (the
   * key error for a null component), as the processor's {@code keyValue} does, then unboxed and widened.
   */
  private static StackManipulation keyValue(TypeDescription owner, RuntimeProperty property, KeyConstants constants,
      int index, int entity, Class<?> target) {
    List<StackManipulation> code = new ArrayList<>();
    boolean boxedPrimitive = !property.type.isPrimitive() && (target.isPrimitive());
    if (boxedPrimitive) {
      code.add(constants.loadPart(index));
      code.add(get(owner, property, entity));
      code.add(call(KeySpec.Part.class, "notNull", Object.class));
      code.add(assign(Object.class, property.type)); // the value itself (notNull returns its argument)
      code.add(assign(property.type, target)); // unboxed and widened: an Integer to a long
    } else {
      code.add(get(owner, property, entity));
      code.add(assign(property.type, target));
    }
    return new StackManipulation.Compound(code);
  }

  /** A capacity estimate for a key's text, as the processor's composer sizes its StringBuilder. */
  private static int capacity(KeySpec spec) {
    int capacity = 0;
    int index = 0;
    for (KeyTemplate.Segment segment : spec.template().segments()) {
      if (segment instanceof KeyTemplate.Literal) {
        capacity += ((KeyTemplate.Literal) segment).text().length();
        continue;
      }
      KeyTemplate.Placeholder placeholder = (KeyTemplate.Placeholder) segment;
      capacity += spec.part(index++).type().estimatedWidth(placeholder.width());
    }
    return Math.max(capacity, 8);
  }

  // ------------------------------------------------------------------ toRow

  /** {@code write(entity, row, context)}: one {@code row.putX(name, value)} per stored property, in order. */
  private static List<StackManipulation> write(TypeDescription owner, Shape shape) {
    List<StackManipulation> code = new ArrayList<>();
    List<RuntimeProperty> properties = shape.properties();
    for (int i = 0; i < properties.size(); i++) {
      RuntimeProperty property = properties.get(i);
      if (!property.stored()) {
        continue;
      }
      code.add(MethodVariableAccess.REFERENCE.loadFrom(WRITE_ROW));
      code.add(new TextConstant(property.storedName));
      code.add(put(owner, property, i));
      code.add(Removal.SINGLE); // the builder each put returns
    }
    code.add(MethodReturn.VOID);
    return code;
  }

  /** Pushes a property's store value and calls the {@code TableRow.Builder} put of its store type. */
  private static StackManipulation put(TypeDescription owner, RuntimeProperty property, int index) {
    Class<?> type = property.type;
    StackManipulation value = get(owner, property, WRITE_ENTITY);
    switch (property.kind) {
      case STRING:
        return new StackManipulation.Compound(value, putter("putString", String.class));
      case CHAR:
        return new StackManipulation.Compound(value, call(Values.class, "fromChar", type),
            putter("putString", String.class));
      case BINARY:
        return new StackManipulation.Compound(value, putter("putBinary", byte[].class));
      case BOOLEAN:
        return new StackManipulation.Compound(value, assign(type, Boolean.class), putter("putBoolean", Boolean.class));
      case BYTE:
      case SHORT:
        return new StackManipulation.Compound(value, type.isPrimitive() ? assign(int.class, Integer.class)
            : call(Values.class, "fromSmallInt", Number.class), putter("putInt32", Integer.class));
      case INT:
        return new StackManipulation.Compound(value, assign(type, Integer.class), putter("putInt32", Integer.class));
      case LONG:
        return new StackManipulation.Compound(value, assign(type, Long.class), putter("putInt64", Long.class));
      case FLOAT:
        return new StackManipulation.Compound(value, assign(type, Float.class),
            call(Values.class, "fromFloat", Float.class), putter("putDouble", Double.class));
      case DOUBLE:
        return new StackManipulation.Compound(value, assign(type, Double.class), putter("putDouble", Double.class));
      case UUID:
        return new StackManipulation.Compound(value, putter("putGuid", UUID.class));
      case INSTANT:
        return dateTime(value, null, property);
      case OFFSET_DATE_TIME:
        return dateTime(value, call(Values.class, "fromOffsetDateTime", OffsetDateTime.class), property);
      case LOCAL_DATE:
        return new StackManipulation.Compound(value, call(Values.class, "fromLocalDate", LocalDate.class),
            putter("putDateTime", Instant.class));
      case LOCAL_DATE_TIME:
        return dateTime(value, call(Values.class, "fromLocalDateTime", LocalDateTime.class), property);
      case ENUM:
        return new StackManipulation.Compound(value, call(Values.class, "fromEnum", Enum.class),
            putter("putString", String.class));
      case BIG_DECIMAL:
        return new StackManipulation.Compound(value, call(Values.class, "fromBigDecimal", BigDecimal.class),
            putter("putString", String.class));
      case BIG_INTEGER:
        return new StackManipulation.Compound(value, call(Values.class, "fromBigInteger", BigInteger.class),
            putter("putString", String.class));
      case JSON:
        // context.toJson(NOTES_JSON, entity.notes())
        return new StackManipulation.Compound(MethodVariableAccess.REFERENCE.loadFrom(WRITE_CONTEXT),
            jsonType(index), value, assign(type, Object.class),
            call(MappingContext.class, "toJson", JsonType.class, Object.class), putter("putString", String.class));
      default:
        throw new AssertionError(property.kind);
    }
  }

  /** {@code row.putDateTime(name, dateTime(converted(value), "property", context))}. */
  private static StackManipulation dateTime(StackManipulation value, StackManipulation toInstant,
      RuntimeProperty property) {
    return new StackManipulation.Compound(MethodVariableAccess.loadThis(), value,
        toInstant == null ? StackManipulation.Trivial.INSTANCE : toInstant, new TextConstant(property.name),
        MethodVariableAccess.REFERENCE.loadFrom(WRITE_CONTEXT),
        call(RowCode.class, "dateTime", Instant.class, String.class, MappingContext.class),
        putter("putDateTime", Instant.class));
  }

  private static StackManipulation putter(String name, Class<?> type) {
    return call(TableRow.Builder.class, name, String.class, type);
  }

  // ------------------------------------------------------------------ fromRow

  /**
   * The local variables of a generated {@code read} beyond its parameters and the entity: each key's component
   * values once decoded, and the next free slot (whose number, after the code is built, is the method's locals).
   */
  private static final class ReadLocals {
    /** The PartitionKey's (0) and RowKey's (1) component values, once their key is decoded; null before. */
    private final KeyValues[] keys = new KeyValues[2];
    private int next = READ_ENTITY + 1;

    /** A new local of a type (two slots for a long). */
    int allocate(Class<?> type) {
      int slot = next;
      next += type == long.class || type == double.class ? 2 : 1;
      return slot;
    }

    /** The slots the method's locals take, its parameters and {@code this} included. */
    int size() {
      return next;
    }
  }

  /** Where a decoded key's component values are, in placeholder order: how to push each, and of which type. */
  private record KeyValues(StackManipulation[] loads, Class<?>[] types) {}

  /**
   * {@code read(row, context)}: a JavaBean created and each property set in order, or a record's canonical
   * constructor called with every property's value; a key decoded (once) where its first component is read.
   */
  private static List<StackManipulation> read(TypeDescription owner, Shape shape, ReadLocals locals) {
    List<StackManipulation> code = new ArrayList<>();
    List<RuntimeProperty> properties = shape.properties();
    if (shape.record()) {
      code.add(TypeCreation.of(owner));
      code.add(Duplication.SINGLE);
      for (int i = 0; i < properties.size(); i++) {
        code.add(value(owner, shape, properties.get(i), i, locals));
      }
      code.add(MethodInvocation.invoke(new MethodDescription.ForLoadedConstructor(shape.constructor())));
      code.add(MethodReturn.REFERENCE);
      return code;
    }
    code.add(TypeCreation.of(owner));
    code.add(Duplication.SINGLE);
    code.add(MethodInvocation.invoke(new MethodDescription.ForLoadedConstructor(shape.constructor())));
    code.add(MethodVariableAccess.REFERENCE.storeAt(READ_ENTITY));
    for (int i = 0; i < properties.size(); i++) {
      RuntimeProperty property = properties.get(i);
      if (property.role == PropertyRole.TRANSIENT) {
        continue;
      }
      code.add(MethodVariableAccess.REFERENCE.loadFrom(READ_ENTITY));
      code.add(value(owner, shape, property, i, locals));
      code.add(set(owner, property));
    }
    code.add(MethodVariableAccess.REFERENCE.loadFrom(READ_ENTITY));
    code.add(MethodReturn.REFERENCE);
    return code;
  }

  /** Pushes a property's value read from the row, of the property's own type (the processor's {@code readValue}). */
  private static StackManipulation value(TypeDescription owner, Shape shape, RuntimeProperty property, int index,
      ReadLocals locals) {
    Class<?> type = property.type;
    switch (property.role) {
      case TRANSIENT:
        return DefaultValue.of(TypeDescription.ForLoadedType.of(type));
      case ETAG:
        return new StackManipulation.Compound(MethodVariableAccess.REFERENCE.loadFrom(READ_ROW),
            call(TableRow.class, "etag"));
      case TIMESTAMP:
        return new StackManipulation.Compound(MethodVariableAccess.REFERENCE.loadFrom(READ_ROW),
            call(TableRow.class, "timestamp"), type == Instant.class ? StackManipulation.Trivial.INSTANCE
                : call(Values.class, "toOffsetDateTime", Instant.class));
      default:
        break;
    }
    int partitionKeyIndex = shape.partitionKey().indexOf(property);
    int rowKeyIndex = shape.rowKey().indexOf(property);
    if (partitionKeyIndex >= 0 || rowKeyIndex >= 0) {
      return keyProperty(shape, property, partitionKeyIndex >= 0, Math.max(partitionKeyIndex, rowKeyIndex),
          locals);
    }
    if (property.defaultValue != null) {
      return defaulted(property, index, fromStore(shape, property, index));
    }
    return fromStore(shape, property, index);
  }

  /**
   * {@code !row.has(NAME) && olderVersion(row) ? DEFAULT : stored}, the generated mapping's read of a property with
   * a default, a {@code byte[]} default copied ({@code Values.copy(DEFAULT)}).
   */
  private static StackManipulation defaulted(RuntimeProperty property, int index, StackManipulation stored) {
    Label storedValue = new Label();
    Label end = new Label();
    int size = property.type == long.class || property.type == double.class ? 2 : 1;
    StackManipulation constant = constantDefault(property);
    StackManipulation defaultValue = constant != null ? constant
        : new StackManipulation.Compound(MethodVariableAccess.loadThis(), field("defaults"),
            IntegerConstant.forValue(index), ArrayAccess.REFERENCE.load(),
            TypeCasting.to(TypeDescription.ForLoadedType.of(property.type)),
            property.kind == PropertyKind.BINARY ? call(Values.class, "copy", byte[].class)
                : StackManipulation.Trivial.INSTANCE);
    return new StackManipulation.Compound(
        MethodVariableAccess.REFERENCE.loadFrom(READ_ROW), new TextConstant(property.storedName),
        call(TableRow.class, "has", String.class),
        new Jump(Opcodes.IFNE, storedValue, -1),
        MethodVariableAccess.loadThis(), MethodVariableAccess.REFERENCE.loadFrom(READ_ROW),
        call(RowCode.class, "olderVersion", TableRow.class),
        new Jump(Opcodes.IFEQ, storedValue, -1),
        defaultValue,
        new Jump(Opcodes.GOTO, end, -size), // the value pushed here is the other branch's, below
        new Mark(storedValue),
        stored,
        new Mark(end));
  }

  /**
   * A default the bytecode pushes as a constant, as the processor's constant initializer writes it (a primitive or a
   * String); null for one held in {@link RowCode#defaults}.
   */
  private static StackManipulation constantDefault(RuntimeProperty property) {
    Object value = property.defaultValue;
    Class<?> type = property.type;
    if (type == String.class) {
      return new TextConstant((String) value);
    }
    if (!type.isPrimitive()) {
      return null;
    }
    if (type == boolean.class) {
      return IntegerConstant.forValue((Boolean) value);
    }
    if (type == char.class) {
      return IntegerConstant.forValue((Character) value);
    }
    if (type == long.class) {
      return LongConstant.forValue((Long) value);
    }
    if (type == float.class) {
      return FloatConstant.forValue((Float) value);
    }
    if (type == double.class) {
      return DoubleConstant.forValue((Double) value);
    }
    return IntegerConstant.forValue(((Number) value).intValue()); // byte, short, int
  }

  /** Pushes {@code this.jsonTypes[index]}, the property's JSON type. */
  private static StackManipulation jsonType(int index) {
    return new StackManipulation.Compound(MethodVariableAccess.loadThis(), field("jsonTypes"),
        IntegerConstant.forValue(index), ArrayAccess.REFERENCE.load());
  }

  /**
   * A key property: its value decoded from the key (decoded once, here if no component before it decoded it),
   * checked against its column as the generated code checks it ({@code Values.keyInt}, {@code keyLong},
   * {@code key}).
   */
  private static StackManipulation keyProperty(Shape shape, RuntimeProperty property, boolean partitionKey,
      int component, ReadLocals locals) {
    List<StackManipulation> code = new ArrayList<>();
    KeyValues values = locals.keys[partitionKey ? 0 : 1];
    if (values == null) {
      values = decodeKey(shape, partitionKey, locals, code);
      locals.keys[partitionKey ? 0 : 1] = values;
    }
    Class<?> type = property.type;
    boolean typed = type == int.class || type == long.class;
    Class<?> held = values.types()[component];
    code.add(values.loads()[component]);
    code.add(assign(held, typed ? type : Object.class)); // a component read in place boxed, or the array's unboxed
    code.add(fromStore(shape, property, -1));
    code.add(typed ? StackManipulation.Trivial.INSTANCE : assign(type, Object.class));
    code.add(MethodVariableAccess.REFERENCE.loadFrom(READ_ROW));
    code.add(new TextConstant(property.storedName));
    code.add(new TextConstant(shape.table()));
    code.add(new TextConstant(shape.entity().getSimpleName()));
    code.add(new TextConstant(property.name));
    Class<?> checked = typed ? type : Object.class;
    code.add(call(Values.class, type == int.class ? "keyInt" : type == long.class ? "keyLong" : "key", checked,
        checked, TableRow.class, String.class, String.class, String.class, String.class));
    code.add(typed ? StackManipulation.Trivial.INSTANCE : assign(Object.class, type));
    return new StackManipulation.Compound(code);
  }

  /**
   * Decodes a key into locals, as the processor's {@code KeyReads} does, check for check: a lone String component
   * is the key itself; a key of literals, integral, String and enum components is read straight-line at a position
   * in the key through {@link KeySpec#literal}, {@link KeySpec.Part#integralIn}, {@link KeySpec.Part#textEnd},
   * {@link KeySpec.Part#stringIn}, {@link KeySpec.Part#enumIn} and {@link KeySpec#end} (nothing boxed or
   * allocated but a String component's text); any other key (one holding a time, a UUID or a boolean) is
   * {@link KeySpec#decode}d into an {@code Object[]}.
   *
   * @param code where the decoding's statements are added
   * @return where the component values are
   */
  private static KeyValues decodeKey(Shape shape, boolean partitionKey, ReadLocals locals,
      List<StackManipulation> code) {
    KeySpec spec = partitionKey ? shape.partitionKeySpec() : shape.rowKeySpec();
    List<RuntimeProperty> properties = partitionKey ? shape.partitionKey() : shape.rowKey();
    KeyConstants constants = partitionKey ? KeyConstants.PARTITION_KEY : KeyConstants.ROW_KEY;
    StackManipulation key = new StackManipulation.Compound(MethodVariableAccess.REFERENCE.loadFrom(READ_ROW),
        call(TableRow.class, partitionKey ? "partitionKey" : "rowKey"));
    int size = spec.parts().size();
    StackManipulation[] loads = new StackManipulation[size];
    Class<?>[] types = new Class<?>[size];
    List<KeyTemplate.Segment> segments = spec.template().segments();
    if (segments.size() == 1 && spec.part(0).type() == KeyType.STRING) {
      // the key is the value (decode's substring of the whole key is the key itself)
      loads[0] = key;
      types[0] = String.class;
      return new KeyValues(loads, types);
    }
    if (!straightLine(spec)) {
      int array = locals.allocate(Object[].class);
      code.add(constants.loadSpec());
      code.add(key);
      code.add(call(KeySpec.class, "decode", String.class));
      code.add(MethodVariableAccess.REFERENCE.storeAt(array));
      for (int i = 0; i < size; i++) {
        loads[i] = new StackManipulation.Compound(MethodVariableAccess.REFERENCE.loadFrom(array),
            IntegerConstant.forValue(i), ArrayAccess.REFERENCE.load());
        types[i] = Object.class;
      }
      return new KeyValues(loads, types);
    }
    int text = locals.allocate(String.class);
    code.add(key);
    code.add(MethodVariableAccess.REFERENCE.storeAt(text));
    StackManipulation keyText = MethodVariableAccess.REFERENCE.loadFrom(text);
    int at = -1; // the local holding where the last String or enum component ended; -1: the key's start
    int offset = 0; // characters of fixed width since then
    boolean endsWithText = false;
    int index = 0;
    for (KeyTemplate.Segment segment : segments) {
      StackManipulation position = position(at, offset);
      if (segment instanceof KeyTemplate.Literal) {
        String literal = ((KeyTemplate.Literal) segment).text();
        code.add(constants.loadSpec());
        code.add(keyText);
        code.add(position);
        code.add(new TextConstant(literal));
        code.add(call(KeySpec.class, "literal", String.class, int.class, String.class));
        code.add(Removal.SINGLE); // the position after it, known here
        offset += literal.length();
        endsWithText = false;
        continue;
      }
      KeySpec.Part part = spec.part(index);
      KeyType type = part.type();
      if (type.integral()) {
        Class<?> primitive = type == KeyType.BYTE ? byte.class : type == KeyType.SHORT ? short.class
            : type == KeyType.INT ? int.class : long.class;
        int local = locals.allocate(primitive);
        code.add(constants.loadPart(index));
        code.add(keyText);
        code.add(position);
        code.add(call(KeySpec.Part.class, "integralIn", String.class, int.class));
        code.add(primitive == long.class ? StackManipulation.Trivial.INSTANCE
            : PrimitiveNarrowingDelegate.LONG.narrowTo(TypeDescription.ForLoadedType.of(primitive)));
        code.add(MethodVariableAccess.of(TypeDescription.ForLoadedType.of(primitive)).storeAt(local));
        loads[index] = MethodVariableAccess.of(TypeDescription.ForLoadedType.of(primitive)).loadFrom(local);
        types[index] = primitive;
        offset += part.encodedWidth();
        endsWithText = false;
      } else {
        int end = locals.allocate(int.class);
        code.add(constants.loadPart(index));
        code.add(keyText);
        code.add(position);
        code.add(call(KeySpec.Part.class, "textEnd", String.class, int.class));
        code.add(MethodVariableAccess.INTEGER.storeAt(end));
        Class<?> held = type == KeyType.STRING ? String.class : properties.get(index).type;
        int local = locals.allocate(held);
        code.add(constants.loadPart(index));
        code.add(keyText);
        code.add(position);
        code.add(MethodVariableAccess.INTEGER.loadFrom(end));
        if (type == KeyType.STRING) {
          code.add(call(KeySpec.Part.class, "stringIn", String.class, int.class, int.class));
        } else {
          code.add(call(KeySpec.Part.class, "enumIn", String.class, int.class, int.class));
          code.add(TypeCasting.to(TypeDescription.ForLoadedType.of(held)));
        }
        code.add(MethodVariableAccess.REFERENCE.storeAt(local));
        loads[index] = MethodVariableAccess.REFERENCE.loadFrom(local);
        types[index] = held;
        at = end;
        offset = 0;
        endsWithText = true;
      }
      index++;
    }
    if (!endsWithText) {
      // a String or enum component at the end takes the rest of the key; anything else must end it
      code.add(constants.loadSpec());
      code.add(keyText);
      code.add(position(at, offset));
      code.add(call(KeySpec.class, "end", String.class, int.class));
    }
    return new KeyValues(loads, types);
  }

  /** Pushes a position in a key: {@code offset}, or the int local {@code at} plus {@code offset}. */
  private static StackManipulation position(int at, int offset) {
    if (at < 0) {
      return IntegerConstant.forValue(offset);
    }
    return offset == 0 ? MethodVariableAccess.INTEGER.loadFrom(at)
        : new StackManipulation.Compound(MethodVariableAccess.INTEGER.loadFrom(at), IntegerConstant.forValue(offset),
            Addition.INTEGER);
  }

  /** Whether every component of the key is integral, a String or an enum: the ones read in place. */
  private static boolean straightLine(KeySpec spec) {
    for (KeySpec.Part part : spec.parts()) {
      KeyType type = part.type();
      if (!type.integral() && type != KeyType.STRING && type != KeyType.ENUM) {
        return false;
      }
    }
    return true;
  }

  /**
   * Reads a property's store value from the row and converts it (the processor's {@code fromStore}).
   *
   * @param index the property's index (for its JSON type)
   */
  private static StackManipulation fromStore(Shape shape, RuntimeProperty property, int index) {
    StackManipulation row = MethodVariableAccess.REFERENCE.loadFrom(READ_ROW);
    StackManipulation name = new TextConstant(property.storedName);
    StackManipulation message = new StackManipulation.Compound(new TextConstant(shape.entity().getSimpleName()),
        new TextConstant(property.name), row);
    boolean primitive = property.type.isPrimitive();
    switch (property.kind) {
      case STRING:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getString", String.class));
      case CHAR:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getString", String.class), message,
            call(Values.class, primitive ? "toChar" : "toCharacter", String.class, String.class, String.class,
                TableRow.class));
      case BINARY:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getBinary", String.class),
            call(Values.class, "copy", byte[].class));
      case BOOLEAN:
        return primitive
            ? new StackManipulation.Compound(row, name, IntegerConstant.forValue(false),
                call(TableRow.class, "getBoolean", String.class, boolean.class))
            : new StackManipulation.Compound(row, name, call(TableRow.class, "getBoolean", String.class));
      case BYTE:
      case SHORT:
        String to = property.kind == PropertyKind.BYTE ? "toByte" : "toShort";
        return primitive
            ? new StackManipulation.Compound(row, name, IntegerConstant.forValue(0),
                call(TableRow.class, "getInt32", String.class, int.class), message,
                call(Values.class, to, int.class, String.class, String.class, TableRow.class))
            : new StackManipulation.Compound(row, name, call(TableRow.class, "getInt32", String.class), message,
                call(Values.class, to, Integer.class, String.class, String.class, TableRow.class));
      case INT:
        return primitive
            ? new StackManipulation.Compound(row, name, IntegerConstant.forValue(0),
                call(TableRow.class, "getInt32", String.class, int.class))
            : new StackManipulation.Compound(row, name, call(TableRow.class, "getInt32", String.class));
      case LONG:
        return primitive
            ? new StackManipulation.Compound(row, name, LongConstant.forValue(0L),
                call(TableRow.class, "getInt64", String.class, long.class))
            : new StackManipulation.Compound(row, name, call(TableRow.class, "getInt64", String.class));
      case FLOAT:
        return primitive
            ? new StackManipulation.Compound(row, name, DoubleConstant.forValue(0d),
                call(TableRow.class, "getDouble", String.class, double.class), DoubleToFloat.INSTANCE)
            : new StackManipulation.Compound(row, name, call(TableRow.class, "getDouble", String.class),
                call(Values.class, "toFloat", Double.class));
      case DOUBLE:
        return primitive
            ? new StackManipulation.Compound(row, name, DoubleConstant.forValue(0d),
                call(TableRow.class, "getDouble", String.class, double.class))
            : new StackManipulation.Compound(row, name, call(TableRow.class, "getDouble", String.class));
      case UUID:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getGuid", String.class));
      case INSTANT:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getDateTime", String.class));
      case OFFSET_DATE_TIME:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getDateTime", String.class),
            call(Values.class, "toOffsetDateTime", Instant.class));
      case LOCAL_DATE:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getDateTime", String.class),
            call(Values.class, "toLocalDate", Instant.class));
      case LOCAL_DATE_TIME:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getDateTime", String.class),
            call(Values.class, "toLocalDateTime", Instant.class));
      case ENUM:
        return new StackManipulation.Compound(ClassConstant.of(TypeDescription.ForLoadedType.of(property.type)), row,
            name, call(TableRow.class, "getString", String.class), message,
            call(Values.class, "toEnum", Class.class, String.class, String.class, String.class, TableRow.class),
            TypeCasting.to(TypeDescription.ForLoadedType.of(property.type)));
      case BIG_DECIMAL:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getString", String.class), message,
            call(Values.class, "toBigDecimal", String.class, String.class, String.class, TableRow.class));
      case BIG_INTEGER:
        return new StackManipulation.Compound(row, name, call(TableRow.class, "getString", String.class), message,
            call(Values.class, "toBigInteger", String.class, String.class, String.class, TableRow.class));
      case JSON:
        // context.fromJson(NOTES_JSON, row.getString(Shipment_.NOTES))
        return new StackManipulation.Compound(MethodVariableAccess.REFERENCE.loadFrom(READ_CONTEXT), jsonType(index),
            row, name, call(TableRow.class, "getString", String.class),
            call(MappingContext.class, "fromJson", JsonType.class, String.class), assign(Object.class, property.type));
      default:
        throw new AssertionError(property.kind);
    }
  }

  // ------------------------------------------------------------------ members

  /** Pushes {@code ((Entity) local).getX()} or {@code .x}. */
  private static StackManipulation get(TypeDescription owner, RuntimeProperty property, int local) {
    Member read = property.getter;
    Class<?> declared = read instanceof Field ? ((Field) read).getType() : ((Method) read).getReturnType();
    return new StackManipulation.Compound(MethodVariableAccess.REFERENCE.loadFrom(local), TypeCasting.to(owner),
        read instanceof Field ? FieldAccess.forField(new FieldDescription.ForLoadedField((Field) read)).read()
            : MethodInvocation.invoke(new MethodDescription.ForLoadedMethod((Method) read)).virtual(owner),
        assign(declared, property.type)); // a generic getter's erasure, cast to the property's type
  }

  /** Calls the setter (dropping what it returns) or writes the field, the entity and value on the stack. */
  private static StackManipulation set(TypeDescription owner, RuntimeProperty property) {
    Member write = property.setter;
    if (write instanceof Field) {
      return FieldAccess.forField(new FieldDescription.ForLoadedField((Field) write)).write();
    }
    Method setter = (Method) write;
    return new StackManipulation.Compound(
        MethodInvocation.invoke(new MethodDescription.ForLoadedMethod(setter)).virtual(owner),
        setter.getReturnType() == void.class ? StackManipulation.Trivial.INSTANCE
            : Removal.of(TypeDescription.ForLoadedType.of(setter.getReturnType())));
  }

  private static StackManipulation field(String name) {
    try {
      return FieldAccess.forField(new FieldDescription.ForLoadedField(RowCode.class.getDeclaredField(name))).read();
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Boxes, unboxes (a null checked as a cast would), widens or casts. */
  private static StackManipulation assign(Class<?> from, Class<?> to) {
    if (from == to) {
      return StackManipulation.Trivial.INSTANCE;
    }
    StackManipulation assignment = Assigner.DEFAULT.assign(
        TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(from),
        TypeDescription.Generic.OfNonGenericType.ForLoadedType.of(to), Assigner.Typing.DYNAMIC);
    if (!assignment.isValid()) {
      throw new IllegalStateException("no assignment from " + from + " to " + to);
    }
    return assignment;
  }

  /** Invokes a public method (static, virtual or interface, as declared). */
  private static StackManipulation call(Class<?> owner, String name, Class<?>... parameters) {
    return MethodInvocation.invoke(method(owner, name, parameters));
  }

  private static MethodDescription.InDefinedShape method(Class<?> owner, String name, Class<?>... parameters) {
    try {
      return new MethodDescription.ForLoadedMethod(owner.getDeclaredMethod(name, parameters));
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("no " + owner.getName() + "." + name + ": " + e, e);
    }
  }

  private static Constructor<?> constructor(Class<?> owner, Class<?>... parameters) {
    try {
      return owner.getConstructor(parameters);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Marks a place a jump or switch goes to. */
  private record Mark(Label label) implements StackManipulation {
    @Override
    public boolean isValid() {
      return true;
    }

    @Override
    public Size apply(MethodVisitor visitor, Implementation.Context context) {
      visitor.visitLabel(label);
      return Size.ZERO;
    }
  }

  /**
   * A jump: {@code IFNULL}, {@code IFNE}, {@code IFEQ} (each taking one value) or {@code GOTO}; {@code impact} is what
   * it does to the stack as the code after it sees it (a {@code GOTO} out of one branch of a conditional takes back
   * the value that branch pushed, which the other branch pushes again).
   */
  private record Jump(int opcode, Label label, int impact) implements StackManipulation {
    @Override
    public boolean isValid() {
      return true;
    }

    @Override
    public Size apply(MethodVisitor visitor, Implementation.Context context) {
      visitor.visitJumpInsn(opcode, label);
      return new Size(impact, 0);
    }
  }

  /** {@code switch (int on the stack)}: case {@code i} goes to {@code cases[i]}, any other to {@code otherwise}. */
  private record TableSwitch(Label[] cases, Label otherwise) implements StackManipulation {
    @Override
    public boolean isValid() {
      return true;
    }

    @Override
    public Size apply(MethodVisitor visitor, Implementation.Context context) {
      if (cases.length == 0) {
        visitor.visitInsn(Opcodes.POP);
        visitor.visitJumpInsn(Opcodes.GOTO, otherwise);
      } else {
        visitor.visitTableSwitchInsn(0, cases.length - 1, otherwise, cases);
      }
      return new Size(-1, 0);
    }
  }

  /** {@code (float) aDouble}: Byte Buddy's assigner widens only. */
  private enum DoubleToFloat implements StackManipulation {
    INSTANCE;

    @Override
    public boolean isValid() {
      return true;
    }

    @Override
    public Size apply(MethodVisitor visitor, Implementation.Context context) {
      visitor.visitInsn(Opcodes.D2F);
      return new Size(-1, 0);
    }
  }
}
