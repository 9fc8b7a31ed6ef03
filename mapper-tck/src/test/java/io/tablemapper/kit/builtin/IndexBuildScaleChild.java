package io.tablemapper.kit.builtin;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexProgressListener;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The child JVM of {@link IndexBuildScale}: builds (and optionally verifies) the index of {@link
 * IndexBuildScale.IndexedItem} over an H2 file, printing the used heap after a full GC about 20 times in a run.
 * Arguments: the file, whether to verify, the partitions the file holds.
 */
final class IndexBuildScaleChild {
  private static final int SAMPLES = 20;

  private IndexBuildScaleChild() {}

  public static void main(String[] args) {
    long every = Math.max(1, Long.parseLong(args[2]) / SAMPLES);
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    System.out.printf("max heap %,d bytes; after start-up, used heap after GC %,d bytes%n",
        Runtime.getRuntime().maxMemory(), usedAfterGc(memory));
    try (TableMapper mapper = TableMapper.builder().backend(H2Backend.file(Path.of(args[0]))).build()) {
      IndexAdmin admin = mapper.indexes(IndexBuildScale.IndexedItem.class);
      System.out.println("state before the build: " + admin.state(IndexBuildScale.INDEX));
      IndexReport built = run("built",
          () -> admin.listener(sampler(memory, "build", every)).build(IndexBuildScale.INDEX));
      IndexState state = admin.state(IndexBuildScale.INDEX);
      System.out.println("state after the build: " + state);
      if (Boolean.parseBoolean(args[1])) {
        IndexReport verified = run("verified",
            () -> admin.listener(sampler(memory, "verify", every)).verify(IndexBuildScale.INDEX));
        System.out.println("verified clean=" + verified.clean() + " " + verified);
      }
      System.out.println("built " + built);
      System.exit(state == IndexState.READY ? 0 : 1);
    }
  }

  private static IndexReport run(String what, Supplier<IndexReport> run) {
    long start = System.nanoTime();
    IndexReport report = run.get();
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("%s %,d entities in %.1f s: %,.0f entities/s%n", what, report.entitiesRead(), seconds,
        report.entitiesRead() / seconds);
    return report;
  }

  private static IndexProgressListener sampler(MemoryMXBean memory, String run,
      long every) {
    long start = System.nanoTime();
    return (index, soFar, partitions, finished) -> {
      if (finished || partitions % every == 0) {
        System.out.printf("%s: %,d partitions, %,d entities, %.1f s, used heap after GC %,d bytes%n", run,
            partitions, soFar.entitiesRead(), (System.nanoTime() - start) / 1e9, usedAfterGc(memory));
      }
    };
  }

  private static long usedAfterGc(MemoryMXBean memory) {
    System.gc();
    return memory.getHeapMemoryUsage().getUsed();
  }
}
