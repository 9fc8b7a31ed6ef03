package io.tablemapper.cli;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON of {@code inspect --format json}: numbers and booleans as themselves, binary values in Base64, lists,
 * arrays, maps and records as JSON arrays and objects, anything else (times, GUIDs, enums) as its string form.
 */
final class Json {
  private Json() {}

  static String write(Object value) {
    StringBuilder json = new StringBuilder();
    write(value, json, "");
    return json.toString();
  }

  private static void write(Object value, StringBuilder json, String indent) {
    if (value instanceof Optional<?> optional) {
      value = optional.orElse(null);
    }
    if (value == null) {
      json.append("null");
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long
        || value instanceof Short || value instanceof Byte) {
      json.append(value);
    } else if (value instanceof Double || value instanceof Float) {
      double number = ((Number) value).doubleValue();
      if (Double.isFinite(number)) {
        json.append(value);
      } else {
        string(String.valueOf(value), json);
      }
    } else if (value instanceof byte[] bytes) {
      string(Base64.getEncoder().encodeToString(bytes), json);
    } else if (value instanceof Map<?, ?> map) {
      object(map, json, indent);
    } else if (value instanceof Collection<?> items) {
      array(items.toArray(), json, indent);
    } else if (value.getClass().isArray()) {
      Object[] items = new Object[Array.getLength(value)];
      for (int i = 0; i < items.length; i++) {
        items[i] = Array.get(value, i);
      }
      array(items, json, indent);
    } else if (value instanceof Record record) {
      Map<String, Object> components = new java.util.LinkedHashMap<>();
      for (RecordComponent component : record.getClass().getRecordComponents()) {
        try {
          component.getAccessor().setAccessible(true);
          components.put(component.getName(), component.getAccessor().invoke(record));
        } catch (ReflectiveOperationException | RuntimeException e) {
          components.put(component.getName(), String.valueOf(e));
        }
      }
      object(components, json, indent);
    } else if (value instanceof Enum<?> constant) {
      string(constant.name(), json);
    } else {
      string(String.valueOf(value), json);
    }
  }

  private static void object(Map<?, ?> map, StringBuilder json, String indent) {
    if (map.isEmpty()) {
      json.append("{}");
      return;
    }
    String inner = indent + "  ";
    json.append("{\n");
    boolean first = true;
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (!first) {
        json.append(",\n");
      }
      first = false;
      json.append(inner);
      string(String.valueOf(entry.getKey()), json);
      json.append(": ");
      write(entry.getValue(), json, inner);
    }
    json.append('\n').append(indent).append('}');
  }

  private static void array(Object[] items, StringBuilder json, String indent) {
    if (items.length == 0) {
      json.append("[]");
      return;
    }
    String inner = indent + "  ";
    json.append("[\n");
    for (int i = 0; i < items.length; i++) {
      json.append(i > 0 ? ",\n" : "").append(inner);
      write(items[i], json, inner);
    }
    json.append('\n').append(indent).append(']');
  }

  private static void string(String value, StringBuilder json) {
    json.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        case '\n' -> json.append("\\n");
        case '\r' -> json.append("\\r");
        case '\t' -> json.append("\\t");
        default -> {
          if (c < 0x20) {
            json.append(String.format("\\u%04x", (int) c));
          } else {
            json.append(c);
          }
        }
      }
    }
    json.append('"');
  }
}
