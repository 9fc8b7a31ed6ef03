package io.tablemapper.tck;

import io.tablemapper.api.EventualBatch;
import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.tck.HolderInvariants.Violation;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderAsyncRepository;
import io.tablemapper.tck.fixtures.HolderRepository;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * One history of the history checker ({@link HistoryCheckTest}): on a new store, writers on several mappers (each
 * over its own {@link FaultyStore} view of the store) write a few {@link Holder}s whose index values they draw from
 * small pools, so that unique values are contended; completers call {@code completePending()} meanwhile; one thread
 * commits eventual batches over holders no other thread touches. After every thread has ended, a mapper without
 * faults completes the pending work, and the stored rows are checked.
 */
final class HistoryRun {
  /** The holders the writers share: ids 0 … {@value} - 1, alternately in groups g0 and g1. */
  static final int HOLDERS = 4;
  static final List<String> HANDLES = List.of("h0", "h1", "h2", "h3");
  static final List<String> BADGES = List.of("b0", "b1", "b2", "b3");
  static final List<String> CITIES = List.of("c0", "c1", "c2");
  static final List<Integer> LEVELS = List.of(1, 2, 3);
  static final List<String> COLORS = List.of("red", "blue", "green");
  static final List<String> NAMES = List.of("n0", "n1");
  static final List<String> GROUPS = List.of("g0", "g1", "e0", "e1", "e2");
  /**
   * How old a registry entry or claim without its write must be before a completer or a writer takes it over, in
   * every mapper of a history: long beside a write's own time from its claims to its transaction (a few requests
   * and pauses, well under a second even on Azurite), short beside the default minute, so that the work of a dead
   * mapper is finished within the history. A writer slower than this may have its claim taken over, so a unique
   * value held twice whose history shows such a writer is the checker's, not the runtime's.
   */
  static final Duration GRACE = KitGrace.GRACE;
  /** How long a history's threads may take to end before the history is reported hung. */
  private static final long JOIN_MILLIS = 120_000;
  /** How long any one future of an async write may take. */
  private static final long FUTURE_SECONDS = 60;

  /**
   * The size and the faults of a history: what a shrink makes smaller. {@code background}: the first mapper also
   * completes pending work in the background, as a deployed one does.
   */
  record Shape(int writers, int operations, int completers, int mappers, boolean background, boolean async,
      boolean batches, boolean indexRuns, boolean pauses, boolean refusals, boolean ambiguous, boolean death) {

    static final Shape CI = new Shape(4, 30, 2, 3, true, true, true, true, true, true, true, true);

    /** A shape as {@link #toString} writes it; what it leaves out is as in {@link #CI}. */
    static Shape parse(String text) {
      Map<String, String> values = new TreeMap<>();
      for (String part : text.split(",")) {
        String[] pair = part.split("=", 2);
        values.put(pair[0].trim(), pair.length == 2 ? pair[1].trim() : "true");
      }
      return new Shape(Integer.parseInt(values.getOrDefault("writers", "" + CI.writers)),
          Integer.parseInt(values.getOrDefault("operations", "" + CI.operations)),
          Integer.parseInt(values.getOrDefault("completers", "" + CI.completers)),
          Integer.parseInt(values.getOrDefault("mappers", "" + CI.mappers)),
          Boolean.parseBoolean(values.getOrDefault("background", "" + CI.background)),
          Boolean.parseBoolean(values.getOrDefault("async", "" + CI.async)),
          Boolean.parseBoolean(values.getOrDefault("batches", "" + CI.batches)),
          Boolean.parseBoolean(values.getOrDefault("indexRuns", "" + CI.indexRuns)),
          Boolean.parseBoolean(values.getOrDefault("pauses", "" + CI.pauses)),
          Boolean.parseBoolean(values.getOrDefault("refusals", "" + CI.refusals)),
          Boolean.parseBoolean(values.getOrDefault("ambiguous", "" + CI.ambiguous)),
          Boolean.parseBoolean(values.getOrDefault("death", "" + CI.death)));
    }

    @Override
    public String toString() {
      return "writers=" + writers + ",operations=" + operations + ",completers=" + completers + ",mappers=" + mappers
          + ",background=" + background + ",async=" + async + ",batches=" + batches + ",indexRuns=" + indexRuns
          + ",pauses=" + pauses
          + ",refusals=" + refusals + ",ambiguous=" + ambiguous + ",death=" + death;
    }

    /** The shapes one step smaller, the most promising first: fewer operations, threads, mappers, then faults. */
    List<Shape> smaller() {
      List<String> steps = new ArrayList<>();
      if (operations > 1) {
        steps.add("operations=" + Math.max(1, operations / 2));
      }
      if (writers > 1) {
        steps.add("writers=" + (writers - 1));
      }
      if (batches) {
        steps.add("batches=false");
      }
      if (indexRuns) {
        steps.add("indexRuns=false");
      }
      if (death) {
        steps.add("death=false");
      }
      if (completers > 0) {
        steps.add("completers=" + (completers - 1));
      }
      if (mappers > 1) {
        steps.add("mappers=" + (mappers - 1) + (mappers == 2 ? ",death=false" : ""));
      }
      if (background) {
        steps.add("background=false");
      }
      for (String fault : List.of("refusals", "ambiguous", "async", "pauses")) {
        if (toString().contains(fault + "=true")) {
          steps.add(fault + "=false");
        }
      }
      List<Shape> smaller = new ArrayList<>();
      for (String step : steps) {
        smaller.add(parse(toString() + "," + step));
      }
      return smaller;
    }
  }

