package io.tablemapper.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns JMH's JSON result into the Markdown tables of {@code BENCHMARKS.md}: one table per benchmark class, each
 * result with its ratio against the baseline of the same run and operation.
 *
 * <p>A benchmark method is named {@code operation_variant}; the baseline variants are {@link #BASELINES}. A
 * method without a variant (the scale benchmark) is compared across its parameter, against the smallest value.
 * Ratios are score / baseline score: for times, below 1 is faster than the baseline.
 */
public final class BenchmarkReport {
  /** The variants results are compared against: hand-written code, the raw store, no cache, the peer. */
  static final Set<String> BASELINES = Set.of("handWritten", "rawMap", "rawJdbc", "uncached", "dynamoFromBean",
      "fullRead", "sync");

  /** One benchmark result. */
  record Result(String benchmarkClass, String operation, String variant, String params, double score,
      double error, String unit) {}

  private final List<Result> results;

  BenchmarkReport(List<Result> results) {
    this.results = List.copyOf(results);
  }

  /** Reads a JMH result file written with {@code -rf json}. */
  static BenchmarkReport fromJson(Path file) throws IOException {
    JsonNode runs = new ObjectMapper().readTree(file.toFile());
    List<Result> results = new ArrayList<>();
    for (JsonNode run : runs) {
      String benchmark = run.get("benchmark").asText();
      String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
      String owner = benchmark.substring(0, benchmark.lastIndexOf('.'));
      String simpleClass = owner.substring(owner.lastIndexOf('.') + 1);
      StringBuilder params = new StringBuilder();
      JsonNode parameters = run.get("params");
      if (parameters != null) {
        for (Iterator<Map.Entry<String, JsonNode>> it = parameters.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> parameter = it.next();
          params.append(params.length() == 0 ? "" : ", ").append(parameter.getKey()).append('=')
              .append(parameter.getValue().asText());
        }
      }
      JsonNode metric = run.get("primaryMetric");
      int split = method.indexOf('_');
      results.add(new Result(simpleClass,
          split < 0 ? method : method.substring(0, split),
          split < 0 ? params.toString() : method.substring(split + 1),
          split < 0 ? "" : params.toString(),
          metric.get("score").asDouble(),
          metric.get("scoreError").isNumber() ? metric.get("scoreError").asDouble() : Double.NaN,
          metric.get("scoreUnit").asText()));
    }
    return new BenchmarkReport(results);
  }

  List<Result> results() {
    return results;
  }

  /** The ratio of a result to its baseline, or NaN when its group has none. */
  double ratio(Result result) {
    Result baseline = baseline(result);
    return baseline == null ? Double.NaN : result.score() / baseline.score();
  }

  private Result baseline(Result result) {
    Result smallestParam = null;
    for (Result other : results) {
      if (!other.benchmarkClass().equals(result.benchmarkClass()) || !other.operation().equals(result.operation())
          || !other.params().equals(result.params())) {
        continue;
      }
      if (BASELINES.contains(other.variant())) {
        return other;
      }
      if (isParamOnly(other) && (smallestParam == null || firstNumber(other.variant())
          < firstNumber(smallestParam.variant()))) {
        smallestParam = other;
      }
    }
    return isParamOnly(result) ? smallestParam : null;
  }

  private static boolean isParamOnly(Result result) {
    return result.variant().contains("=");
  }

  private static long firstNumber(String params) {
    String digits = params.replaceAll("^[^=]*=([0-9]+).*$", "$1");
    return digits.isEmpty() || !Character.isDigit(digits.charAt(0)) ? Long.MAX_VALUE : Long.parseLong(digits);
  }

  /** Markdown: a table per benchmark class, in the order JMH ran them. */
  String markdown() {
    Map<String, List<Result>> byClass = new LinkedHashMap<>();
    for (Result result : results) {
      byClass.computeIfAbsent(result.benchmarkClass(), c -> new ArrayList<>()).add(result);
    }
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, List<Result>> group : byClass.entrySet()) {
      out.append("### ").append(group.getKey()).append("\n\n")
          .append("| operation | variant | score | ± error | unit | ratio to baseline |\n")
          .append("|---|---|---:|---:|---|---:|\n");
      for (Result result : group.getValue()) {
        boolean baseline = BASELINES.contains(result.variant()) || baseline(result) == result;
        double ratio = ratio(result);
        out.append("| ").append(result.operation()).append(result.params().isEmpty() ? "" : " (" + result.params()
                + ")")
            .append(" | ").append(baseline ? "**" + result.variant() + "** (baseline)" : result.variant())
            .append(" | ").append(number(result.score()))
            .append(" | ").append(Double.isNaN(result.error()) ? "–" : number(result.error()))
            .append(" | ").append(result.unit())
            .append(" | ").append(ratio(ratio))
            .append(" |\n");
      }
      out.append('\n');
    }
    return out.toString();
  }

  /** Two decimals, or three significant digits below 0.1 (a cache hit is a small fraction of a store read). */
  private static String ratio(double ratio) {
    if (Double.isNaN(ratio)) {
      return "–";
    }
    return String.format(Locale.ROOT, ratio >= 0.1 ? "%.2fx" : "%.3gx", ratio);
  }

  private static String number(double value) {
    return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.3f", value);
  }

  /**
   * Prints the tables of a JMH JSON result: {@code java -cp benchmarks.jar io.tablemapper.benchmarks.BenchmarkReport
   * jmh-result.json}.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: BenchmarkReport <jmh-result.json>");
      System.exit(2);
    }
    System.out.print(fromJson(Path.of(args[0])).markdown());
  }
}
