package io.tablemapper.internal.mapping;

/** What generated mapping code needs from the runtime while converting: JSON for {@code @Json} properties. */
public interface MappingContext {

  /**
   * The JSON text of a value; null for null.
   *
   * @throws io.tablemapper.api.InvalidEntityException naming the entity and property if it cannot be written
   */
  String toJson(JsonType<?> type, Object value);

  /**
   * The value of a JSON text; null for null.
   *
   * @throws io.tablemapper.api.InvalidEntityException naming the entity and property if it cannot be read
   */
  <V> V fromJson(JsonType<V> type, String json);
}