  /** How a history ended: its events and the invariants it broke (none when it passed). */
  record Outcome(long seed, Shape shape, History history, List<Violation> violations, long millis, String timing) {
    boolean failed() {
      return !violations.isEmpty();
    }

    Set<String> entities() {
      Set<String> entities = new TreeSet<>();
      violations.forEach(violation -> entities.addAll(violation.entities()));
      return entities;
    }

    /** The index runs of the history: all of them, or those that succeeded. */
    long indexRuns(boolean all) {
      return history.events().stream().filter(event -> event.process().startsWith("index@"))
          .filter(event -> all || event.outcome().startsWith("ok")).count();
    }
  }

  /** An eventual batch of the history: the holders it inserts, updates and deletes, as they were and should be. */
  record Eventual(int number, Holder inserted, Holder updatedFrom, Holder updatedTo, Holder deleted) {
    String describe() {
      return "eventually(insert " + HolderInvariants.key(inserted) + ", update " + HolderInvariants.key(updatedTo)
          + " " + changes(updatedFrom, updatedTo) + ", delete " + HolderInvariants.key(deleted) + ")";
    }

    Set<String> entities() {
      return Set.of(HolderInvariants.key(inserted), HolderInvariants.key(updatedTo), HolderInvariants.key(deleted));
    }
  }

  private final StoreUnderTest under;
  private final long seed;
  private final Shape shape;
  private final History history = new History();
  private final List<Violation> violations = Collections.synchronizedList(new ArrayList<>());
  private final List<FaultyStore> views = new ArrayList<>();
  private final List<TableMapper> mappers = new ArrayList<>();
  private final Map<Integer, Boolean> committed = Collections.synchronizedMap(new TreeMap<>());
  private final List<Eventual> eventuals = new ArrayList<>();

  private HistoryRun(StoreUnderTest under, long seed, Shape shape) {
    this.under = under;
    this.seed = seed;
    this.shape = shape;
  }

