package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.ArchivedEmployee;
import io.tablemapper.runtime.fixtures.Desk;
import io.tablemapper.runtime.fixtures.DeskRepository;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.rows.PendingRows;

/**
 * A process killed at every store write of the pending-work protocol: a child JVM ({@link PendingCrashWriter})
 * commits an eventually consistent transaction over an H2 file and is killed before its write 1, 2, 3, ... in turn;
 * a fresh mapper in this process then completes the pending work. Each time the file ends as if the transaction
 * never happened (killed before the transaction that records the work) or as if it happened whole, each write once:
 * the employee in Marketing and not in Sales, with its index copies; one archived copy; the other employee's age
 * raised by exactly one; no work left behind.
 */
class PendingCrashTest {
  @TempDir
  Path directory;

  @Test
  void aProcessKilledAtAnyWriteOfTheProtocolLeavesNoWriteLostOrDoubledOnceAFreshProcessCompletes()
      throws Exception {
    boolean done = false;
    for (int writes = 0; !done; writes++) {
      Path file = directory.resolve("store-" + writes);
      try (TableMapper setup = TableMapper.builder().backend(H2Backend.file(file)).pendingCompleters(0).build()) {
        EmployeeRepository employees = setup.repository(EmployeeRepository.class);
        employees.insert(Employee.of("Sales", 1, "Ken", "Kwok", 23, "kenk@contoso.com"));
        employees.insert(Employee.of("Support", 2, "Ann", "Bell", 40, "annb@contoso.com"));
      }
      List<String> acknowledged = runUntilKilled(file, writes, "eventual");
      done = acknowledged.contains("done");
      boolean recorded = acknowledged.contains("batch Company pending");
      String where = "killed before write " + (writes + 1) + " (" + acknowledged + ")";

      TableMapper fresh = ManualCompletion.retiringAtOnce(H2Backend.file(file)).build();
      try {
        fresh.completePending();
        EmployeeRepository employees = fresh.repository(EmployeeRepository.class);
        if (recorded) {
          assertThat(employees.findByDepartmentAndEmployeeId("Sales", 1)).as(where).isEmpty();
          assertThat(employees.findByDepartmentAndEmail("Sales", "kenk@contoso.com")).as(where).isEmpty();
          assertThat(employees.findByDepartmentAndEmployeeId("Marketing", 1)).as(where).isPresent();
          assertThat(employees.findByDepartmentAndEmail("Marketing", "kenk@contoso.com")).as(where).isPresent();
          assertThat(fresh.partition("Archive", "Sales").all(ArchivedEmployee.class)).as(where).hasSize(1);
          assertThat(employees.getByDepartmentAndEmployeeId("Support", 2).age()).as(where).isEqualTo(41);
        } else {
          assertThat(employees.findByDepartmentAndEmployeeId("Sales", 1)).as(where).isPresent();
          assertThat(employees.findByDepartmentAndEmployeeId("Marketing", 1)).as(where).isEmpty();
          assertThat(fresh.partition("Archive", "Sales").all(ArchivedEmployee.class)).as(where).isEmpty();
          assertThat(employees.getByDepartmentAndEmployeeId("Support", 2).age()).as(where).isEqualTo(40);
        }
      } finally {
        fresh.close();
      }
      try (H2Backend store = H2Backend.file(file)) {
        assertThat(pendingRows(store)).as(where).isEmpty();
      }
      assertThat(writes).as("the writes of one commit").isLessThan(30);
      if (done) {
        System.out.println("PendingCrashTest: killed before each of the " + writes + " writes of the commit");
        assertThat(writes).as("the writes of one commit").isGreaterThanOrEqualTo(5);
      }
    }
  }

