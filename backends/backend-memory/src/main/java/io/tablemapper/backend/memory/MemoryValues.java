package io.tablemapper.backend.memory;

import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.StoreLimits;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory store's values stored out of rows: a map per table (by its name in lower case), beside the tables,
 * each value a copy of the bytes given.
 */
final class MemoryValues implements OutOfRowValues {
  private final Map<String, Map<String, Stored>> tables = new ConcurrentHashMap<>();
  private final Clock clock;
  private final Runnable ensureOpen;

  MemoryValues(Clock clock, Runnable ensureOpen) {
    this.clock = clock;
    this.ensureOpen = ensureOpen;
  }

  private record Stored(byte[] bytes, Instant stored) {}

  private Map<String, Stored> table(String table) {
    ensureOpen.run();
    StoreLimits.checkTableName(table);
    return tables.computeIfAbsent(table.toLowerCase(Locale.ROOT), name -> new ConcurrentHashMap<>());
  }

  @Override
  public void put(String table, String name, byte[] value) {
    OutOfRowValues.checkName(name);
    table(table).put(name, new Stored(value.clone(), clock.instant()));
  }

  @Override
  public Optional<byte[]> get(String table, String name) {
    Stored stored = table(table).get(name);
    return stored == null ? Optional.empty() : Optional.of(stored.bytes().clone());
  }

  @Override
  public boolean delete(String table, String name) {
    return table(table).remove(name) != null;
  }

  @Override
  public List<StoredValue> list(String table) {
    List<StoredValue> values = new ArrayList<>();
    table(table).forEach((name, stored) -> values.add(new StoredValue(name, stored.bytes().length, stored.stored())));
    return values;
  }

  @Override
  public long deleteAll(String table) {
    ensureOpen.run();
    StoreLimits.checkTableName(table);
    Map<String, Stored> removed = tables.remove(table.toLowerCase(Locale.ROOT));
    return removed == null ? 0 : removed.size();
  }
}
