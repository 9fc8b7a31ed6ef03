package io.tablemapper.kit.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.annotations.ETag;
import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.Batch;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The index build at scale, a measurement rather than a test of the build: {@code tablemapper.indexScale} entities
 * (10^5 unless told) of {@link Item}, a class without indexes, loaded into a new H2 file in batches of 100, 1,000 to
 * a partition; then a child JVM with a small fixed heap ({@code tablemapper.indexScale.heap}, {@code 64m} unless
 * told) builds the index {@link IndexedItem} declares ({@link IndexBuildScaleChild}), sampling the heap after a full
 * GC as it goes, and, with {@code tablemapper.indexScale.verify=true}, verifies it. Not a {@code *Test}, so the build
 * never runs it;
 * {@code mvn -pl mapper-tck -am test -Dtest=IndexBuildScale -Dsurefire.failIfNoSpecifiedTests=false
 * -Dtablemapper.indexScale=1000000} does, and so does its {@link #main} on the test class path. It prints what
 * BENCHMARKS.md's "Index builds" records.
 */
class IndexBuildScale {
  static final String TABLE = "ScaleItems";
  static final String INDEX = "byEmail";
  static final int PER_PARTITION = 1000;
  private static final int EGT = 100;

  /** Runs the measurement outside JUnit, with the same system properties. */
  public static void main(String[] args) throws Exception {
    new IndexBuildScale().anIndexBuildOverAMillionEntitiesRunsInASmallConstantHeap();
  }

  @Test
  void anIndexBuildOverAMillionEntitiesRunsInASmallConstantHeap() throws Exception {
    int entities = Integer.getInteger("tablemapper.indexScale", 100_000);
    String heap = System.getProperty("tablemapper.indexScale.heap", "64m");
    boolean verify = Boolean.getBoolean("tablemapper.indexScale.verify");
    Path file = Files.createTempDirectory(Files.createDirectories(Path.of("target", "h2-stores")), "index-scale")
        .resolve("store");

    long loadStart = System.nanoTime();
    try (TableMapper before = TableMapper.builder().backend(H2Backend.file(file)).build()) {
      for (int from = 0; from < entities; from += EGT) {
        int partition = from / PER_PARTITION;
        Batch batch = before.batch(TABLE, group(partition));
        for (int i = from; i < Math.min(entities, from + EGT); i++) {
          batch.insert(new Item(group(partition), i % PER_PARTITION, "e" + i + "@contoso.com", null));
        }
        batch.commit();
      }
    }
    double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
    System.out.printf("index scale: loaded %,d entities in %,d partitions in %.1f s (%,.0f entities/s), file %,d"
        + " bytes%n", entities, (entities + PER_PARTITION - 1) / PER_PARTITION, loadSeconds, entities / loadSeconds,
        Files.size(file.resolveSibling(file.getFileName() + ".mv.db")));

    List<String> lines = new ArrayList<>();
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx" + heap, "-Xms" + heap, "-cp", System.getProperty("java.class.path"),
        IndexBuildScaleChild.class.getName(), file.toString(), Boolean.toString(verify),
        Integer.toString((entities + PER_PARTITION - 1) / PER_PARTITION))
        .redirectErrorStream(true)
        .start();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        System.out.println("index scale (child, -Xmx" + heap + "): " + line);
        lines.add(line);
      }
    }
    assertThat(child.waitFor(1, TimeUnit.MINUTES)).isTrue(); // its output ended: it is ending
    assertThat(child.exitValue()).as(String.join("\n", lines)).isZero();
    assertThat(lines).anySatisfy(line -> assertThat(line)
        .startsWith("built IndexReport[index=" + INDEX + ", entitiesRead=" + entities + ", copiesWritten="
            + entities + ","));
    if (verify) {
      assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("verified clean=true"));
    }
  }

  static String group(int partition) {
    return String.format("g%05d", partition);
  }

  /** An item as the application first wrote it: without an index. */
  @Entity(table = TABLE, type = "Item")
  @PartitionKey("{group}")
  @RowKey("i_{id:04}")
  public record Item(String group, int id, String email, @ETag String etag) {}

  /** The item once the application added a unique index in its partition. */
  @Entity(table = TABLE, type = "Item")
  @PartitionKey("{group}")
  @RowKey("i_{id:04}")
  @Index(name = INDEX, rowKey = "email_{email}")
  public record IndexedItem(String group, int id, String email, @ETag String etag) {}
}
