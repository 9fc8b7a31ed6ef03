package io.tablemapper.runtime.query;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.values.WholeRow;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * How a run that projects properties reads rows an older version of their class wrote: as the current version reads
 * them — the entity's whole row (read again, unless it came whole from a partial copy), made whole, upgraded by its
 * class's mapping and written into a row that is never stored — so that a projection sees what the entity would.
 *
 * @param <T> the entity class
 */
final class Upgrades<T> {
  private final RunRequests run;
  private final ReadSide reading;
  private final EntityMapping<T> mapping;
  /** The query's filter, which a row read again must still match; null for none. */
  private final Filter filter;
  /** Whether the run's rows came from copies that lead to their entities (then already whole). */
  private final boolean follows;

  Upgrades(RunRequests run, ReadSide reading, EntityMapping<T> mapping, Filter filter, boolean follows) {
    this.run = run;
    this.reading = reading;
    this.mapping = mapping;
    this.filter = filter;
    this.follows = follows;
  }

  /** Whether any of the rows is older than its class's version (most often none is: nothing to upgrade). */
  boolean anyOlder(List<TableRow> rows) {
    for (TableRow row : rows) {
      if (older(row, Hierarchy.reading(mapping, reading.discriminator().typeOf(row), row))) {
        return true;
      }
    }
    return false;
  }
  /** Whether an older version of {@code member}'s class wrote the row. */
  private static boolean older(TableRow row, EntityMapping<?> member) {
    return EntityMapping.rowVersion(row) < member.version();
  }
  /**
   * Projected rows as the current version of their class reads them ({@link #current}), one after another, on either
   * path: the blocking calls when {@code executor} is null, else the store's async requests. Rows that are gone, no
   * longer match, or are malformed rows the policy leaves out are dropped.
   */
  CompletableFuture<List<TableRow>> currentAll(List<TableRow> rows, Executor executor) {
    List<TableRow> current = new ArrayList<>(rows.size());
    int[] next = {0};
    return Futures.loop(() -> next[0] < rows.size(), () -> current(rows.get(next[0]++), executor).thenAccept(row -> {
      if (row != null) {
        current.add(row);
      }
    })).thenApply(done -> current);
  }
  /**
   * A projected row as the current version of its class reads it: itself, unless an older version wrote it; then
   * the entity's whole row (read again unless it came whole from a partial copy, and made whole when it is a wide
   * entity's head, before it is decoded), upgraded by its class's mapping and written into a row that is never
   * stored. Null when the entity is gone or no longer matches meanwhile, or is malformed and the mapper's
   * MalformedRowPolicy leaves it out.
   */
  private CompletableFuture<TableRow> current(TableRow row, Executor executor) {
    EntityMapping<T> member = Hierarchy.reading(mapping, reading.discriminator().typeOf(row), row);
    if (!older(row, member)) {
      return CompletableFuture.completedFuture(row);
    }
    if (follows) {
      return upgraded(member, row, executor);
    }
    run.countRequest();
    return Futures.compose(run.read(mapping.table(), row.partitionKey(), row.rowKey(), executor), read -> {
      if (read.isEmpty()) {
        return CompletableFuture.completedFuture(null);
      }
      run.countRowRead();
      TableRow whole = read.get();
      if (filter != null && !filter.test(whole)) {
        return CompletableFuture.completedFuture(null);
      }
      EntityMapping<T> stored = Hierarchy.reading(mapping, reading.discriminator().typeOf(whole), whole);
      if (!older(whole, stored)) {
        return CompletableFuture.completedFuture(whole);
      }
      return upgraded(stored, whole, executor);
    });
  }
  /**
   * An older version's whole row upgraded by {@code reader}, as {@link #current} says. Decoding it fetches its
   * {@code @Large} values with blocking reads, so on the async path a reader with such values decodes on {@code
   * executor}, never on the thread that completed the read (on Azure, an SDK thread that must not block).
   */
  private CompletableFuture<TableRow> upgraded(EntityMapping<T> reader, TableRow whole, Executor executor) {
    CompletableFuture<WholeRow> made = reading.decoder().madeWhole(mapping, whole, reading.decoder().reads(executor,
        run.operation()));
    if (executor != null && LargeValues.fetches(reader)) {
      return made.thenComposeAsync(
          each -> run.within(() -> CompletableFuture.completedFuture(upgraded(reader, whole, each))), executor);
    }
    return Futures.compose(made, each -> CompletableFuture.completedFuture(upgraded(reader, whole, each)));
  }
  /** {@link #upgraded}'s decoding of a row made whole: the upgraded row, or null for one the policy leaves out. */
  private TableRow upgraded(EntityMapping<T> reader, TableRow whole, WholeRow made) {
    TableRow upgraded = reading.decoder().read(mapping, whole, made,
        each -> reader.toStoredRow(reader.fromStoredRow(each, reading.context()), reading.context()));
    if (upgraded == null) {
      return null; // a malformed row the MalformedRowPolicy leaves out
    }
    return TableRow.builder(upgraded.partitionKey(), upgraded.rowKey(), upgraded.properties().size())
        .putAll(upgraded.properties())
        .etag(whole.etag())
        .timestamp(whole.timestamp())
        .build();
  }
}
