package io.tablemapper.benchmarks;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import io.tablemapper.backend.memory.InMemoryBackend;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jol.info.GraphLayout;

/**
 * Memory per stored entity on the in-memory backend: the retained size (JOL's object graph walk) of a backend
 * holding {@code n} entities, less that of an empty one, divided by {@code n}. On H2 ({@link #measureH2}): the heap
 * an in-memory H2 backend holding {@code n} entities uses beyond an empty one (heap in use after full collections;
 * JOL's walk of H2's engine would take far longer), and the bytes of a closed H2 file per entity.
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

  /** Heap and file bytes per {@link Reading} on H2, {@code readings} stored in EGTs of 100. */
  static Map<String, Long> measureH2(int readings) throws IOException {
    Map<String, Long> bytes = new LinkedHashMap<>();
    long before = heapAfterCollections();
    TableMapper mapper = TableMapper.builder().backend(H2Backend.inMemory()).build();
    mapper.repository(ReadingRepository.class);
    ScaleBenchmark.load(mapper, readings);
    long after = heapAfterCollections();
    mapper.close();
    bytes.put("Reading, " + readings + " stored, H2 in memory: heap", (after - before) / readings);
    Path directory = Files.createTempDirectory("footprint");
    Path file = directory.resolve("readings");
    try (TableMapper onFile = TableMapper.builder().backend(H2Backend.file(file)).build()) {
      ScaleBenchmark.load(onFile, readings);
    }
    Path stored = directory.resolve("readings.mv.db");
    bytes.put("Reading, " + readings + " stored, H2 file: bytes on disk", Files.size(stored) / readings);
    Files.delete(stored);
    Files.delete(directory);
    return bytes;
  }

  private static long heapAfterCollections() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    for (int i = 0; i < 4; i++) {
      System.gc();
    }
    return memory.getHeapMemoryUsage().getUsed();
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
