package io.tablemapper.runtime;

import static net.bytebuddy.matcher.ElementMatchers.named;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
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
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.ByteCodeAppender;
import net.bytebuddy.implementation.bytecode.Duplication;
import net.bytebuddy.implementation.bytecode.Removal;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.TypeCreation;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.implementation.bytecode.assign.TypeCasting;
import net.bytebuddy.implementation.bytecode.collection.ArrayAccess;
import net.bytebuddy.implementation.bytecode.constant.ClassConstant;
import net.bytebuddy.implementation.bytecode.constant.DefaultValue;
import net.bytebuddy.implementation.bytecode.constant.DoubleConstant;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.constant.LongConstant;
import net.bytebuddy.implementation.bytecode.constant.TextConstant;
import net.bytebuddy.implementation.bytecode.member.FieldAccess;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.implementation.bytecode.member.MethodReturn;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Generates, with Byte Buddy, the {@link RowCode} of a concrete entity class mapped at run time: one class per
 * mapping whose {@code partitionKey}, {@code rowKey}, {@code write} and {@code read} are the statements the
 * processor would generate for the class ({@code Employee_.rowKey}, {@code Employee__Mapping.toRow} and
 * {@code fromRow}), as bytecode built from Byte Buddy's {@link StackManipulation}s: each property read or written
 * through its own getter, setter, field or constructor parameter, primitives unboxed, keys appended through
 * {@link KeySpec.Part} and {@link KeyCodec} as the generated composer appends them, each key decoded once. The
 * class is defined in the entity's package, like the {@link Accessors}, and named after the entity with a sequence
 * number (a class is mapped once per default naming strategy, and its stored names are constants here).
 */
final class RowCodes {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();

  // the local variables of the generated methods (0 is this)
  private static final int KEY_ENTITY = 1;
  private static final int KEY_BUILDER = 2;
  private static final int WRITE_ENTITY = 1;
  private static final int WRITE_ROW = 2;
  private static final int WRITE_CONTEXT = 3;
  private static final int READ_ROW = 1;
  private static final int READ_CONTEXT = 2;
  private static final int READ_ENTITY = 3;
  private static final int READ_PARTITION_KEY = 4;
  private static final int READ_ROW_KEY = 5;

  private RowCodes() {}

  /** What the generator needs of a mapping beyond its properties. */
  record Shape(Class<?> entity, String table, List<RuntimeProperty> properties, List<RuntimeProperty> partitionKey,
      List<RuntimeProperty> rowKey, KeySpec partitionKeySpec, KeySpec rowKeySpec, boolean record,
      Constructor<?> constructor) {}

