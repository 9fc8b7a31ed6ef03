package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jol.info.GraphLayout;

/**
 * Memory per stored entity on the in-memory backend: the retained size (JOL's object graph walk) of a backend
 * holding {@code n} entities, less that of an empty one, divided by {@code n}.
 */
final class Footprint {
  private Footprint() {}

  /** Bytes per stored entity: a {@link Reading} (no copies) and an {@link Order} (with its two index copies). */
  static Map<String, Long> measure(int readings, int ordersPerCustomer) {
    Map<String, Long> bytes = new LinkedHashMap<>();
    bytes.put("Reading (5 properties, no index copies), " + readings + " stored", perEntity(readings, mapper ->
        ScaleBenchmark.load(mapper, readings)));
    int orders = Benchmarks.CUSTOMERS * ordersPerCustomer;
    bytes.put("Order (10 properties, 2 index copies), " + orders + " stored", perEntity(orders, mapper ->
        OrderFixtures.load(mapper, Benchmarks.CUSTOMERS, ordersPerCustomer)));
    return bytes;
  }

  private static long perEntity(int count, java.util.function.Consumer<TableMapper> loader) {
    InMemoryBackend backend = InMemoryBackend.create();
    try (TableMapper mapper = TableMapper.builder().backend(backend).build()) {
      loader.accept(mapper);
      long full = GraphLayout.parseInstance(backend).totalSize();
      InMemoryBackend empty = InMemoryBackend.create();
      empty.createTableIfNotExists("Readings");
      empty.createTableIfNotExists("Orders");
      long base = GraphLayout.parseInstance(empty).totalSize();
      return (full - base) / count;
    }
  }
}
