package io.tablemapper.runtime.introspect;

import static io.tablemapper.runtime.introspect.StackCode.assign;
import static io.tablemapper.runtime.introspect.StackCode.call;
import static io.tablemapper.runtime.introspect.StackCode.field;
import static io.tablemapper.runtime.introspect.StackCode.jsonType;
import static io.tablemapper.runtime.introspect.StackCode.set;

import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.RowCode;
import io.tablemapper.internal.mapping.Values;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.PropertyRole;
import io.tablemapper.runtime.introspect.KeyReadCode.KeyValues;
import io.tablemapper.runtime.introspect.RowCodes.Shape;
import io.tablemapper.runtime.introspect.StackCode.Jump;
import io.tablemapper.runtime.introspect.StackCode.Mark;
import io.tablemapper.spi.TableRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.Duplication;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.TypeCreation;
import net.bytebuddy.implementation.bytecode.assign.TypeCasting;
import net.bytebuddy.implementation.bytecode.collection.ArrayAccess;
import net.bytebuddy.implementation.bytecode.constant.ClassConstant;
import net.bytebuddy.implementation.bytecode.constant.DefaultValue;
import net.bytebuddy.implementation.bytecode.constant.DoubleConstant;
import net.bytebuddy.implementation.bytecode.constant.FloatConstant;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.constant.LongConstant;
import net.bytebuddy.implementation.bytecode.constant.TextConstant;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.implementation.bytecode.member.MethodReturn;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The code of a {@link RowCode}'s {@code read(row, context)}, the statements of the processor's
 * {@code Employee__Mapping.fromRow}: a JavaBean created and each property set through its setter or field, or the
 * constructor of a record or an immutable class called with the value of each property it takes; each value read from the row and converted as
 * the generated code converts it ({@link Values}, a JSON value through the context and the property's
 * {@link JsonType}), a default for older rows as the generated {@code !row.has(NAME) && olderVersion(row) ? DEFAULT :
 * stored}, a key property decoded from its key ({@link KeyReadCode}) and checked against its column.
 */
final class ReadCode {
  // the parameters of the generated method (0 is this) and the entity, the first of its other locals
  static final int READ_ROW = 1;
  private static final int READ_CONTEXT = 2;
  private static final int READ_ENTITY = 3;

  private ReadCode() {}

  /**
   * The local variables of a generated {@code read} beyond its parameters and the entity: each key's component
   * values once decoded, and the next free slot (whose number, after the code is built, is the method's locals).
   */
  static final class Locals {
    /** The PartitionKey's (0) and RowKey's (1) component values, once their key is decoded; null before. */
    private final KeyValues[] keys = new KeyValues[2];
    private int next = READ_ENTITY + 1;

    /** A new local of a type (two slots for a long). */
    int allocate(Class<?> type) {
      int slot = next;
      next += type == long.class || type == double.class ? 2 : 1;
      return slot;
    }

    /** The slots the method's locals take beyond its parameters and {@code this}: the entity's and the others. */
    int extra() {
      return next - READ_ENTITY;
    }
  }

  /**
   * {@code read(row, context)}: a JavaBean created and each property set in order, or the constructor of a record
   * or an immutable class called with the value of each property it takes; a key decoded (once) where its first component is read.
   */
  static List<StackManipulation> read(TypeDescription owner, Shape shape, Locals locals) {
    List<StackManipulation> code = new ArrayList<>();
    List<RuntimeProperty> properties = shape.properties();
    if (shape.constructorArguments() != null) {
      code.add(TypeCreation.of(owner));
      code.add(Duplication.SINGLE);
      for (RuntimeProperty argument : shape.constructorArguments()) {
        code.add(value(owner, shape, argument, properties.indexOf(argument), locals));
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
      Locals locals) {
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
  static StackManipulation constantDefault(RuntimeProperty property) {
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

  /**
   * A key property: its value decoded from the key (decoded once, here if no component before it decoded it),
   * checked against its column as the generated code checks it ({@code Values.keyInt}, {@code keyLong},
   * {@code key}).
   */
  private static StackManipulation keyProperty(Shape shape, RuntimeProperty property, boolean partitionKey,
      int component, Locals locals) {
    List<StackManipulation> code = new ArrayList<>();
    KeyValues values = locals.keys[partitionKey ? 0 : 1];
    if (values == null) {
      values = KeyReadCode.decodeKey(shape, partitionKey, locals, code);
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