  /**
   * Generates and instantiates the code of a concrete entity's mapping.
   *
   * @param mapping the mapping under construction (its specs are set)
   * @param fallback reads what the code does not spell out
   */
  static <T> RowCode<T> generate(Shape shape, RuntimeMapping<T> mapping, RowCode.Fallback fallback) {
    TypeDescription owner = TypeDescription.ForLoadedType.of(shape.entity());
    net.bytebuddy.dynamic.DynamicType.Builder<?> builder = new ByteBuddy()
        .subclass(RowCode.class, ConstructorStrategy.Default.IMITATE_SUPER_CLASS_OPENING)
        .method(named("partitionKey"))
        .intercept(code(1, key(owner, shape.partitionKeySpec(), shape.partitionKey(), "partitionKeySpec",
            "partitionKeyParts")))
        .method(named("rowKey"))
        .intercept(code(1, key(owner, shape.rowKeySpec(), shape.rowKey(), "rowKeySpec", "rowKeyParts")))
        .method(named("write"))
        .intercept(code(0, write(owner, shape)))
        .method(named("read"))
        .intercept(code(3, read(owner, shape)));
    String name = shape.entity().getName() + Accessors.MARKER + "rows" + SEQUENCE.incrementAndGet();
    Class<?> type = Accessors.defineNew(shape.entity(), builder, name);
    try {
      @SuppressWarnings("unchecked")
      RowCode<T> code = (RowCode<T>) type.getConstructor(
          io.tablemapper.internal.mapping.EntityMapping.class, RowCode.Fallback.class).newInstance(mapping, fallback);
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

  // ------------------------------------------------------------------ keys

  /**
   * {@code partitionKey(entity)} or {@code rowKey(entity)}: what the processor's composer does, the entity's getters
   * in place of its parameters — a lone String placeholder checked by {@code Part.whole}, otherwise every segment
   * appended to one StringBuilder (padded integers as checked digits) and the result {@code finish}ed.
   */
  private static List<StackManipulation> key(TypeDescription owner, KeySpec spec, List<RuntimeProperty> properties,
      String specField, String partsField) {
    List<StackManipulation> code = new ArrayList<>();
    List<KeyTemplate.Segment> segments = spec.template().segments();
    if (segments.size() == 1 && !(segments.get(0) instanceof KeyTemplate.Literal)
        && properties.get(0).type == String.class) {
      code.add(part(partsField, 0));
      code.add(get(owner, properties.get(0), KEY_ENTITY));
      code.add(call(KeySpec.Part.class, "whole", String.class));
      code.add(MethodReturn.REFERENCE);
      return code;
    }
    code.add(TypeCreation.of(TypeDescription.ForLoadedType.of(StringBuilder.class)));
    code.add(Duplication.SINGLE);
    code.add(IntegerConstant.forValue(capacity(spec)));
    code.add(MethodInvocation.invoke(new MethodDescription.ForLoadedConstructor(constructor(StringBuilder.class,
        int.class))));
    code.add(MethodVariableAccess.REFERENCE.storeAt(KEY_BUILDER));
    int index = 0;
    for (KeyTemplate.Segment segment : segments) {
      if (segment instanceof KeyTemplate.Literal) {
        code.add(MethodVariableAccess.REFERENCE.loadFrom(KEY_BUILDER));
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
        code.add(MethodVariableAccess.REFERENCE.loadFrom(KEY_BUILDER));
        code.add(part(partsField, index));
        code.add(keyValue(owner, property, partsField, index, long.class));
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
        code.add(part(partsField, index));
        code.add(MethodVariableAccess.REFERENCE.loadFrom(KEY_BUILDER));
        code.add(keyValue(owner, property, partsField, index, parameter));
        code.add(call(KeySpec.Part.class, "append", StringBuilder.class, parameter));
      }
      index++;
    }
    code.add(MethodVariableAccess.loadThis());
    code.add(field(specField));
    code.add(MethodVariableAccess.REFERENCE.loadFrom(KEY_BUILDER));
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
  private static StackManipulation keyValue(TypeDescription owner, RuntimeProperty property, String partsField,
      int index, Class<?> target) {
    List<StackManipulation> code = new ArrayList<>();
    boolean boxedPrimitive = !property.type.isPrimitive() && (target.isPrimitive());
    if (boxedPrimitive) {
      code.add(part(partsField, index));
      code.add(get(owner, property, KEY_ENTITY));
      code.add(call(KeySpec.Part.class, "notNull", Object.class));
      code.add(assign(Object.class, target));
    } else {
      code.add(get(owner, property, KEY_ENTITY));
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
      switch (spec.part(index++).type()) {
        case BYTE:
        case SHORT:
        case INT:
        case LONG:
          capacity += placeholder.width() > 0 ? placeholder.width() : 20;
          break;
        case UUID:
          capacity += 36;
          break;
        case BOOLEAN:
          capacity += 5;
          break;
        case STRING:
        case ENUM:
          capacity += 16;
          break;
        default:
          capacity += 40;
      }
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
        return new StackManipulation.Compound(MethodVariableAccess.loadThis(), IntegerConstant.forValue(index),
            value, assign(type, Object.class), MethodVariableAccess.REFERENCE.loadFrom(WRITE_CONTEXT),
            call(RowCode.class, "json", int.class, Object.class, MappingContext.class),
            putter("putString", String.class));
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
   * {@code read(row, context)}: a JavaBean created and each property set in order, or a record's canonical
   * constructor called with every property's value; a key decoded (once) where its first component is read.
   */
  private static List<StackManipulation> read(TypeDescription owner, Shape shape) {
    List<StackManipulation> code = new ArrayList<>();
    boolean[] decoded = new boolean[2];
    List<RuntimeProperty> properties = shape.properties();
    if (shape.record()) {
      code.add(TypeCreation.of(owner));
      code.add(Duplication.SINGLE);
      for (int i = 0; i < properties.size(); i++) {
        code.add(value(owner, shape, properties.get(i), i, decoded));
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
      code.add(value(owner, shape, property, i, decoded));
      code.add(set(owner, property));
    }
    code.add(MethodVariableAccess.REFERENCE.loadFrom(READ_ENTITY));
    code.add(MethodReturn.REFERENCE);
    return code;
  }

  /** Pushes a property's value read from the row, of the property's own type (the processor's {@code readValue}). */
  private static StackManipulation value(TypeDescription owner, Shape shape, RuntimeProperty property, int index,
      boolean[] decoded) {
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
          decoded);
    }
    if (property.defaultValue != null || property.kind == PropertyKind.JSON) {
      // a default for older rows or a JSON value: read as the run-time mapping reads it
      return new StackManipulation.Compound(MethodVariableAccess.loadThis(), IntegerConstant.forValue(index),
          MethodVariableAccess.REFERENCE.loadFrom(READ_ROW), MethodVariableAccess.REFERENCE.loadFrom(READ_CONTEXT),
          call(RowCode.class, "fallback", int.class, TableRow.class, MappingContext.class), assign(Object.class, type));
    }
    return fromStore(shape, property);
  }

  /**
   * A key property: its value decoded from the key (decoded once, here if no component before it decoded it),
   * checked against its column as the generated code checks it ({@code Values.keyInt}, {@code keyLong},
   * {@code key}).
   */
  private static StackManipulation keyProperty(Shape shape, RuntimeProperty property, boolean partitionKey,
      int component, boolean[] decoded) {
    List<StackManipulation> code = new ArrayList<>();
    int local = partitionKey ? READ_PARTITION_KEY : READ_ROW_KEY;
    if (!decoded[partitionKey ? 0 : 1]) {
      decoded[partitionKey ? 0 : 1] = true;
      code.add(MethodVariableAccess.loadThis());
      code.add(field(partitionKey ? "partitionKeySpec" : "rowKeySpec"));
      code.add(MethodVariableAccess.REFERENCE.loadFrom(READ_ROW));
      code.add(call(TableRow.class, partitionKey ? "partitionKey" : "rowKey"));
      code.add(call(KeySpec.class, "decode", String.class));
      code.add(MethodVariableAccess.REFERENCE.storeAt(local));
    }
    Class<?> type = property.type;
    boolean typed = type == int.class || type == long.class;
    code.add(MethodVariableAccess.REFERENCE.loadFrom(local));
    code.add(IntegerConstant.forValue(component));
    code.add(ArrayAccess.REFERENCE.load());
    code.add(typed ? assign(Object.class, type) : StackManipulation.Trivial.INSTANCE);
    code.add(fromStore(shape, property));
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

  /** Reads a property's store value from the row and converts it (the processor's {@code fromStore}). */
  private static StackManipulation fromStore(Shape shape, RuntimeProperty property) {
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

  /** Pushes {@code this.parts[index]}. */
  private static StackManipulation part(String partsField, int index) {
    return new StackManipulation.Compound(MethodVariableAccess.loadThis(), field(partsField),
        IntegerConstant.forValue(index), ArrayAccess.REFERENCE.load());
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