  /** Runs the history of {@code seed} in {@code shape} on a new store of {@code under}, and checks its end. */
  static Outcome run(StoreUnderTest under, long seed, Shape shape) {
    long started = System.nanoTime();
    HistoryRun run = new HistoryRun(under, seed, shape);
    run.run();
    return new Outcome(seed, shape, run.history, List.copyOf(run.violations),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), run.timing);
  }

  /**
   * How long one write of a holder takes on a new store of {@code under}, without faults, in milliseconds: an
   * insert, an update and a delete, each with its remote index work, timed after one warm-up round.
   */
  static double millisPerWrite(StoreUnderTest under) {
    try (TableMapper mapper = builder(under.newStore()).pendingCompleters(0).build()) {
      HolderRepository holders = mapper.repository(HolderRepository.class);
      long started = 0;
      int rounds = 4;
      for (int round = 0; round < rounds; round++) {
        if (round == 1) {
          started = System.nanoTime();
        }
        Holder holder = holders.insert(new Holder("g0", round, "n0", "h" + round, "b" + round, "c0", 1, "red", 0,
            null));
        holder = holders.update(new Holder("g0", round, "n1", "h" + round, null, "c1", 2, "blue", 1, holder.etag()));
        holders.delete(holder);
      }
      return (System.nanoTime() - started) / 1e6 / ((rounds - 1) * 3);
    }
  }

  /** A mapper builder with the history's grace period ({@link KitGrace}). */
  static TableMapper.Builder builder(TableBackend backend) {
    return KitGrace.builder(backend);
  }

  private String timing = "";

  private void run() {
    TableBackend store = under.newStore();
    TableMapper clean = builder(store).pendingCompleters(0).build();
    try {
      setUp(clean);
      long started = System.nanoTime();
      List<Thread> threads = startThreads(store);
      joinAll(threads);
      long joined = System.nanoTime();
      for (TableMapper mapper : mappers) {
        try {
          mapper.close();
        } catch (RuntimeException e) {
          caught("close", e);
        }
      }
      HistoryEnd end = new HistoryEnd(shape, history, violations, eventuals, committed);
      end.settle(clean, store);
      long settled = System.nanoTime();
      end.check(clean, store);
      timing = "threads " + TimeUnit.NANOSECONDS.toMillis(joined - started) + " ms, completion "
          + TimeUnit.NANOSECONDS.toMillis(settled - joined) + " ms, checks "
          + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - settled) + " ms";
    } finally {
      clean.close(); // closes the store
    }
  }

  // ---------------------------------------------------------------------------------------------------- the start

  private void setUp(TableMapper clean) {
    HolderRepository holders = clean.repository(HolderRepository.class);
    Random random = new Random(seed);
    List<String> freeHandles = new ArrayList<>(HANDLES);
    List<String> freeBadges = new ArrayList<>(BADGES);
    for (int id = 0; id < HOLDERS; id++) {
      if (random.nextInt(10) < 7) {
        Holder holder = randomHolder(random, id);
        holder = new Holder(holder.group(), id, holder.name(), take(freeHandles, random), take(freeBadges, random),
            holder.city(), holder.level(), holder.color(), holder.counter(), null);
        long invoked = history.invoke();
        holders.insert(holder);
        history.complete(invoked, "setup", "insert(" + describe(holder) + ")", "ok", Set.of(key(holder)));
      }
    }
    for (Eventual planned : plannedEventuals()) {
      Holder updated = holders.insert(planned.updatedFrom());
      holders.insert(planned.deleted());
      eventuals.add(new Eventual(planned.number(), planned.inserted(), updated,
          new Holder("e1", updated.holderId(), "n0", "ebx" + planned.number(), null, "c2", 3, "red", 1,
              updated.etag()), planned.deleted()));
    }
    clean.completePending();
  }

  /**
   * The eventual batches of the history, without ETags: each inserts a holder in e0, updates one in e1 (moving its
   * unique handle and dropping its badge) and deletes one in e2, holders that no other thread writes.
   */
  private List<Eventual> plannedEventuals() {
    List<Eventual> planned = new ArrayList<>();
    int count = shape.batches() ? Math.min(8, Math.max(2, shape.operations() / 6)) : 0;
    for (int b = 0; b < count; b++) {
      int id = 100 + b;
      planned.add(new Eventual(b, new Holder("e0", id, "n0", "ea" + b, null, "c0", 1, "red", 0, null),
          new Holder("e1", id, "n1", "eb" + b, "eb" + b, "c1", 2, "blue", 0, null),
          new Holder("e1", id, "n0", "ebx" + b, null, "c2", 3, "red", 1, null),
          new Holder("e2", id, "n0", "ec" + b, "ec" + b, "c2", 3, "green", 0, null)));
    }
    return planned;
  }

  /**
   * The writing half of a history, for a process that is killed while it runs ({@code KilledHistoryWriter} in the
   * kit's tests, a child JVM over an H2 file): sets the store up, prints {@value #READY}, then runs the history's
   * threads, printing each event as it completes. It checks nothing: {@link #checkAfterDeath} does, in the next
   * process.
   */
  static void runUntilKilled(TableBackend store, long seed, Shape shape, PrintStream out) {
    HistoryRun run = new HistoryRun(null, seed, shape);
    run.history.echo(out);
    TableMapper clean = builder(store).pendingCompleters(0).build();
    run.setUp(clean);
    out.println(READY);
    out.flush();
    run.joinAll(run.startThreads(store));
    out.println("ended");
    out.flush();
  }

  /** What {@link #runUntilKilled} prints once the store is set up and its threads start. */
  static final String READY = "ready";

  /**
   * The checking half of a history whose writing process was killed: over the store that process left, a mapper
   * without faults completes the pending work, and the rows are checked as after any history (an eventual batch may
   * be applied or not, whole in either case, since whether its commit returned died with the process).
   *
   * @param events what the killed process printed, its history up to its death
   */
  static Outcome checkAfterDeath(TableBackend store, long seed, Shape shape, List<String> events) {
    long started = System.nanoTime();
    HistoryRun run = new HistoryRun(null, seed, shape);
    events.forEach(line -> run.history.line("killed process", line));
    run.eventuals.addAll(run.plannedEventuals());
    TableMapper clean = builder(store).pendingCompleters(0).build();
    try {
      long settling = System.nanoTime();
      HistoryEnd end = new HistoryEnd(shape, run.history, run.violations, run.eventuals, run.committed);
      end.settle(clean, store);
      long settled = System.nanoTime();
      end.check(clean, store);
      run.timing = "completion " + TimeUnit.NANOSECONDS.toMillis(settled - settling) + " ms, checks "
          + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - settled) + " ms";
    } finally {
      clean.close();
    }
    return new Outcome(seed, shape, run.history, List.copyOf(run.violations),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), run.timing);
  }

  private static String take(List<String> free, Random random) {
    return free.isEmpty() || random.nextInt(10) < 2 ? null : free.remove(random.nextInt(free.size()));
  }

  private FaultyStore.Faults faults(int mapper, Random random) {
    boolean flaky = mapper > 0;
    long dieAfter = shape.death() && mappers() > 1 && mapper == mappers() - 1
        ? 20 + random.nextInt(Math.max(1, shape.operations() * 4)) : Long.MAX_VALUE; // early: its work waits out GRACE
    return new FaultyStore.Faults(shape.pauses() ? 0.2 : 0, 6, shape.pauses() ? 0.04 : 0, 50,
        flaky && shape.refusals() ? 0.02 : 0, flaky && shape.ambiguous() ? 0.02 : 0, dieAfter);
  }

  private int mappers() {
    return Math.max(1, shape.mappers());
  }

  private List<Thread> startThreads(TableBackend store) {
    Random random = new Random(seed ^ 0x5DEECE66DL);
    for (int m = 0; m < mappers(); m++) {
      FaultyStore view = new FaultyStore(store, "m" + m, faults(m, random), seed * 31 + m, history);
      views.add(view);
      mappers.add(builder(view).pendingCompleters(m == 0 && shape.background() ? 1 : 0)
          .pendingPollInterval(Duration.ofMillis(50)).pendingMaxPollInterval(Duration.ofMillis(50)).build());
    }
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < shape.writers(); w++) {
      int writer = w;
      threads.add(thread("w" + w, start, () -> write(writer)));
    }
    for (int c = 0; c < shape.completers(); c++) {
      int completer = c;
      threads.add(thread("c" + c, start, () -> complete(completer)));
    }
    if (shape.batches()) {
      threads.add(thread("eventual", start, this::commitEventuals));
    }
    if (shape.indexRuns()) {
      threads.add(thread("index", start, this::runIndexes));
    }
    threads.forEach(Thread::start);
    start.countDown();
    return threads;
  }

  private Thread thread(String name, CountDownLatch start, Runnable body) {
    Thread thread = new Thread(() -> {
      try {
        start.await();
        body.run();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (Throwable e) {
        caught(name, e);
      }
    }, "history-" + name);
    thread.setDaemon(true);
    return thread;
  }

  private void joinAll(List<Thread> threads) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(JOIN_MILLIS);
    for (Thread thread : threads) {
      try {
        thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (thread.isAlive()) {
        violations.add(new Violation("hung", thread.getName() + " did not end within " + JOIN_MILLIS + " ms:\n"
            + threadDump(), Set.of()));
        threads.forEach(Thread::interrupt);
        return;
      }
    }
  }

  static String threadDump() {
    StringBuilder dump = new StringBuilder();
    for (Map.Entry<Thread, StackTraceElement[]> each : Thread.getAllStackTraces().entrySet()) {
      dump.append('"').append(each.getKey().getName()).append("\" ").append(each.getKey().getState()).append('\n');
      for (StackTraceElement frame : each.getValue()) {
        dump.append("    at ").append(frame).append('\n');
      }
    }
    return dump.toString();
  }

  // ---------------------------------------------------------------------------------------------------- writers

  private enum Kind { INSERT, UPSERT, UPDATE, UPDATE_BLIND, MERGE, DELETE, MOVE, READ }

  private static final Kind[] KINDS = {Kind.INSERT, Kind.UPSERT, Kind.UPSERT, Kind.UPDATE, Kind.UPDATE,
      Kind.UPDATE_BLIND, Kind.MERGE, Kind.MERGE, Kind.DELETE, Kind.MOVE, Kind.MOVE, Kind.MOVE, Kind.READ};

  private void write(int writer) {
    Random random = new Random(seed * 1_000_003L + writer);
    int m = writer % mappers();
    TableMapper mapper = mappers.get(m);
    HolderRepository holders = mapper.repository(HolderRepository.class);
    HolderAsyncRepository async = mapper.repository(HolderAsyncRepository.class);
    String process = "w" + writer + "@m" + m;
    for (int op = 0; op < shape.operations(); op++) {
      if (views.get(m).dead()) {
        history.fault(process + " abandoned: its mapper is dead");
        return;
      }
      int id = random.nextInt(HOLDERS);
      Kind kind = KINDS[random.nextInt(KINDS.length)];
      boolean viaFuture = shape.async() && random.nextInt(3) == 0;
      Holder drawn = randomHolder(random, id);
      String key = key(drawn);
      if (kind == Kind.INSERT || kind == Kind.UPSERT) {
        String what = (viaFuture ? "async " : "") + kind.name().toLowerCase() + "(" + describe(drawn) + ")";
        call(process, what, key, () -> kind == Kind.INSERT
            ? (viaFuture ? join(async.insert(drawn)) : holders.insert(drawn))
            : (viaFuture ? join(async.upsert(drawn)) : holders.upsert(drawn)));
        continue;
      }
      if (kind == Kind.READ) {
        read(random, holders, process);
        continue;
      }
      Optional<Holder> read = call(process, "read(" + key + ")", key,
          () -> holders.findByGroupAndHolderId(drawn.group(), id));
      if (read == null || read.isEmpty()) {
        continue;
      }
      Holder current = read.get();
      Holder changed = kind == Kind.MOVE ? move(random, current) : change(random, current);
      boolean blind = kind == Kind.UPDATE_BLIND || (kind != Kind.UPDATE && kind != Kind.MOVE && random.nextBoolean());
      Holder sent = blind ? changed.withoutETag() : changed;
      String how = (viaFuture ? "async " : "") + kind.name().toLowerCase().replace("_blind", "")
          + (blind ? " blind" : " if-match");
      switch (kind) {
        case DELETE -> call(process, how + "(" + key + ")", key, () -> {
          if (viaFuture) {
            join(async.delete(blind ? current.withoutETag() : current));
          } else {
            holders.delete(blind ? current.withoutETag() : current);
          }
          return null;
        });
        case MERGE -> call(process, how + "(" + key + " " + changes(current, changed) + ")", key,
            () -> viaFuture ? join(async.merge(sent)) : holders.merge(sent));
        default -> call(process, how + "(" + key + " " + changes(current, changed) + ")", key,
            () -> viaFuture ? join(async.update(sent)) : holders.update(sent));
      }
    }
  }

  private void read(Random random, HolderRepository holders, String process) {
    switch (random.nextInt(4)) {
      case 0 -> {
        String handle = HANDLES.get(random.nextInt(HANDLES.size()));
        call(process, "findByHandle(" + handle + ")", null, () -> keys(holders.findByHandle(handle).stream().toList()));
      }
      case 1 -> {
        String badge = BADGES.get(random.nextInt(BADGES.size()));
        call(process, "findByBadge(" + badge + ")", null, () -> keys(holders.findByBadge(badge).stream().toList()));
      }
      case 2 -> {
        String color = COLORS.get(random.nextInt(COLORS.size()));
        call(process, "findByColor(" + color + ")", null, () -> keys(holders.findByColor(color)));
      }
      default -> {
        String city = CITIES.get(random.nextInt(CITIES.size()));
        call(process, "findByCity(" + city + ")", null, () -> keys(holders.findByCity(city)));
      }
    }
  }

  static List<String> keys(List<Holder> holders) {
    return holders.stream().map(HistoryRun::key).toList();
  }

  private static <T> T join(CompletableFuture<T> future) {
    try {
      return future.get(FUTURE_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      throw new Unwrapped(e.getCause());
    } catch (TimeoutException e) {
      throw new Unwrapped(new TimeoutException("the future did not complete within " + FUTURE_SECONDS + " s"));
    }
  }

  /** The cause of a failed future, carried to {@link #call}. */
  private static final class Unwrapped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unwrapped(Throwable cause) {
      super(cause);
    }
  }

  /**
   * Runs one operation and records it; returns its result, or null when it failed. A failure is part of the history
   * unless it is not a {@link TableMapperException} (then the mapper let something through that no caller should see).
   */
  private <T> T call(String process, String what, String key, Supplier<T> operation) {
    return callOn(process, what, key == null ? Set.of() : Set.of(key), operation);
  }

  private <T> T callOn(String process, String what, Set<String> entities, Supplier<T> operation) {
    long invoked = history.invoke();
    try {
      T result = operation.get();
      history.complete(invoked, process, what, "ok" + outcome(result), entities);
      return result;
    } catch (Throwable e) {
      Throwable failure = e instanceof Unwrapped ? e.getCause() : e;
      if (failure instanceof CompletionException && failure.getCause() != null) {
        failure = failure.getCause(); // a future nested in a future: still the caller's to unwrap once
      }
      history.complete(invoked, process, what, failure.getClass().getSimpleName() + ": "
          + abbreviate(failure.getMessage()), entities);
      if (!(failure instanceof TableMapperException)) {
        caught(process + " " + what, failure);
      }
      return null;
    }
  }

  private static String outcome(Object result) {
    if (result instanceof Holder holder) {
      return " etag " + holder.etag();
    }
    if (result instanceof Optional<?> optional) {
      return optional.map(value -> " " + (value instanceof Holder h ? describe(h) : value)).orElse(" empty");
    }
    return result == null ? "" : " " + result;
  }

  static String abbreviate(String message) {
    if (message == null) {
      return "";
    }
    return message.length() > 200 ? message.substring(0, 200) + "…" : message;
  }

  private void caught(String where, Throwable failure) {
    StringWriter trace = new StringWriter();
    failure.printStackTrace(new PrintWriter(trace));
    violations.add(new Violation("not a TableMapperException", where + " threw " + trace, Set.of()));
  }

  static Holder randomHolder(Random random, int id) {
    return new Holder(id % 2 == 0 ? "g0" : "g1", id, NAMES.get(random.nextInt(NAMES.size())),
        random.nextInt(10) < 7 ? HANDLES.get(random.nextInt(HANDLES.size())) : null,
        random.nextInt(10) < 7 ? BADGES.get(random.nextInt(BADGES.size())) : null,
        random.nextInt(10) < 8 ? CITIES.get(random.nextInt(CITIES.size())) : null,
        random.nextInt(10) < 8 ? LEVELS.get(random.nextInt(LEVELS.size())) : null,
        random.nextInt(10) < 8 ? COLORS.get(random.nextInt(COLORS.size())) : null,
        random.nextInt(1000), null);
  }

  /** The holder with one to three of its values changed (the unique ones among them). */
  private static Holder change(Random random, Holder holder) {
    Holder drawn = randomHolder(random, holder.holderId());
    String name = holder.name();
    String handle = holder.handle();
    String badge = holder.badge();
    String city = holder.city();
    Integer level = holder.level();
    String color = holder.color();
    int changes = 1 + random.nextInt(3);
    for (int i = 0; i < changes; i++) {
      switch (random.nextInt(7)) {
        case 0 -> name = drawn.name();
        case 1 -> handle = drawn.handle();
        case 2 -> badge = drawn.badge();
        case 3 -> city = drawn.city();
        case 4 -> level = drawn.level();
        case 5 -> color = drawn.color();
        default -> { }
      }
    }
    return new Holder(holder.group(), holder.holderId(), name, handle, badge, city, level, color,
        holder.counter() + 1, holder.etag());
  }

  /** The holder with its handle or its badge moved to another value of the pool (or to none). */
  private static Holder move(Random random, Holder holder) {
    boolean handle = random.nextBoolean();
    List<String> pool = handle ? HANDLES : BADGES;
    String value = random.nextInt(10) == 0 ? null : pool.get(random.nextInt(pool.size()));
    return new Holder(holder.group(), holder.holderId(), holder.name(), handle ? value : holder.handle(),
        handle ? holder.badge() : value, holder.city(), holder.level(), holder.color(), holder.counter() + 1,
        holder.etag());
  }

  // ------------------------------------------------------------------------------------------------ completers

  /** A mapper whose store view is not dead, drawn at random (the first never dies). */
  private int liveMapper(Random random) {
    List<Integer> live = new ArrayList<>();
    for (int m = 0; m < mappers(); m++) {
      if (!views.get(m).dead()) {
        live.add(m);
      }
    }
    return live.get(random.nextInt(live.size()));
  }

  private void complete(int completer) {
    Random random = new Random(seed * 7_000_001L + completer);
    int rounds = Math.max(3, shape.operations() / 3);
    for (int round = 0; round < rounds; round++) {
      int m = liveMapper(random);
      call("c" + completer + "@m" + m, "completePending()", null, () -> mappers.get(m).completePending());
      try {
        Thread.sleep(random.nextInt(6));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  // ------------------------------------------------------------------------------------------------ index runs

  /**
   * Repairs, builds and verifies the holders' indexes, one at a time, on a live mapper chosen at random, while the
   * writers write: an index run writes what an entity lacks by the write path's own rules, so it may race with any
   * writer, completer or other run, and the end still finds every index in step and ready ({@link HistoryEnd}).
   */
  private void runIndexes() {
    Random random = new Random(seed * 9_000_011L);
    int rounds = Math.max(2, shape.operations() / 6);
    for (int round = 0; round < rounds; round++) {
      int m = liveMapper(random);
      IndexAdmin admin = mappers.get(m).indexes(Holder.class);
      List<String> names = admin.declared();
      String index = names.get(random.nextInt(names.size()));
      int kind = random.nextInt(5);
      String what = (kind < 3 ? "repair" : kind == 3 ? "build" : "verify") + "(" + index + ")";
      call("index@m" + m, what, null, () -> {
        IndexReport report = kind < 3 ? admin.repair(index) : kind == 3 ? admin.build(index) : admin.verify(index);
        return report.entitiesRead() + " read, " + report.copiesWritten() + " written, " + report.conflicts()
            + " conflicts";
      });
    }
  }

  // ------------------------------------------------------------------------------------------- eventual batches

  /** The mapper of the eventual batches: a flaky one that never dies, or the first. */
  private int eventualMapper() {
    return mappers() >= 3 || (mappers() == 2 && !shape.death()) ? 1 : 0;
  }

  private void commitEventuals() {
    int m = eventualMapper();
    TableMapper mapper = mappers.get(m);
    for (Eventual eventual : eventuals) {
      Boolean done = callOn("eventual@m" + m, eventual.describe(), eventual.entities(), () -> {
        EventualBatch batch = mapper.eventually()
            .insert(eventual.inserted())
            .update(eventual.updatedTo())
            .delete(eventual.deleted());
        batch.commit();
        return Boolean.TRUE;
      });
      committed.put(eventual.number(), done != null);
    }
  }

  // ---------------------------------------------------------------------------------------------------- naming

  static String key(Holder holder) {
    return HolderInvariants.key(holder);
  }

  static String describe(Holder holder) {
    return key(holder) + " name=" + holder.name() + " handle=" + holder.handle() + " badge=" + holder.badge()
        + " city=" + holder.city() + " level=" + holder.level() + " color=" + holder.color() + " counter="
        + holder.counter();
  }

  /** The values that differ between two states of a holder, as {@code name=new}. */
  static String changes(Holder from, Holder to) {
    Map<String, Object[]> values = new LinkedHashMap<>();
    values.put("name", new Object[] {from.name(), to.name()});
    values.put("handle", new Object[] {from.handle(), to.handle()});
    values.put("badge", new Object[] {from.badge(), to.badge()});
    values.put("city", new Object[] {from.city(), to.city()});
    values.put("level", new Object[] {from.level(), to.level()});
    values.put("color", new Object[] {from.color(), to.color()});
    values.put("counter", new Object[] {from.counter(), to.counter()});
    List<String> changes = new ArrayList<>();
    values.forEach((name, pair) -> {
      if (!Objects.equals(pair[0], pair[1])) {
        changes.add(name + "=" + pair[1]);
      }
    });
    return String.join(" ", changes);
  }
}
