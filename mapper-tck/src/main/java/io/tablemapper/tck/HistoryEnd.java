package io.tablemapper.tck;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.HistoryRun.Eventual;
import io.tablemapper.tck.HistoryRun.Shape;
import io.tablemapper.tck.HolderInvariants.Violation;
import io.tablemapper.tck.fixtures.Holder;
import io.tablemapper.tck.fixtures.HolderRepository;
import io.tablemapper.tck.support.RawRows;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The end of a history ({@link HistoryRun}): once its threads have ended, a mapper without faults completes the
 * pending work, then everything the store holds is checked — the rows of every index ({@link HolderInvariants}), the
 * work records, the eventual batches, a query through each index, and that every free unique value can be claimed —
 * each broken invariant added to the history's violations.
 */
final class HistoryEnd {
  private final Shape shape;
  private final History history;
  private final List<Violation> violations;
  private final List<Eventual> eventuals;
  private final Map<Integer, Boolean> committed;

  HistoryEnd(Shape shape, History history, List<Violation> violations, List<Eventual> eventuals,
      Map<Integer, Boolean> committed) {
    this.shape = shape;
    this.history = history;
    this.violations = violations;
    this.eventuals = eventuals;
    this.committed = committed;
  }

  /**
   * Completes the pending work with the mapper without faults until nothing is left but failed work: a dead
   * mapper's registry entries wait out the grace period first.
   */
  void settle(TableMapper clean, TableBackend store) {
    long deadline = System.nanoTime() + HistoryRun.GRACE.toNanos() * 2 + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      long applied;
      long invoked = history.invoke();
      try {
        applied = clean.completePending();
      } catch (RuntimeException e) {
        history.complete(invoked, "final", "completePending()", e.getClass().getSimpleName() + ": "
            + HistoryRun.abbreviate(e.getMessage()), Set.of());
        violations.add(new Violation("completion", "completePending() without faults threw " + e, Set.of()));
        return;
      }
      List<TableRow> left = unfinished(store);
      history.complete(invoked, "final", "completePending()", "ok " + applied
          + (left.isEmpty() ? "" : ", " + left.size() + " registry entries left"), Set.of());
      if (applied == 0 && left.isEmpty()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        violations.add(new Violation("work left", "completePending() without faults leaves " + left.size()
            + " entries pending after the grace period: " + left, Set.of()));
        return;
      }
      try {
        Thread.sleep(applied == 0 ? 200 : 0);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** The registry's entries of work not failed. */
  private static List<TableRow> unfinished(TableBackend store) {
    return RawRows.all(store, Contract.PENDING_REGISTRY_TABLE).stream()
        .filter(row -> !"FAILED".equals(row.getString("TmState")))
        .toList();
  }

  void check(TableMapper clean, TableBackend store) {
    violations.addAll(HolderInvariants.check(store));
    checkWork(store);
    checkEventuals(clean);
    checkQueries(clean, store);
    checkClaimable(clean, store);
    checkIndexesReady(clean);
  }

  /**
   * Every index of the holders is ready and in step with its entities, whatever index runs raced with the writers;
   * no query of the history was refused as not ready (every index was ready from the start).
   */
  private void checkIndexesReady(TableMapper clean) {
    IndexAdmin admin = clean.indexes(Holder.class);
    for (String index : admin.declared()) {
      IndexState state = admin.state(index);
      if (state != IndexState.READY) {
        violations.add(new Violation("index not ready", "index " + index + " is " + state + " after the history",
            Set.of()));
      }
      IndexReport report = admin.verify(index);
      if (!report.clean()) {
        violations.add(new Violation("index out of step", "verify(" + index + ") after the history: " + report,
            Set.of()));
      }
    }
    for (History.Event event : history.events()) {
      if (event.outcome().startsWith("IndexNotReadyException")) {
        violations.add(new Violation("index not ready", event.process() + " " + event.what() + " was refused: "
            + event.outcome(), event.entities()));
      }
    }
  }

  /** Work records and registry entries: none pending; a failed one only where a fault can explain it. */
  private void checkWork(TableBackend store) {
    boolean faulted = shape.refusals() || shape.ambiguous() || shape.death();
    List<TableRow> records = new ArrayList<>();
    for (String group : HistoryRun.GROUPS) {
      RawRows.partition(store, HolderInvariants.TABLE, group).stream()
          .filter(row -> "#pending".equals(row.getString("EntityType")))
          .forEach(records::add);
    }
    for (TableRow record : records) {
      String state = record.getString("TmState");
      if ("PENDING".equals(state)) {
        violations.add(new Violation("work left", "work record " + HolderInvariants.describe("Holders", record),
            holdersNamed(record)));
      } else if ("FAILED".equals(state)) {
        String failure = record.getString("TmFailure");
        boolean refused = failure != null && (failure.contains("taken") || failure.contains("changed")
            || failure.contains("not found") || failure.contains("exists") || failure.contains("ETag"));
        if (!faulted || !refused) {
          violations.add(new Violation("work failed", "work record FAILED without a refused or conflicting write to"
              + " explain it: " + HolderInvariants.describe("Holders", record), holdersNamed(record)));
        } else {
          history.fault("note: FAILED work record " + record.rowKey() + ": " + failure);
        }
      }
    }
  }

  private static final Pattern STEP_KEYS = Pattern.compile("\"partitionKey\":\"([^\"]*)\",\"rowKey\":\"([^\"]*)\"");

  /** The holders the steps of a work record write (its JSON as docs/eventual-transactions.md describes it). */
  private static Set<String> holdersNamed(TableRow record) {
    Set<String> holders = new TreeSet<>();
    for (int chunk = 0; record.has("TmSteps" + chunk); chunk++) {
      Matcher step = STEP_KEYS.matcher(record.getString("TmSteps" + chunk));
      while (step.find()) {
        holders.add(HolderInvariants.key(step.group(1), step.group(2)));
      }
    }
    return holders;
  }

  private void checkEventuals(TableMapper clean) {
    HolderRepository holders = clean.repository(HolderRepository.class);
    boolean failedWork = violations.stream().anyMatch(violation -> violation.invariant().equals("work failed"))
        || history.events().stream().anyMatch(event -> event.what().startsWith("note: FAILED"));
    for (Eventual eventual : eventuals) {
      Optional<Holder> inserted = holders.findByGroupAndHolderId("e0", eventual.inserted().holderId());
      Optional<Holder> updated = holders.findByGroupAndHolderId("e1", eventual.updatedTo().holderId());
      Optional<Holder> deleted = holders.findByGroupAndHolderId("e2", eventual.deleted().holderId());
      boolean insertDone = inserted.isPresent() && sameValues(inserted.get(), eventual.inserted());
      boolean updateDone = updated.isPresent() && sameValues(updated.get(), eventual.updatedTo());
      boolean deleteDone = deleted.isEmpty();
      boolean insertNot = inserted.isEmpty();
      boolean updateNot = updated.isPresent() && sameValues(updated.get(), eventual.updatedFrom());
      boolean deleteNot = deleted.isPresent() && sameValues(deleted.get(), eventual.deleted());
      boolean applied = insertDone && updateDone && deleteDone;
      boolean untouched = insertNot && updateNot && deleteNot;
      Boolean returned = committed.get(eventual.number());
      String state = "inserted " + inserted.map(HistoryRun::describe).orElse("absent") + ", updated "
          + updated.map(HistoryRun::describe).orElse("absent") + ", deleted "
          + deleted.map(HistoryRun::describe).orElse("absent");
      if (Boolean.TRUE.equals(returned) && !applied && !failedWork) {
        violations.add(new Violation("eventual batch", eventual.describe() + " returned from commit() but is not"
            + " applied in effect: " + state, eventual.entities()));
      } else if (!applied && !untouched && !failedWork) {
        violations.add(new Violation("eventual batch", eventual.describe() + " is applied in part ("
            + (returned == null ? "not run" : returned ? "committed" : "commit() threw") + "): " + state,
            eventual.entities()));
      }
    }
  }

  private static boolean sameValues(Holder a, Holder b) {
    return a.withoutETag().equals(b.withoutETag());
  }

  /** Each query through an index returns exactly the holders whose stored values match it, in any order. */
  private void checkQueries(TableMapper clean, TableBackend store) {
    HolderRepository repository = clean.repository(HolderRepository.class);
    List<Holder> holders = new ArrayList<>();
    for (TableRow row : HolderInvariants.holders(store).values()) {
      int id = row.getInt32("holderId");
      repository.findByGroupAndHolderId(row.partitionKey(), id).ifPresent(holders::add);
    }
    Set<String> handles = new TreeSet<>(HistoryRun.HANDLES);
    Set<String> badges = new TreeSet<>(HistoryRun.BADGES);
    Set<String> cities = new TreeSet<>(HistoryRun.CITIES);
    Set<String> colors = new TreeSet<>(HistoryRun.COLORS);
    for (Holder holder : holders) {
      add(handles, holder.handle());
      add(badges, holder.badge());
      add(cities, holder.city());
      add(colors, holder.color());
    }
    for (String handle : handles) {
      query("findByHandle(" + handle + ")", holders, h -> handle.equals(h.handle()),
          () -> repository.findByHandle(handle).stream().toList());
    }
    for (String badge : badges) {
      query("findByBadge(" + badge + ")", holders, h -> badge.equals(h.badge()),
          () -> repository.findByBadge(badge).stream().toList());
    }
    for (String city : cities) {
      query("findByCity(" + city + ")", holders, h -> city.equals(h.city()), () -> repository.findByCity(city));
    }
    for (String color : colors) {
      query("findByColor(" + color + ")", holders, h -> color.equals(h.color()),
          () -> repository.findByColor(color));
    }
    for (String group : HistoryRun.GROUPS) {
      for (Integer level : HistoryRun.LEVELS) {
        query("findByGroupAndLevel(" + group + ", " + level + ")", holders,
            h -> group.equals(h.group()) && level.equals(h.level()),
            () -> repository.findByGroupAndLevel(group, level));
      }
      for (String name : HistoryRun.NAMES) {
        query("findByGroupAndName(" + group + ", " + name + ")", holders,
            h -> group.equals(h.group()) && name.equals(h.name()),
            () -> repository.findByGroupAndName(group, name));
      }
    }
  }

  private static void add(Set<String> values, String value) {
    if (value != null) {
      values.add(value);
    }
  }

  private void query(String what, List<Holder> holders, Predicate<Holder> matches,
      Supplier<List<Holder>> query) {
    // compared without ETags: a read through a copy in the holder's partition returns the copy's, which names the
    // holder's version but where a batch's rows get ETags of their own is not the same text
    Set<Holder> expected = new HashSet<>();
    holders.stream().filter(matches).map(Holder::withoutETag).forEach(expected::add);
    List<Holder> found;
    try {
      found = query.get().stream().map(Holder::withoutETag).toList();
    } catch (RuntimeException e) {
      violations.add(new Violation("query", what + " threw " + e, keysOf(expected)));
      return;
    }
    if (!new HashSet<>(found).equals(expected) || found.size() != expected.size()) {
      Set<String> involved = new TreeSet<>(keysOf(expected));
      involved.addAll(HistoryRun.keys(found));
      violations.add(new Violation("query", what + " returned " + found.stream().map(HistoryRun::describe).toList()
          + " instead of " + expected.stream().map(HistoryRun::describe).sorted().toList(), involved));
    }
  }

  private static Set<String> keysOf(Set<Holder> holders) {
    Set<String> keys = new TreeSet<>();
    holders.forEach(holder -> keys.add(HistoryRun.key(holder)));
    return keys;
  }

  /**
   * A unique value no holder has can be claimed: a new holder with it is inserted (in a group of its own, with no
   * other unique value), and its claim is then in step like any other.
   */
  private void checkClaimable(TableMapper clean, TableBackend store) {
    HolderRepository repository = clean.repository(HolderRepository.class);
    Set<String> heldHandles = new TreeSet<>();
    Set<String> heldBadges = new TreeSet<>();
    for (TableRow row : HolderInvariants.holders(store).values()) {
      add(heldHandles, row.getString("handle"));
      add(heldBadges, row.getString("badge"));
    }
    int id = 900;
    for (String handle : HistoryRun.HANDLES) {
      if (!heldHandles.contains(handle)) {
        probe(repository, store, new Holder("probe", id++, "n0", handle, null, null, null, null, 0, null),
            "handle", handle);
      }
    }
    for (String badge : HistoryRun.BADGES) {
      if (!heldBadges.contains(badge)) {
        probe(repository, store, new Holder("probe", id++, "n0", null, badge, null, null, null, 0, null),
            "badge", badge);
      }
    }
    clean.completePending();
  }

  private void probe(HolderRepository repository, TableBackend store, Holder holder, String index, String value) {
    try {
      repository.insert(holder);
    } catch (RuntimeException e) {
      String rows = index.equals("handle")
          ? HolderInvariants.describe("Holders", RawRows.get(store, "Holders", "handle_" + value, "holder"))
          : HolderInvariants.describe("HolderBadges", RawRows.get(store, "HolderBadges", value, "holder"));
      violations.add(new Violation(index + ": free value refused", "no holder has " + index + " " + value
          + ", yet a new holder cannot claim it: " + e + "; the row under it: " + rows, Set.of()));
    }
  }
}
