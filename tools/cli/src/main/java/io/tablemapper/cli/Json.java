package io.tablemapper.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.tablemapper.api.TableMapperException;
import java.time.temporal.TemporalAccessor;

/**
 * The JSON of {@code inspect --format json}, written by Jackson: numbers and booleans as themselves, binary values in
 * Base64, lists, arrays, maps, records and beans as JSON arrays and objects, times as their ISO-8601 string form
 * (their {@code toString}), GUIDs and enums as strings, each member on a line of its own.
 */
final class Json {
  private static final ObjectWriter WRITER = writer();

  private Json() {}

  static String write(Object value) {
    try {
      return WRITER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new TableMapperException("cannot write the rows as JSON: " + e.getOriginalMessage()
          + "; use --format table", e);
    }
  }

  private static ObjectWriter writer() {
    ObjectMapper mapper = JsonMapper.builder()
        .addModule(new SimpleModule("inspect").addSerializer(TemporalAccessor.class, ToStringSerializer.instance))
        .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
        .build();
    DefaultIndenter lines = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
        .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));
    printer.indentObjectsWith(lines);
    printer.indentArraysWith(lines);
    return mapper.writer(printer);
  }
}
