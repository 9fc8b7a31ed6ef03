package io.tablemapper.runtime.write;

import io.tablemapper.api.NewerVersionPolicy;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.MappingContext;
import java.util.List;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * Builds the intents of the writes the application asks for ({@link WriteIntent}) under one mapper's discriminator,
 * mapping context, naming and policy for rows of newer versions, with the sizes of their {@code @Large} values checked.
 */
public final class WriteIntents {
  private final Discriminator discriminator;
  private final MappingContext context;
  private final NewerVersionPolicy newerVersions;
  private final Mappings mappings;
  private final LargeValueWrites values;

  public WriteIntents(Discriminator discriminator, MappingContext context, NewerVersionPolicy newerVersions,
      Mappings mappings, LargeValues large) {
    this.discriminator = discriminator;
    this.context = context;
    this.newerVersions = newerVersions;
    this.mappings = mappings;
    this.values = new LargeValueWrites(large);
  }

  /**
   * The intent of one write the application asked for: its rows built and checked once, under this mapper's
   * discriminator and policy for rows of newer versions.
   *
   * @throws io.tablemapper.api.InvalidKeyException if a key breaks the key rules
   * @throws io.tablemapper.api.InvalidEntityException if the row or one of its copies breaks the entity rules
   */
  public <T> WriteIntent<T> intent(WriteKind kind, EntityMapping<T> mapping, T entity, int position) {
    WriteIntent<T> intent = WriteIntent.of(kind, mapping, entity, position, discriminator, context, newerVersions,
        mappings);
    values.checkSizes(intent);
    return intent;
  }

  /** A partial merge (or upsert-merge) of the named properties, under this mapper's discriminator and policies. */
  public <T> WriteIntent<T> partialIntent(WriteKind kind, EntityMapping<T> mapping, T entity,
      List<String> properties) {
    return WriteIntent.partial(kind, mapping, entity, properties, discriminator, context, newerVersions, mappings);
  }
}
