package io.tablemapper.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Where an operation's time goes when the server runs on the same machine: the CPU time per operation of this JVM
 * (the client: the mapper, the SDK, Netty, and JMH's negligible harness) and of the processes this JVM started (the
 * server, here Azurite's Node.js processes), from {@code /proc/PID/stat}, beside the wall time per operation. Each
 * iteration adds the secondary results in µs per operation: {@code ·wall}; {@code ·cpu.client}, this JVM's CPU
 * but for the {@link LatencyProxy}'s threads, of which {@code ·cpu.client.jitAndGc} is the JIT's and the garbage
 * collector's threads; {@code ·cpu.network}, the latency proxy's threads (the simulated network); {@code
 * ·cpu.server}; and {@code ·cpu.idle}, the wall time none of them spent on a CPU (waits on sockets, timers and
 * threads, and the other work of the machine). CPU times are per operation over a whole iteration, so a process's
 * background work (timers, collections) counts in them too. Use: {@code java -jar benchmarks.jar AsyncFanOutBenchmark -prof io.tablemapper.benchmarks.CpuPerOpProfiler}.
 *
 * <p>Linux only ({@code /proc}); elsewhere {@code ·cpu.server} is absent. The kernel counts a process's CPU in clock
 * ticks (10 ms at the usual 100 Hz), so iterations should run for seconds.
 */
public final class CpuPerOpProfiler implements InternalProfiler {
  /** The kernel's clock ticks per second ({@code getconf CLK_TCK}), 100 on every usual Linux. */
  private static final double TICKS_PER_SECOND = 100;

  private long clientStart;
  private long serverStart;
  private long wallStart;
  private ThreadTicks threadsStart;

  /** JMH's constructor. */
  public CpuPerOpProfiler() {}

  @Override
  public String getDescription() {
    return "CPU time per operation of this JVM and of the processes it started (a local server), and the idle rest";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    serverStart = serverCpuNanos().orElse(-1L);
    threadsStart = ThreadTicks.now();
    clientStart = clientCpuNanos();
    wallStart = System.nanoTime();
  }

  @Override
  public List<? extends Result<?>> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
      IterationResult result) {
    long wall = System.nanoTime() - wallStart;
    long process = clientCpuNanos() - clientStart;
    ThreadTicks threadsEnd = ThreadTicks.now();
    long jvm = threadsEnd.jvmSince(threadsStart);
    long network = threadsEnd.networkSince(threadsStart);
    Optional<Long> serverEnd = serverCpuNanos();
    long ops = Math.max(1, result.getMetadata().getAllOps());
    double wallPerOp = wall / 1e3 / ops;
    double networkPerOp = network / 1e3 / ops;
    double clientPerOp = Math.max(0, process - network) / 1e3 / ops;
    List<ScalarResult> results = new ArrayList<>(List.of(
        new ScalarResult("·wall", wallPerOp, "us/op", AggregationPolicy.AVG),
        new ScalarResult("·cpu.client", clientPerOp, "us/op", AggregationPolicy.AVG),
        new ScalarResult("·cpu.client.jitAndGc", jvm / 1e3 / ops, "us/op", AggregationPolicy.AVG),
        new ScalarResult("·cpu.network", networkPerOp, "us/op", AggregationPolicy.AVG)));
    if (serverEnd.isPresent() && serverStart >= 0) {
      double serverPerOp = (serverEnd.get() - serverStart) / 1e3 / ops;
      results.add(new ScalarResult("·cpu.server", serverPerOp, "us/op", AggregationPolicy.AVG));
      results.add(new ScalarResult("·cpu.idle", Math.max(0, wallPerOp - clientPerOp - networkPerOp - serverPerOp),
          "us/op", AggregationPolicy.AVG));
    }
    return results;
  }

  /**
   * The CPU ticks of this JVM's threads of two kinds, from {@code /proc/self/task/TID/stat} and their names
   * ({@code comm}, cut at 15 characters): the JVM's own work (the JIT's compiler threads and the garbage collector's),
   * and the {@link LatencyProxy}'s threads, which stand for the network and are not the client's. A difference counts
   * the threads alive at its end, so a thread that ended during an iteration (a closed connection's) is left out.
   */
  record ThreadTicks(Map<Long, Long> jvm, Map<Long, Long> network) {
    static ThreadTicks now() {
      Map<Long, Long> jvm = new HashMap<>();
      Map<Long, Long> network = new HashMap<>();
      try (var tasks = Files.list(Path.of("/proc/self/task"))) {
        for (Path task : (Iterable<Path>) tasks::iterator) {
          String name;
          try {
            name = Files.readString(task.resolve("comm")).strip();
          } catch (IOException gone) {
            continue;
          }
          long tid = Long.parseLong(task.getFileName().toString());
          if (name.startsWith("latency-proxy")) {
            network.put(tid, ticks(task.resolve("stat")));
          } else if (name.contains("CompilerThre") || name.startsWith("GC Thread") || name.startsWith("G1 ")) {
            jvm.put(tid, ticks(task.resolve("stat")));
          }
        }
      } catch (IOException | UncheckedIOException noProc) {
        return new ThreadTicks(Map.of(), Map.of());
      }
      return new ThreadTicks(jvm, network);
    }

    /** The nanoseconds of CPU the JIT and the collector used since {@code before}. */
    long jvmSince(ThreadTicks before) {
      return since(jvm, before.jvm);
    }

    /** The nanoseconds of CPU the latency proxy used since {@code before}. */
    long networkSince(ThreadTicks before) {
      return since(network, before.network);
    }

    private static long since(Map<Long, Long> now, Map<Long, Long> before) {
      long ticks = 0;
      for (Map.Entry<Long, Long> thread : now.entrySet()) {
        ticks += thread.getValue() - before.getOrDefault(thread.getKey(), 0L);
      }
      return nanos(ticks);
    }
  }

  private static long nanos(long ticks) {
    return (long) (ticks / TICKS_PER_SECOND * 1e9);
  }

  /** This JVM's CPU time, every thread's (JIT and GC included). */
  private static long clientCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /**
   * The CPU time of every process this JVM started and their children ({@code utime + stime} of
   * {@code /proc/PID/stat}), or empty where there is no {@code /proc}.
   */
  static Optional<Long> serverCpuNanos() {
    if (!Files.isDirectory(Path.of("/proc/self"))) {
      return Optional.empty();
    }
    long ticks = ProcessHandle.current().descendants()
        .mapToLong(process -> ticks(Path.of("/proc", Long.toString(process.pid()), "stat"))).sum();
    return Optional.of(nanos(ticks));
  }

  /** The user and system ticks of a process or thread; 0 for one that ended meanwhile. */
  static long ticks(Path statFile) {
    String stat;
    try {
      stat = Files.readString(statFile);
    } catch (IOException gone) {
      return 0;
    }
    // the command, field 2, is in parentheses and may hold spaces: fields are counted after its closing one
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }
}
