package io.tablemapper.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.MappingContext;
import java.io.UncheckedIOException;

/** What several benchmarks share. */
final class Benchmarks {
  /** Customers per region in the repository benchmarks, and orders per customer (one 100-entity range each). */
  static final int CUSTOMERS = 100;

  static final int ORDERS_PER_CUSTOMER = 100;

  private Benchmarks() {}

  /**
   * A {@link MappingContext} on Jackson, for calling a generated mapping directly (the runtime keeps its own
   * package-private); {@link Order} has no {@code @Json} property, so the mapping benchmarks never call it.
   */
  static MappingContext mappingContext() {
    ObjectMapper json = new ObjectMapper().registerModule(new JavaTimeModule());
    return new MappingContext() {
      @Override
      public String toJson(JsonType<?> type, Object value) {
        try {
          return value == null ? null : json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override
      public <V> V fromJson(JsonType<V> type, String text) {
        try {
          return text == null ? null : json.readValue(text, json.constructType(type.type()));
        } catch (JsonProcessingException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }
}
