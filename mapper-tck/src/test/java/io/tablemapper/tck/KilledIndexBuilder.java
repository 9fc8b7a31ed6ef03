package io.tablemapper.tck;

import io.tablemapper.api.IndexReport;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.tck.fixtures.IndexedRecruit;
import java.nio.file.Path;

/**
 * The child JVM of {@link KilledIndexBuildTest}: builds an index of {@link IndexedRecruit} over an H2 file at a rate
 * limit, printing its progress after each partition, until the test kills it. Arguments: the file, the index, the
 * entities per second.
 */
final class KilledIndexBuilder {
  /** The start of a progress line; then the entities read so far and the partitions done. */
  static final String PROGRESS = "progress ";
  /** The line printed if the build ended before the test killed it. */
  static final String FINISHED = "finished";

  private KilledIndexBuilder() {}

  public static void main(String[] args) {
    TableMapper mapper = TableMapper.builder().backend(H2Backend.file(Path.of(args[0]))).build();
    IndexReport report = mapper.indexes(IndexedRecruit.class)
        .rateLimit(Double.parseDouble(args[2]))
        .listener((index, soFar, partitions, finished) -> {
          System.out.println(PROGRESS + soFar.entitiesRead() + " " + partitions);
          System.out.flush();
        })
        .build(args[1]);
    System.out.println(FINISHED + " " + report);
    System.exit(0);
  }
}
