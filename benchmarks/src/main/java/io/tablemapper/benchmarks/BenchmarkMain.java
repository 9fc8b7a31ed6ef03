package io.tablemapper.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The one command: {@code java -jar benchmarks/target/benchmarks.jar} runs every benchmark with the forks and
 * iterations their classes declare (about twelve minutes on two cores), writes JMH's JSON result, measures memory per
 * stored entity, and prints the tables of {@code BENCHMARKS.md} with every ratio against its baseline.
 *
 * <p>With arguments, it is JMH's own command line (for example {@code -h}, or {@code MappingBenchmark -f 1}); the
 * single argument {@code footprint-h2} prints only the memory per entity on H2.
 */
public final class BenchmarkMain {
  private BenchmarkMain() {}

  public static void main(String[] args) throws RunnerException, IOException {
    if (args.length == 1 && args[0].equals("footprint-h2")) {
      printH2Footprint();
      return;
    }
    if (args.length > 0) {
      org.openjdk.jmh.Main.main(args);
      return;
    }
    Path result = Files.isDirectory(Path.of("benchmarks", "target"))
        ? Path.of("benchmarks", "target", "jmh-result.json")
        : Path.of("jmh-result.json");
    Options options = new OptionsBuilder()
        .include(BenchmarkMain.class.getPackageName() + "\\..*Benchmark\\..*")
        .resultFormat(ResultFormatType.JSON)
        .result(result.toString())
        .build();
    new Runner(options).run();
    BenchmarkReport report = BenchmarkReport.fromJson(result);
    System.out.println();
    System.out.println("## Results (JMH JSON: " + result + ")");
    System.out.println();
    System.out.print(report.markdown());
    System.out.println("### Memory per stored entity (in-memory backend, JOL retained size)");
    System.out.println();
    System.out.println("| entities | bytes per entity |");
    System.out.println("|---|---:|");
    for (Map.Entry<String, Long> entry : Footprint.measure(100_000, 100).entrySet()) {
      System.out.println("| " + entry.getKey() + " | " + entry.getValue() + " |");
    }
    printH2Footprint();
  }

  /** The memory and file bytes per entity on H2 ({@link Footprint#measureH2}). */
  static void printH2Footprint() throws IOException {
    System.out.println();
    System.out.println("### Memory per stored entity on H2");
    System.out.println();
    System.out.println("| entities | bytes per entity |");
    System.out.println("|---|---:|");
    for (Map.Entry<String, Long> entry : Footprint.measureH2(100_000).entrySet()) {
      System.out.println("| " + entry.getKey() + " | " + entry.getValue() + " |");
    }
  }
}
