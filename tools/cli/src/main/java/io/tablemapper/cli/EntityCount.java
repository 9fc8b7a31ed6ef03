package io.tablemapper.cli;

import io.tablemapper.annotations.Entity;
import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.DynamicQuery;
import io.tablemapper.api.DynamicTable;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.Filter;

/**
 * How many entities of a class its tables hold, for the progress display's percentage and ETA: one read of the
 * rows whose type is the class's, a page of up to 1000 at a time, returning the type alone. Entities of its
 * {@code @Entity} subtypes are not counted, so a run over a hierarchy may read more than the estimate.
 */
final class EntityCount {
  private EntityCount() {}

  /** The entities of the class in its tables that exist. */
  static long of(TableMapper mapper, Class<?> type, String discriminator) {
    DynamicQuery query = DynamicQuery.table().filter(Filter.eq(discriminator, typeName(type))).select(discriminator);
    long count = 0;
    for (String table : mapper.tables(type)) {
      DynamicTable rows = mapper.dynamic(table);
      String token = null;
      do {
        Page<DynamicEntity> page = rows.query(query,
            token == null ? PageRequest.of(PageRequest.MAX_SIZE) : PageRequest.after(token, PageRequest.MAX_SIZE));
        count += page.items().size();
        token = page.continuationToken().orElse(null);
      } while (token != null);
    }
    return count;
  }

  /** The type an entity class stores in its rows: its {@code @Entity(type)}, or its simple name. */
  static String typeName(Class<?> type) {
    Entity entity = type.getAnnotation(Entity.class);
    return entity != null && !entity.type().isEmpty() ? entity.type() : type.getSimpleName();
  }
}
