package io.tablemapper.spi;

import io.tablemapper.api.TableMapper;

/**
 * Creates {@link TableMapper}s; implemented by {@code io.tablemapper:mapper-runtime} and found with
 * {@link java.util.ServiceLoader} when {@code TableMapper.builder().build()} runs.
 */
public interface TableMapperProvider {

  /** A mapper with these settings. */
  TableMapper create(MapperSettings settings);
}
