package io.tablemapper.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** The profiler adds its CPU and wall times per operation to a run's secondary results. */
class CpuPerOpProfilerTest {

  @Test
  void aRunWithTheProfilerReportsTheCpuAndWallTimePerOperation() throws Exception {
    Options options = new OptionsBuilder()
        .include(MemoryRepositoryBenchmark.class.getName() + ".pointRead_repository")
        .addProfiler(CpuPerOpProfiler.class)
        .forks(0)
        .warmupIterations(0)
        .measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(300))
        .verbosity(VerboseMode.SILENT)
        .shouldFailOnError(true)
        .build();

    RunResult run = new Runner(options).runSingle();

    @SuppressWarnings("rawtypes") // JMH's own signature: RunResult.getSecondaryResults() is a Map<String, Result>
    Map<String, Result> secondary = run.getSecondaryResults();
    assertThat(secondary).containsKeys("·wall", "·cpu.client", "·cpu.client.jitAndGc", "·cpu.network",
        "·cpu.server", "·cpu.idle");
    assertThat(secondary.get("·wall").getScore()).isPositive();
    assertThat(secondary.get("·cpu.client").getScore()).isPositive();
    assertThat(secondary.get("·cpu.network").getScore()).isZero();
  }
}
