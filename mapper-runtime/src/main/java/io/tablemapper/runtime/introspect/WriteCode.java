package io.tablemapper.runtime.introspect;

import static io.tablemapper.runtime.introspect.StackCode.assign;
import static io.tablemapper.runtime.introspect.StackCode.call;
import static io.tablemapper.runtime.introspect.StackCode.get;
import static io.tablemapper.runtime.introspect.StackCode.jsonType;

import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.RowCode;
import io.tablemapper.internal.mapping.Values;
import io.tablemapper.runtime.introspect.RowCodes.Shape;
import io.tablemapper.spi.TableRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.bytecode.Removal;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.constant.TextConstant;
import net.bytebuddy.implementation.bytecode.member.MethodReturn;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;

/**
 * The code of a {@link RowCode}'s {@code write(entity, row, context)}, the statements of the processor's
 * {@code Employee__Mapping.toRow}: each stored property read through its getter or field, converted to its store
 * type as the generated code converts it ({@link Values}, a time through {@link RowCode#dateTime}, a JSON value
 * through the context and the property's {@link JsonType}) and put into the row.
 */
final class WriteCode {
  // the local variables of the generated method (0 is this)
  private static final int WRITE_ENTITY = 1;
  private static final int WRITE_ROW = 2;
  private static final int WRITE_CONTEXT = 3;

  private WriteCode() {}

  /** {@code write(entity, row, context)}: one {@code row.putX(name, value)} per stored property, in order. */
  static List<StackManipulation> write(TypeDescription owner, Shape shape) {
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
}
