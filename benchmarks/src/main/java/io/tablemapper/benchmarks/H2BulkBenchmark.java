package io.tablemapper.benchmarks;

import io.tablemapper.api.Batch;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Bulk loads and deletes of {@code rows} {@link Reading}s (one partition) on an H2 file, through the repository and
 * the H2 backend against raw JDBC writing the same rows to a table with a column per property on an H2 file of the
 * same durability ({@link RawJdbcReadings}). {@code Single}: one write (one transaction, one commit to the file)
 * per entity; {@code Egt}: batches of 100, one transaction each. Each invocation starts from new files (empty for
 * loads, holding the rows, loaded in EGTs, for deletes), made outside the measured time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class H2BulkBenchmark {
  static final String METER = "meter-0001";
  private static final int EGT = 100;

  /** Entities loaded or deleted per invocation (the smoke test takes fewer). */
  @Param({"10000", "100000"})
  public int rows;

  private Path directory;
  private TableMapper mapper;
  private ReadingRepository readings;
  private RawJdbcReadings raw;
  private List<Reading> sample;

  @Setup(Level.Invocation)
  public void setUp(BenchmarkParams params) throws IOException, SQLException {
    directory = Files.createTempDirectory("h2bulk");
    mapper = TableMapper.builder().backend(H2Backend.file(directory.resolve("mapper"))).build();
    readings = mapper.repository(ReadingRepository.class);
    readings.upsert(Reading.sample("warm-up", 0)); // creates the table, as the raw baseline's DDL does
    raw = new RawJdbcReadings(directory.resolve("raw"));
    sample = new ArrayList<>(rows);
    for (long sequence = 0; sequence < rows; sequence++) {
      sample.add(Reading.sample(METER, sequence));
    }
    if (params.getBenchmark().contains(".delete")) {
      for (int from = 0; from < rows; from += EGT) {
        List<Reading> chunk = sample.subList(from, Math.min(rows, from + EGT));
        Batch batch = mapper.batch("Readings", METER);
        chunk.forEach(batch::insert);
        batch.commit();
        raw.insertAll(chunk);
      }
    }
  }

  @TearDown(Level.Invocation)
  public void tearDown() throws IOException {
    mapper.close();
    raw.close();
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.delete(path);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  @Benchmark
  public void loadSingle_repository() {
    for (Reading reading : sample) {
      readings.insert(reading);
    }
  }

  @Benchmark
  public void loadSingle_rawJdbc() throws SQLException {
    for (Reading reading : sample) {
      raw.insert(reading);
    }
  }

  @Benchmark
  public void loadEgt_repository() {
    for (int from = 0; from < rows; from += EGT) {
      Batch batch = mapper.batch("Readings", METER);
      for (Reading reading : sample.subList(from, Math.min(rows, from + EGT))) {
        batch.insert(reading);
      }
      batch.commit();
    }
  }

  @Benchmark
  public void loadEgt_rawJdbc() throws SQLException {
    for (int from = 0; from < rows; from += EGT) {
      raw.insertAll(sample.subList(from, Math.min(rows, from + EGT)));
    }
  }

  @Benchmark
  public void deleteSingle_repository() {
    for (Reading reading : sample) {
      readings.delete(reading);
    }
  }

  @Benchmark
  public void deleteSingle_rawJdbc() throws SQLException {
    for (Reading reading : sample) {
      raw.delete(reading);
    }
  }

  @Benchmark
  public void deleteEgt_repository() {
    for (int from = 0; from < rows; from += EGT) {
      Batch batch = mapper.batch("Readings", METER);
      for (Reading reading : sample.subList(from, Math.min(rows, from + EGT))) {
        batch.delete(reading);
      }
      batch.commit();
    }
  }

  @Benchmark
  public void deleteEgt_rawJdbc() throws SQLException {
    for (int from = 0; from < rows; from += EGT) {
      raw.deleteAll(sample.subList(from, Math.min(rows, from + EGT)));
    }
  }
}
