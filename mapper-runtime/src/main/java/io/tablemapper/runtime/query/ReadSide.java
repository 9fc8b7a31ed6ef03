package io.tablemapper.runtime.query;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.runtime.support.AsyncRunner;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.observe.Listeners;
import io.tablemapper.runtime.store.IndexStates;
import io.tablemapper.runtime.store.PeriodTables;
import io.tablemapper.runtime.cache.ReadCache;
import io.tablemapper.runtime.support.ReadPool;
import io.tablemapper.runtime.values.RowDecoder;
import io.tablemapper.runtime.store.Tables;

/**
 * What the query side of one mapper reads with: the store and its tables, the discriminator and mapping context
 * rows are selected and decoded by, the decoder that applies the mapper's policies to them, the caches, the
 * listeners that hear of each query, and the threads parallel and async reads run on.
 *
 * @param backend the store, as the mapper sees it (scoped, observed)
 * @param tables the existence of tables, under the mapper's policy
 * @param periods the tables of each table per period
 * @param states the states of the indexes, which a query of a table per period checks for each table it reads
 * @param discriminator the property that holds each row's entity type
 * @param context JSON, times, encryption and the fetch of large values
 * @param decoder what reads make of the rows they found
 * @param large the values of {@code @Large} properties
 * @param cache the caches of {@code @Cached} entity classes
 * @param listeners the operation and query listeners
 * @param pool the threads of parallel reads
 * @param async the runner of async operations
 */
public record ReadSide(TableBackend backend, Tables tables, PeriodTables periods, IndexStates states,
    Discriminator discriminator,
    MappingContext context, RowDecoder decoder, LargeValues large, ReadCache cache, Listeners listeners, ReadPool pool,
    AsyncRunner async) {}
