package io.tablemapper.runtime.values;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableRow;
import java.time.Instant;

/**
 * A mapper's mapping context: JSON, times and encryption as the context it wraps does them, and the values of
 * {@code @Large} properties fetched by the mapper's {@link LargeValues} ({@link EntityMapping#fromStoredRow}).
 */
public final class LargeValueContext implements MappingContext {
  private final MappingContext delegate;
  private final LargeValues large;

  public LargeValueContext(MappingContext delegate, LargeValues large) {
    this.delegate = delegate;
    this.large = large;
  }

  @Override
  public Instant subTickDateTime(Instant value, String entity, String property) {
    return delegate.subTickDateTime(value, entity, property);
  }

  @Override
  public String toJson(JsonType<?> type, Object value) {
    return delegate.toJson(type, value);
  }

  @Override
  public <V> V fromJson(JsonType<V> type, String json) {
    return delegate.fromJson(type, json);
  }

  @Override
  public TableRow encrypt(EntityMapping<?> mapping, TableRow row) {
    return delegate.encrypt(mapping, row);
  }

  @Override
  public TableRow decrypt(EntityMapping<?> mapping, TableRow row) {
    return delegate.decrypt(mapping, row);
  }

  @Override
  public TableRow fetch(EntityMapping<?> mapping, TableRow row) {
    return large.fetch(mapping, row);
  }
}
