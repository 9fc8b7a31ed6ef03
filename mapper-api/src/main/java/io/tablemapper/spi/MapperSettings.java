package io.tablemapper.spi;

import io.tablemapper.api.QueryListener;
import java.util.List;

/**
 * What {@code TableMapper.builder()} collected, handed to the runtime's {@link TableMapperProvider}.
 *
 * @param backend the store
 * @param entities entity classes to recognise from the start
 * @param queryListener the query observer, or null
 */
public record MapperSettings(TableBackend backend, List<Class<?>> entities, QueryListener queryListener) {}
