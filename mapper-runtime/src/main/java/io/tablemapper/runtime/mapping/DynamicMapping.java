package io.tablemapper.runtime.mapping;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.mapping.DynamicRows;
import io.tablemapper.internal.mapping.EntityDescriptor;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableRow;
import java.time.Instant;

/**
 * How {@link DynamicEntity} property bags map onto rows of one table: as they are, except that the entity's type is
 * stored under the mapper's discriminator ({@link Discriminator#rowOf}). The keys are the entity's, no type is added
 * ({@code WriteIntent} leaves rows of this mapping as built), there are no indexes and no versions, so writes
 * through it read nothing first. Never registered as an entity type.
 */
public final class DynamicMapping extends EntityMapping<DynamicEntity> {
  /** The type name in messages; no row is written with it. */
  public static final String TYPE = "DynamicEntity";
  private static final KeySpec PARTITION_KEY = KeySpec.of(TYPE, "PartitionKey", "{partitionKey}", String.class);
  private static final KeySpec ROW_KEY = KeySpec.of(TYPE, "RowKey", "{rowKey}", String.class);

  private final Discriminator discriminator;

  public DynamicMapping(String table, Discriminator discriminator) {
    super(EntityDescriptor.of(DynamicEntity.class, table, TYPE)
        .partitionKey(PARTITION_KEY)
        .rowKey(ROW_KEY)
        .hasETag(true));
    this.discriminator = discriminator;
  }

  /** Whether a mapping is one of dynamic entities. */
  public static boolean isDynamic(EntityMapping<?> mapping) {
    return mapping instanceof DynamicMapping;
  }

  @Override
  public String partitionKey(DynamicEntity entity) {
    return entity.partitionKey();
  }

  @Override
  public String rowKey(DynamicEntity entity) {
    return entity.rowKey();
  }

  @Override
  public TableRow toRow(DynamicEntity entity, MappingContext context) {
    return discriminator.rowOf(entity);
  }

  @Override
  public DynamicEntity fromRow(TableRow row, MappingContext context) {
    return discriminator.entity(row);
  }

  @Override
  public String etag(DynamicEntity entity) {
    return entity.etag();
  }

  @Override
  public DynamicEntity withSystemProperties(DynamicEntity entity, String etag, Instant timestamp) {
    return DynamicRows.withSystemProperties(entity, etag, timestamp);
  }
}
