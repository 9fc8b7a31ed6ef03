package io.tablemapper.runtime.values;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TimePrecisionPolicy;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.Values;
import java.time.Instant;

/**
 * JSON for {@code @Json} properties, through one shared Jackson {@link ObjectMapper}: java.time values as ISO-8601
 * text, unknown JSON properties ignored (so a stored value survives a property removed from its class); and the
 * mapper's {@link TimePrecisionPolicy} for times finer than the store's ticks. One instance per policy.
 */
public final class JsonMappingContext implements MappingContext {
  /**
   * The mapper shared by the whole runtime (Jackson mappers are thread-safe once configured), built on first use: a
   * mapper whose first calls need no JSON (no {@code @Json} property, page token or pending work) loads no Jackson
   * class — some 450 classes, a third of the classes of start-up (profiled with {@code -Xlog:class+load}).
   */
  public static ObjectMapper json() {
    return Json.MAPPER;
  }

  /** Holds the mapper, so that it is built when {@link #json()} is first called (the JVM's lazy class init). */
  private static final class Json {
    static final ObjectMapper MAPPER =
        JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
  }

  /** The context of the default policy, {@link TimePrecisionPolicy#TRUNCATE}. */
  public static final JsonMappingContext INSTANCE = new JsonMappingContext(TimePrecisionPolicy.TRUNCATE);

  private static final JsonMappingContext REFUSING = new JsonMappingContext(TimePrecisionPolicy.REFUSE);

  private final TimePrecisionPolicy timePrecision;

  private JsonMappingContext(TimePrecisionPolicy timePrecision) {
    this.timePrecision = timePrecision;
  }

  /** The context of a mapper built with this policy. */
  public static JsonMappingContext of(TimePrecisionPolicy timePrecision) {
    return timePrecision == TimePrecisionPolicy.TRUNCATE ? INSTANCE : REFUSING;
  }

  @Override
  public Instant subTickDateTime(Instant value, String entity, String property) {
    if (timePrecision == TimePrecisionPolicy.TRUNCATE) {
      return Values.truncateToTicks(value);
    }
    throw new InvalidEntityException(entity + "." + property + " = " + value + " is more precise than the store's"
        + " 100 ns ticks, and this mapper refuses such times (TimePrecisionPolicy.REFUSE); truncate it, for example"
        + " with value.truncatedTo(ChronoUnit.MICROS), or build the mapper with"
        + " timePrecision(TimePrecisionPolicy.TRUNCATE) to store it truncated");
  }

  @Override
  public String toJson(JsonType<?> type, Object value) {
    if (value == null) {
      return null;
    }
    try {
      return json().writerFor(javaType(type)).writeValueAsString(value);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new InvalidEntityException(
          "cannot write property '" + type.property() + "' of " + type.entity() + " as JSON ("
              + type.type().getTypeName() + "): " + originalMessage(e),
          e);
    }
  }

  @Override
  public <V> V fromJson(JsonType<V> type, String json) {
    if (json == null) {
      return null;
    }
    try {
      return json().readerFor(javaType(type)).readValue(json);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new InvalidEntityException(
          "cannot read property '" + type.property() + "' of " + type.entity() + " from its stored JSON as "
              + type.type().getTypeName() + ": " + originalMessage(e) + " (JSON starts '" + start(json) + "')",
          e);
    }
  }

  private static JavaType javaType(JsonType<?> type) {
    return json().getTypeFactory().constructType(type.type());
  }

  private static String originalMessage(Exception e) {
    return e instanceof JsonProcessingException ? ((JsonProcessingException) e).getOriginalMessage() : e.getMessage();
  }

  private static String start(String json) {
    return json.length() <= 60 ? json : json.substring(0, 60) + "…";
  }
}
