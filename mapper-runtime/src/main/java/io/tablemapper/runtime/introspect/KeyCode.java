package io.tablemapper.runtime.introspect;

import static io.tablemapper.runtime.introspect.StackCode.assign;
import static io.tablemapper.runtime.introspect.StackCode.call;
import static io.tablemapper.runtime.introspect.StackCode.constructor;
import static io.tablemapper.runtime.introspect.StackCode.field;
import static io.tablemapper.runtime.introspect.StackCode.get;

import io.tablemapper.internal.key.KeyCodec;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.mapping.RowCode;
import io.tablemapper.runtime.introspect.RowCodes.IndexKey;
import io.tablemapper.runtime.introspect.RowCodes.Shape;
import io.tablemapper.runtime.introspect.StackCode.Jump;
import io.tablemapper.runtime.introspect.StackCode.Mark;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.Duplication;
import net.bytebuddy.implementation.bytecode.Removal;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.Throw;
import net.bytebuddy.implementation.bytecode.TypeCreation;
import net.bytebuddy.implementation.bytecode.collection.ArrayAccess;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.constant.NullConstant;
import net.bytebuddy.implementation.bytecode.constant.TextConstant;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.implementation.bytecode.member.MethodReturn;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The code of a {@link RowCode}'s keys: {@code partitionKey(entity)} and {@code rowKey(entity)} composed as the
 * processor's metamodel composes them ({@code Employee_.rowKey}), the entity's getters in place of the composer's
 * parameters, each segment appended through {@link KeySpec.Part} and {@link KeyCodec}; and {@code indexKey(key,
 * entity)}, each index copy's key null-checked and composed as the generated {@code emailRowKey(entity)}.
 */
final class KeyCode {
  // the local variables of the generated methods (0 is this)
  private static final int KEY_ENTITY = 1;
  private static final int KEY_BUILDER = 2;
  private static final int INDEX_KEY_NUMBER = 1;
  private static final int INDEX_KEY_ENTITY = 2;
  private static final int INDEX_KEY_BUILDER = 3;

  private KeyCode() {}

  /** {@code partitionKey(entity)}. */
  static List<StackManipulation> partitionKey(TypeDescription owner, Shape shape) {
    return key(owner, shape.partitionKeySpec(), shape.partitionKey(), KeyConstants.PARTITION_KEY, KEY_ENTITY,
        KEY_BUILDER);
  }

  /** {@code rowKey(entity)}. */
  static List<StackManipulation> rowKey(TypeDescription owner, Shape shape) {
    return key(owner, shape.rowKeySpec(), shape.rowKey(), KeyConstants.ROW_KEY, KEY_ENTITY, KEY_BUILDER);
  }

  /** Where the code of a key finds its spec and parts: fields of {@link RowCode}. */
  record KeyConstants(StackManipulation spec, StackManipulation parts) {
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
  static List<StackManipulation> indexKeys(TypeDescription owner, List<? extends IndexKey<?>> keys) {
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
}
