package io.tablemapper.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.internal.key.KeyType;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.KeyModel;
import io.tablemapper.processor.entity.PropertyModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reading of an entity's own keys in one generated method ({@code fromRow}, a projection's reader): each key is
 * decoded once, where the first of its components is read, into a local per component that every component's
 * read then refers to. A key of literals, integral (padded or not), String and enum components is read
 * straight-line, left to right at a position in the key, through the allocation-free reads of {@link KeySpec}
 * ({@code literal}, {@code integralIn}, {@code textEnd}, {@code stringIn}, {@code enumIn}, {@code end}); a key
 * holding any other component (a time, a UUID, a boolean) is decoded once by {@link KeySpec#decode}. Both check
 * what decode checks, in its order, and fail with its errors.
 */
final class KeyReads {
  private final EntityModel entity;
  private final ClassName meta;
  private final MemberNames names;
  private final MethodSpec.Builder method;
  private final String row;
  private final Set<String> taken;
  /** The expression of each decoded key's component values, by key (the key models are the entity's own). */
  private final Map<KeyModel, Map<String, CodeBlock>> decoded = new HashMap<>();

  /**
   * The key reads of a method.
   *
   * @param method the method the decoding statements are added to, before the statement that needs them
   * @param row the local holding the {@code TableRow}
   * @param taken the names of the method's parameters and locals, which the key reads' locals avoid (and join)
   */
  KeyReads(EntityModel entity, ClassName meta, MemberNames names, MethodSpec.Builder method, String row,
      Set<String> taken) {
    this.entity = entity;
    this.meta = meta;
    this.names = names;
    this.method = method;
    this.row = row;
    this.taken = taken;
  }

  /**
   * The value of a component of one of the entity's keys as the row's key holds it, decoding that key first (adding
   * its statements to the method) unless an earlier read did.
   */
  CodeBlock value(KeyModel key, PropertyModel property) {
    Map<String, CodeBlock> values = decoded.get(key);
    if (values == null) {
      values = decode(key);
      decoded.put(key, values);
    }
    return values.get(property.name());
  }

  private Map<String, CodeBlock> decode(KeyModel key) {
    String accessor = key == entity.partitionKey() ? "partitionKey" : "rowKey";
    List<KeyTemplate.Segment> segments = key.template().segments();
    Map<String, CodeBlock> values = new HashMap<>();
    if (segments.size() == 1 && key.property(0).keyType() == KeyType.STRING) {
      // the key is the value (decode's substring of the whole key is the key itself)
      values.put(key.property(0).name(), CodeBlock.of("$N.$N()", row, accessor));
      return values;
    }
    if (!straightLine(key)) {
      String array = fresh(accessor + "Values");
      method.addStatement("$T[] $N = $T.$N.decode($N.$N())", Object.class, array, meta, key.specConstant(), row,
          accessor);
      for (int i = 0; i < key.properties().size(); i++) {
        PropertyModel property = key.property(i);
        values.put(property.name(), CodeBlock.of("($T) $N[$L]", property.typeName().box(), array, i));
      }
      return values;
    }
    String text = fresh(accessor);
    method.addStatement("$T $N = $N.$N()", String.class, text, row, accessor);
    String at = null; // the local holding where the last String or enum component ended; null: the key's start
    int offset = 0; // characters of fixed width since then
    boolean endsWithText = false;
    for (KeyTemplate.Segment segment : segments) {
      CodeBlock position = at == null ? CodeBlock.of("$L", offset)
          : offset == 0 ? CodeBlock.of("$N", at) : CodeBlock.of("$N + $L", at, offset);
      if (segment instanceof KeyTemplate.Literal) {
        String literal = ((KeyTemplate.Literal) segment).text();
        method.addStatement("$T.$N.literal($N, $L, $S)", meta, key.specConstant(), text, position, literal);
        offset += literal.length();
        endsWithText = false;
        continue;
      }
      KeyTemplate.Placeholder placeholder = (KeyTemplate.Placeholder) segment;
      PropertyModel property = key.property(placeholder.index());
      CodeBlock part = CodeBlock.of("$T.$N", meta, names.part(key, placeholder.index()));
      String local = fresh(property.name() + "InKey");
      KeyType type = property.keyType();
      if (type.integral()) {
        TypeName primitive = property.typeName().isBoxedPrimitive() ? property.typeName().unbox()
            : property.typeName();
        String cast = type == KeyType.LONG ? "" : "(" + primitive + ") ";
        method.addStatement("$T $N = $L$L.integralIn($N, $L)", primitive, local, cast, part, text, position);
        offset += placeholder.width() > 0 ? placeholder.width() : 1 + type.digits();
        endsWithText = false;
      } else {
        String end = fresh(property.name() + "End");
        method.addStatement("int $N = $L.textEnd($N, $L)", end, part, text, position);
        if (type == KeyType.STRING) {
          method.addStatement("$T $N = $L.stringIn($N, $L, $N)", String.class, local, part, text, position, end);
        } else {
          method.addStatement("$T $N = ($T) $L.enumIn($N, $L, $N)", property.typeName(), local, property.typeName(),
              part, text, position, end);
        }
        at = end;
        offset = 0;
        endsWithText = true;
      }
      values.put(property.name(), CodeBlock.of("$N", local));
    }
    if (!endsWithText) {
      // a String or enum component at the end takes the rest of the key; anything else must end it
      CodeBlock position = at == null ? CodeBlock.of("$L", offset)
          : offset == 0 ? CodeBlock.of("$N", at) : CodeBlock.of("$N + $L", at, offset);
      method.addStatement("$T.$N.end($N, $L)", meta, key.specConstant(), text, position);
    }
    return values;
  }

  /** Whether every component of the key is integral, a String or an enum: the ones read in place. */
  private static boolean straightLine(KeyModel key) {
    for (PropertyModel property : key.properties()) {
      KeyType type = property.keyType();
      if (!type.integral() && type != KeyType.STRING && type != KeyType.ENUM) {
        return false;
      }
    }
    return true;
  }

  /** A local name no parameter, property or other local of the method has: the name, or it with {@code _}s. */
  private String fresh(String name) {
    String unique = name;
    while (!taken.add(unique)) {
      unique += "_";
    }
    return unique;
  }
}
