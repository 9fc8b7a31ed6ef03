package io.tablemapper.runtime.introspect;

import static io.tablemapper.runtime.introspect.ReadCode.READ_ROW;
import static io.tablemapper.runtime.introspect.StackCode.call;

import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.internal.mapping.RowCode;
import io.tablemapper.runtime.introspect.KeyCode.KeyConstants;
import io.tablemapper.runtime.introspect.RowCodes.Shape;
import io.tablemapper.spi.TableRow;
import java.util.List;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.bytecode.Addition;
import net.bytebuddy.implementation.bytecode.Removal;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.assign.TypeCasting;
import net.bytebuddy.implementation.bytecode.assign.primitive.PrimitiveNarrowingDelegate;
import net.bytebuddy.implementation.bytecode.collection.ArrayAccess;
import net.bytebuddy.implementation.bytecode.constant.IntegerConstant;
import net.bytebuddy.implementation.bytecode.constant.TextConstant;
import net.bytebuddy.implementation.bytecode.member.MethodVariableAccess;

/**
 * The code that decodes a row's PartitionKey or RowKey into the component values of a {@link RowCode}'s
 * {@code read}, as the typed reads the processor's {@code KeyReads} emits: each key decoded once, into locals of the
 * read, in place and without boxing where it can be ({@link KeySpec#decode} only where the generated code decodes).
 */
final class KeyReadCode {
  private KeyReadCode() {}

  /** Where a decoded key's component values are, in placeholder order: how to push each, and of which type. */
  record KeyValues(StackManipulation[] loads, Class<?>[] types) {}

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
  static KeyValues decodeKey(Shape shape, boolean partitionKey, ReadCode.Locals locals,
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
}
