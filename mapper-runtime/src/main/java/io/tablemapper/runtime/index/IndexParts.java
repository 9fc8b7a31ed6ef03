package io.tablemapper.runtime.index;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.pending.PendingWork;
import io.tablemapper.runtime.store.IndexStates;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.values.RowReads;
import io.tablemapper.runtime.write.WriteIntents;
import io.tablemapper.spi.TableBackend;

/**
 * The parts of a mapper an index run uses: the store (as the mapper sees it), the blocking path of its requests, the
 * write path (through pending work, so remote indexes and claims are kept by its rules) and the index states.
 *
 * @param context the mapping context entities are read with (for their index values)
 * @param intents the writes of entities, as the application's are built (a wide entity's rewrite)
 * @param reads the reads that make a wide entity whole
 * @param large the values of {@code @Large} properties, which a wide entity's rewrite writes again
 * @param listeners what hears of (and traces) each run and drop, one operation each
 */
public record IndexParts(TableBackend backend, Tables tables, Discriminator discriminator, MappingContext context,
    PendingWork pending, IndexStates states, WriteChannel channel, WriteIntents intents, RowReads reads,
    LargeValues large, Listeners listeners) {

  /** The parts, with the blocking channel over the backend. */
  public static IndexParts of(TableBackend backend, Tables tables, Discriminator discriminator,
      MappingContext context, PendingWork pending, IndexStates states, WriteIntents intents, RowReads reads,
      LargeValues large, Listeners listeners) {
    return new IndexParts(backend, tables, discriminator, context, pending, states,
        WriteChannel.blocking(backend, tables, discriminator), intents, reads, large, listeners);
  }
}
