package io.tablemapper.runtime;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.MapperSettings;
import io.tablemapper.spi.TableMapperProvider;
import java.util.Objects;

/**
 * The runtime's {@link TableMapperProvider}, registered in {@code META-INF/services}; applications do not use it
 * directly but call {@code TableMapper.builder()}.
 */
public final class TableMapperRuntime implements TableMapperProvider {

  /** Called by {@link java.util.ServiceLoader}. */
  public TableMapperRuntime() {}

  @Override
  public TableMapper create(MapperSettings settings) {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(settings.backend(), "settings.backend");
    return new DefaultTableMapper(settings);
  }
}
