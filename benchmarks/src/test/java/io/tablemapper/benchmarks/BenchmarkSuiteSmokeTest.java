package io.tablemapper.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs every benchmark once, in this JVM, for one tiny iteration on the smallest scale: the suite compiles, sets
 * up, runs and yields a number for each benchmark, and the report gives every compared result a ratio. Timings are
 * never asserted.
 */
class BenchmarkSuiteSmokeTest {

  @Test
  void everyBenchmarkRunsOnceAndTheReportRatesItAgainstItsBaseline(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("result.json");
    Options options = new OptionsBuilder()
        .include(BenchmarkMain.class.getPackageName() + "\\..*Benchmark\\..*")
        .forks(0)
        .warmupIterations(0)
        .measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(20))
        .param("entities", "1000")
        .param("customers", "2")
        .param("rows", "100")
        .shouldFailOnError(true)
        // in this JVM (forks(0)) JMH warns about every non-forked run: the test's result is the report, not them
        .verbosity(VerboseMode.SILENT)
        .resultFormat(ResultFormatType.JSON)
        .result(json.toString())
        .build();

    Collection<RunResult> runs = new Runner(options).run();

    Set<String> ran = new TreeSet<>();
    for (RunResult run : runs) {
      ran.add(run.getParams().getBenchmark().replace(BenchmarkMain.class.getPackageName() + ".", ""));
      assertThat(run.getPrimaryResult().getScore()).as(run.getParams().getBenchmark()).isPositive();
    }
    assertThat(ran).contains(
        "MappingBenchmark.toRow_generated", "MappingBenchmark.toRow_handWritten", "MappingBenchmark.toRow_byteBuddy",
        "MappingBenchmark.fromRow_byteBuddy",
        "MappingBenchmark.toRow_dynamoBeanTableSchema", "MappingBenchmark.toRow_jacksonConvertValue",
        "MappingBenchmark.toRow_azureTableEntity", "MappingBenchmark.fromRow_generated",
        "MappingBenchmark.fromRow_handWritten", "MappingBenchmark.fromRow_dynamoBeanTableSchema",
        "MappingBenchmark.fromRow_jacksonConvertValue", "MappingBenchmark.fromRow_azureTableEntity",
        "KeyBenchmark.rowKey_generated", "KeyBenchmark.rowKey_handWritten", "KeyBenchmark.rowKey_stringFormat",
        "MemoryRepositoryBenchmark.pointRead_repository", "MemoryRepositoryBenchmark.range100_repository",
        "MemoryRepositoryBenchmark.insertWithTwoCopies_repository",
        "MemoryRepositoryBenchmark.pointRead_tracerOff", "MemoryRepositoryBenchmark.pointRead_traced",
        "H2RepositoryBenchmark.pointRead_repository", "H2RepositoryBenchmark.range100_rawJdbc",
        "H2RepositoryBenchmark.range100_backend", "H2RepositoryBenchmark.insertWithTwoCopies_rawJdbc",
        "AzureRepositoryBenchmark.pointRead_repository", "AzureRepositoryBenchmark.pointRead_rawSdk",
        "AzureRepositoryBenchmark.range100_repository", "AzureRepositoryBenchmark.range100_rawSdk",
        "AzureRepositoryBenchmark.insertWithTwoCopies_repository",
        "AzureRepositoryBenchmark.insertWithTwoCopies_rawSdk",
        "H2BulkBenchmark.loadSingle_repository", "H2BulkBenchmark.loadSingle_rawJdbc",
        "H2BulkBenchmark.loadEgt_repository", "H2BulkBenchmark.loadEgt_rawJdbc",
        "H2BulkBenchmark.deleteSingle_repository", "H2BulkBenchmark.deleteSingle_rawJdbc",
        "H2BulkBenchmark.deleteEgt_repository", "H2BulkBenchmark.deleteEgt_rawJdbc",
        "ScaleBenchmark.pointRead", "ScaleBenchmark.range100",
        "StartupBenchmark.startup_tablemapper", "StartupBenchmark.startup_dynamoFromBean",
        "CacheBenchmark.pointRead_cached", "CacheBenchmark.pointRead_uncached", "CacheBenchmark.partition50_cached",
        "CacheBenchmark.partition50_uncached", "ProjectionBenchmark.partition_fullRead",
        "ProjectionBenchmark.partition_projection", "ProjectionBenchmark.partition_count",
        "AsyncFanOutBenchmark.pointReads20_sync", "AsyncFanOutBenchmark.pointReads20_async",
        "AsyncFanOutBenchmark.partitions20_sync", "AsyncFanOutBenchmark.partitions20_readPool",
        "AsyncFanOutBenchmark.partitions20_async",
        "AsyncMapperBenchmark.upserts20_sync", "AsyncMapperBenchmark.upserts20_async",
        "AsyncMapperBenchmark.largeReads20_sync", "AsyncMapperBenchmark.largeReads20_async",
        "AsyncMapperBenchmark.moveOne_sync", "AsyncMapperBenchmark.moveOne_async",
        "AsyncMapperBenchmark.insertOne_sync",
        "PartitionThroughputBenchmark.upserts");

    BenchmarkReport report = BenchmarkReport.fromJson(json);
    assertThat(report.results()).hasSameSizeAs(runs);
    for (BenchmarkReport.Result result : report.results()) {
      if (!result.benchmarkClass().equals("ScaleBenchmark")) {
        assertThat(report.ratio(result)).as(result.toString()).isPositive();
      }
    }
    assertThat(report.markdown()).contains("### MappingBenchmark", "**handWritten** (baseline)", "1.00x");
    // the fan-out straight to Azurite and through the simulated network, each against its own sequential baseline
    assertThat(report.results()).filteredOn(result -> result.benchmarkClass().equals("AsyncFanOutBenchmark"))
        .extracting(BenchmarkReport.Result::params).contains("roundTripMillis=0", "roundTripMillis=5");
    // the simulator's throughput, each partition count against one partition
    assertThat(report.results()).filteredOn(result -> result.benchmarkClass().equals("PartitionThroughputBenchmark"))
        .extracting(BenchmarkReport.Result::variant).containsExactlyInAnyOrder("partitions=1", "partitions=8",
            "partitions=64");
    assertThat(report.markdown()).contains("| pointReads20 (roundTripMillis=5) | **sync** (baseline) |",
        "| pointReads20 (roundTripMillis=5) | async |", "| partitions20 (roundTripMillis=5) | readPool |");
  }
}
