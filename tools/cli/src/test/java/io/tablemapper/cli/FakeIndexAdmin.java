package io.tablemapper.cli;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexProgressListener;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An {@link IndexAdmin} for the command's tests: its indexes and states are given, and each run reports the
 * progress of a scripted list of partitions (the counts after each), advancing the tests' clock by a fixed time per
 * partition, then returns the last counts; every call is recorded.
 */
final class FakeIndexAdmin implements IndexAdmin {
  private final Class<?> entityClass;
  private final Map<String, IndexState> states;
  private final List<String> recorded;
  private final Map<String, List<IndexReport>> partitions;
  private final AtomicLong clock;
  private final long nanosPerPartition;
  private final List<String> calls;
  private final IndexProgressListener listener;
  private final double rate;
  private final RuntimeException[] failure;

  FakeIndexAdmin(Class<?> entityClass, AtomicLong clock, long nanosPerPartition) {
    this(entityClass, new LinkedHashMap<>(), new ArrayList<>(), new LinkedHashMap<>(), clock, nanosPerPartition,
        new ArrayList<>(), null, 0, new RuntimeException[1]);
  }

  /** A copy that shares the original's indexes, states and record of calls. */
  private FakeIndexAdmin(Class<?> entityClass, Map<String, IndexState> states, List<String> recorded,
      Map<String, List<IndexReport>> partitions, AtomicLong clock, long nanosPerPartition, List<String> calls,
      IndexProgressListener listener, double rate, RuntimeException[] failure) {
    this.failure = failure;
    this.entityClass = entityClass;
    this.states = states;
    this.recorded = recorded;
    this.partitions = partitions;
    this.clock = clock;
    this.nanosPerPartition = nanosPerPartition;
    this.calls = calls;
    this.listener = listener;
    this.rate = rate;
  }

  /** Declares an index in a state, whose runs go through these partitions' counts. */
  FakeIndexAdmin declare(String index, IndexState state, IndexReport... afterEachPartition) {
    states.put(index, state);
    recorded.add(index);
    partitions.put(index, List.of(afterEachPartition));
    return this;
  }

  /** Records an index the class no longer declares, whose drop returns this report. */
  FakeIndexAdmin undeclared(String index, IndexReport dropped) {
    recorded.add(index);
    partitions.put(index, List.of(dropped));
    return this;
  }

  List<String> calls() {
    return calls;
  }

  @Override
  public Class<?> entityClass() {
    return entityClass;
  }

  @Override
  public List<String> declared() {
    return List.copyOf(states.keySet());
  }

  @Override
  public List<String> recorded() {
    return List.copyOf(recorded);
  }

  @Override
  public IndexState state(String index) {
    IndexState state = states.get(index);
    if (state == null) {
      throw new IllegalArgumentException(entityClass.getSimpleName() + " declares no index " + index);
    }
    return state;
  }

  @Override
  public IndexReport build(String index) {
    return run("build", index);
  }

  @Override
  public IndexReport verify(String index) {
    return run("verify", index);
  }

  @Override
  public IndexReport repair(String index) {
    return run("repair", index);
  }

  @Override
  public IndexReport drop(String index) {
    calls.add("drop " + index);
    return partitions.get(index).get(0);
  }

  /** Makes runs fail with this exception after their first partition. */
  FakeIndexAdmin failingWith(RuntimeException failure) {
    this.failure[0] = failure;
    return this;
  }

  private IndexReport run(String action, String index) {
    state(index);
    calls.add(action + " " + index + (rate > 0 ? " at " + rate + "/s" : ""));
    List<IndexReport> steps = partitions.get(index);
    for (int i = 0; i < steps.size(); i++) {
      if (i == 1 && failure[0] != null) {
        throw failure[0];
      }
      clock.addAndGet(nanosPerPartition);
      if (listener != null) {
        listener.progress(index, steps.get(i), i + 1, i == steps.size() - 1);
      }
    }
    IndexReport last = steps.get(steps.size() - 1);
    if (!action.equals("verify") && last.conflicts() == 0) {
      states.put(index, IndexState.READY);
    }
    return last;
  }

  @Override
  public IndexAdmin rateLimit(double entitiesPerSecond) {
    return new FakeIndexAdmin(entityClass, states, recorded, partitions, clock, nanosPerPartition, calls, listener,
        entitiesPerSecond, failure);
  }

  @Override
  public IndexAdmin listener(IndexProgressListener progress) {
    return new FakeIndexAdmin(entityClass, states, recorded, partitions, clock, nanosPerPartition, calls, progress,
        rate, failure);
  }

  /** The counts of a build or repair so far. */
  static IndexReport counts(String index, long read, long written, long missing) {
    return new IndexReport(index, read, written, 0, missing, 0, 0, 0, List.of());
  }
}