  @Test
  void aProcessKilledAtAnyWriteOfARemoteIndexUpdateLeavesTheCopiesOfTheEntityAndNoStuckClaim() throws Exception {
    Staffer original = PendingCrashWriter.ORIGINAL;
    Staffer changed = PendingCrashWriter.CHANGED;
    boolean done = false;
    for (int writes = 0; !done; writes++) {
      Path file = directory.resolve("staff-" + writes);
      try (TableMapper setup = TableMapper.builder().backend(H2Backend.file(file)).pendingCompleters(0).build()) {
        setup.repository(StafferRepository.class).insert(original);
      }
      List<String> acknowledged = runUntilKilled(file, writes, "index");
      done = acknowledged.contains("done");
      String where = "killed before write " + (writes + 1) + " (" + acknowledged + ")";

      Staffer other;
      try (TableMapper fresh = ManualCompletion.retiringAtOnce(H2Backend.file(file)).build()) {
        fresh.completePending();
        Staffer now = fresh.repository(StafferRepository.class).findByDepartmentAndEmployeeId("Sales", 1)
            .orElseThrow();
        assertThat(now).as(where).isIn(original, changed);
        other = now.equals(original) ? changed : original;
      }
      // no claim is stuck: the value the entity does not hold is free at once, for a writer with the default grace
      try (TableMapper patient = TableMapper.builder().backend(H2Backend.file(file)).pendingCompleters(0).build()) {
        patient.repository(StafferRepository.class).insert(new Staffer("Marketing", 9, "Kim", "Lee", other.email(),
            null));
      }
      try (H2Backend store = H2Backend.file(file)) {
        assertThat(pendingRows(store)).as(where).isEmpty();
        List<String> copies = new ArrayList<>();
        for (String table : List.of("Staff", "StaffByLastName", "StaffByGrade")) {
          for (TableRow row : store.query(TableQuery.builder(table).limit(1000).build()).rows()) {
            if (row.getString(TableMapper.DEFAULT_DISCRIMINATOR).startsWith("Staffer#")
                && row.has(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY)) { // a remote copy
              copies.add(table + " " + row.partitionKey() + " " + row.rowKey() + " -> "
                  + row.getString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY));
            }
          }
        }
        Staffer held = store.get("Staff", "Sales", "empid_00000001").map(row -> row.getString("email"))
            .orElseThrow().equals(changed.email()) ? changed : original;
        Staffer free = held.equals(original) ? changed : original;
        assertThat(copies).as(where).containsExactlyInAnyOrder(
            "Staff email_" + held.email() + " employee -> Sales",
            "Staff email_" + free.email() + " employee -> Marketing",
            "StaffByLastName " + held.lastName() + " Sales_00000001 -> Sales",
            "StaffByLastName Lee Marketing_00000009 -> Marketing",
            "StaffByGrade Sales " + String.format("grade_%03d_00000001", held.grade()) + " -> Sales");
      }
      assertThat(writes).as("the writes of one update").isLessThan(40);
      if (done) {
        System.out.println("PendingCrashTest: killed before each of the " + writes + " writes of the update");
        assertThat(writes).as("the writes of one update").isGreaterThanOrEqualTo(8);
      }
    }
  }

  @Test
  void aProcessKilledAtAnyWriteOfAKeyListUpdateLeavesTheClerkListedOnceUnderItsValuesOnly() throws Exception {
    Clerk original = PendingCrashWriter.CLERK;
    Clerk changed = PendingCrashWriter.CLERK_CHANGED;
    Clerk other = new Clerk("Marketing", 2, "Ann", "Jones", "audit", null);
    String entry = IndexLists.entry("Sales", "clerk_00000001");
    String otherEntry = IndexLists.entry("Marketing", "clerk_00000002");
    boolean done = false;
    for (int writes = 0; !done; writes++) {
      Path file = directory.resolve("clerks-" + writes);
      try (TableMapper setup = TableMapper.builder().backend(H2Backend.file(file)).pendingCompleters(0).build()) {
        setup.repository(ClerkRepository.class).insert(original);
        setup.repository(ClerkRepository.class).insert(other);
      }
      List<String> acknowledged = runUntilKilled(file, writes, "list");
      done = acknowledged.contains("done");
      String where = "killed before write " + (writes + 1) + " (" + acknowledged + ")";

      try (TableMapper fresh = ManualCompletion.retiringAtOnce(H2Backend.file(file)).build()) {
        fresh.completePending();
        ClerkRepository clerks = fresh.repository(ClerkRepository.class);
        Clerk now = clerks.findByDepartmentAndClerkId("Sales", 1).orElseThrow();
        assertThat(now).as(where).isIn(original, changed);
        Clerk gone = now.equals(original) ? changed : original;
        assertThat(clerks.findByLastName(now.lastName())).as(where).contains(now);
        assertThat(clerks.findBySkill(gone.skill())).as(where).doesNotContain(now);
      }
      try (H2Backend store = H2Backend.file(file)) {
        assertThat(pendingRows(store)).as(where).isEmpty();
        Clerk held = store.get("Clerks", "Sales", "clerk_00000001").map(row -> row.getString("lastName"))
            .orElseThrow().equals(changed.lastName()) ? changed : original;
        List<String> expectedJones = held.equals(original) ? List.of(otherEntry, entry) : List.of(otherEntry);
        assertThat(lists(store, "ClerkIDs", "Jones", "ids")).as(where).isEqualTo(expectedJones);
        assertThat(lists(store, "ClerkIDs", "Smith", "ids")).as(where)
            .isEqualTo(held.equals(changed) ? List.of(entry) : List.of());
        assertThat(lists(store, "Clerks", "skill_audit", "clerks")).as(where)
            .isEqualTo(held.equals(original) ? List.of(otherEntry, entry) : List.of(otherEntry));
        assertThat(lists(store, "Clerks", "skill_law", "clerks")).as(where)
            .isEqualTo(held.equals(changed) ? List.of(entry) : List.of());
        assertThat(lists(store, "ClerkTeams", "Sales", "blue")).as(where).isEqualTo(List.of(entry));
      }
      assertThat(writes).as("the writes of one update").isLessThan(40);
      if (done) {
        System.out.println("PendingCrashTest: killed before each of the " + writes + " writes of the key list update");
        assertThat(writes).as("the writes of one update").isGreaterThanOrEqualTo(6);
      }
    }
  }

  @Test
  void aProcessKilledAtAnyWriteOfADeskMovingFloorsLeavesItOnTheListOfTheFloorItIsOn() throws Exception {
    Desk original = PendingCrashWriter.DESK;
    Desk moved = PendingCrashWriter.DESK_MOVED;
    Desk other = new Desk("HQ", 2, "3", "Bob");
    String entry = IndexLists.entry("HQ", "desk_000001");
    String otherEntry = IndexLists.entry("HQ", "desk_000002");
    boolean done = false;
    for (int writes = 0; !done; writes++) {
      Path file = directory.resolve("desks-" + writes);
      try (TableMapper setup = TableMapper.builder().backend(H2Backend.file(file)).pendingCompleters(0).build()) {
        setup.repository(DeskRepository.class).insert(original);
        setup.repository(DeskRepository.class).insert(other);
      }
      List<String> acknowledged = runUntilKilled(file, writes, "desk");
      done = acknowledged.contains("done");
      String where = "killed before write " + (writes + 1) + " (" + acknowledged + ")";
      try (H2Backend store = H2Backend.file(file)) {
        assertThat(pendingRows(store)).as(where + ": nothing pending, ever").isEmpty();
        Desk held = "4".equals(store.get("Desks", "HQ", "desk_000001").orElseThrow().getString("floor"))
            ? moved : original;
        assertThat(held).as(where).isEqualTo(done ? moved : original);
        assertThat(lists(store, "Desks", "HQ", "floor_3")).as(where)
            .isEqualTo(held.equals(original) ? List.of(entry, otherEntry) : List.of(otherEntry));
        assertThat(lists(store, "Desks", "HQ", "floor_4")).as(where)
            .isEqualTo(held.equals(moved) ? List.of(entry) : List.of());
      }
      assertThat(writes).as("the writes of one update").isLessThan(5);
      if (done) {
        assertThat(writes).as("an update, with both lists, is one transaction").isOne();
      }
    }
  }

  /** The entries of a key list as stored, empty when it has no row. */
  private static List<String> lists(H2Backend store, String table, String partitionKey, String rowKey) {
    return store.get(table, partitionKey, rowKey).map(IndexLists::entries).orElse(List.of());
  }

  /** Registry entries and work records left in the store (the markers of retired ids aside). */
  private static List<TableRow> pendingRows(H2Backend store) {
    List<TableRow> rows = new ArrayList<>();
    for (String table : List.of(PendingRows.REGISTRY_TABLE, "Company", "Archive", "Staff", "Clerks")) {
      if (!store.tableExists(table)) {
        continue;
      }
      QueryResult page = store.query(TableQuery.builder(table).limit(1000).build());
      for (TableRow row : page.rows()) {
        if (table.equals(PendingRows.REGISTRY_TABLE) || row.rowKey().startsWith(PendingRows.WORK_ROW_PREFIX)
            && !"CANCELLED".equals(row.getString(PendingRows.STATE))) {
          rows.add(row);
        }
      }
    }
    return rows;
  }

  /** Runs the writer until it stops before write {@code writes + 1} (or finishes), kills it, returns what it said. */
  private List<String> runUntilKilled(Path file, int writes, String write) throws IOException, InterruptedException {
    Path acknowledgements = directory.resolve("acknowledged-" + write + "-" + writes);
    Path log = directory.resolve("output-" + write + "-" + writes);
    // a writer lives for one commit: the client compiler alone and the serial collector start it in less CPU
    Process child = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto",
            "-cp", System.getProperty("java.class.path"),
            PendingCrashWriter.class.getName(), file.toString(), Integer.toString(writes),
            acknowledgements.toString(), write)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      List<String> lines = lines(acknowledgements);
      while (!lines.contains("stopped") && !lines.contains("done") && child.isAlive()
          && System.nanoTime() < deadline) {
        Thread.sleep(5);
        lines = lines(acknowledgements);
      }
      assertThat(lines).as("what the writer said; its output:%n%s", Files.readString(log))
          .containsAnyOf("stopped", "done");
      return lines;
    } finally {
      child.destroyForcibly();
      assertThat(child.waitFor(1, TimeUnit.MINUTES)).as("the writer ended after being killed").isTrue();
    }
  }

  private static List<String> lines(Path file) throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    String text = Files.readString(file, StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>();
    for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
      if (!line.isEmpty()) {
        lines.add(line);
      }
    }
    return lines;
  }
}
