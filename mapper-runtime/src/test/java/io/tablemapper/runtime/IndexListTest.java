package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.rows.IndexLists;

/**
 * The guide's index entities ({@code form = IndexForm.KEY_LIST}) on every backend: one row per value lists the keys
 * of every {@link Clerk} with it, kept by the pending work with ETag-guarded read-modify-writes; a read through it is
 * one point read of the list, then of each clerk listed, each checked against the query; lists converge under
 * concurrent writers and split over several properties as they grow (and over several rows: {@link
 * IndexListPartsTest}).
 */
@ParameterizedClass
@EnumSource(Stores.class)
class IndexListTest {
  private final TableBackend store;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final ClerkRepository clerks;

  IndexListTest(Stores stores) {
    this.store = stores.newStore();
    this.mapper = ManualCompletion.builder(store).queryListener(events::add).build();
    this.clerks = mapper.repository(ClerkRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static Clerk clerk(String department, int id, String first, String last) {
    return new Clerk(department, id, first, last, "audit", "blue");
  }

  /** The entries of the list row of a value, as stored; empty when there is no row. */
  private List<String> listed(String table, String partitionKey, String rowKey) {
    return store.get(table, partitionKey, rowKey).map(IndexLists::entries).orElse(List.of());
  }

  @Test
  void eachValueHasOneRowListingTheKeysOfItsEntitiesFoundWithOnePointReadThenTheEntities() {
    Clerk ken = clerks.insert(clerk("Sales", 1, "Ken", "Jones"));
    Clerk ann = clerks.insert(clerk("Marketing", 2, "Ann", "Jones"));
    Clerk bob = clerks.insert(new Clerk("Sales", 3, "Bob", "Smith", null, "red"));

    TableRow jones = store.get("ClerkIDs", "Jones", "ids").orElseThrow();
    assertThat(jones.getString(TableMapper.DEFAULT_DISCRIMINATOR)).isEqualTo("Clerk#byLastName");
    assertThat(jones.getString(IndexLists.KEYS)).isEqualTo("Marketing\tclerk_00000002\nSales\tclerk_00000001");
    assertThat(jones.getInt32(IndexLists.COUNT)).isEqualTo(2);
    assertThat(listed("Clerks", "skill_audit", "clerks"))
        .containsExactly("Marketing\tclerk_00000002", "Sales\tclerk_00000001");
    assertThat(listed("ClerkTeams", "Sales", "blue")).containsExactly("Sales\tclerk_00000001");
    assertThat(listed("ClerkTeams", "Sales", "red")).containsExactly("Sales\tclerk_00000003");
    assertThat(mapper.completePending()).as("the writer did its work").isZero();

    events.clear();
    assertThat(clerks.findByLastName("Jones")).as("in key order").containsExactly(ann, ken);
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.kind()).isEqualTo(QueryKind.POINT);
      assertThat(event.plan()).startsWith("POINT via index byLastName in table ClerkIDs, eventually consistent");
      assertThat(event.requests()).as("the list, then each clerk").isEqualTo(3);
    });
    assertThat(clerks.findByLastNameAndFirstName("Jones", "Ken")).containsExactly(ken);
    assertThat(clerks.findFirstByLastName("Jones")).contains(ann);
    assertThat(clerks.streamByLastName("Jones").collect(Collectors.toList())).containsExactly(ann, ken);
    assertThat(clerks.countByLastName("Jones")).isEqualTo(2);
    assertThat(clerks.existsByLastName("Nobody")).isFalse();
    assertThat(clerks.findBySkill("audit")).containsExactly(ann, ken);
    assertThat(clerks.findByDepartmentAndTeam("Sales", "red")).containsExactly(bob);
    assertThat(mapper.partition("ClerkIDs", "Jones").all()).as("lists are no entities").isEmpty();
    assertThat(mapper.partition("Clerks", "Sales").all()).containsExactly(ken, bob);
  }

  @Test
  void aChangedValueMovesTheEntityToItsNewListAndItIsNeverFoundAtItsOldValue() {
    Clerk ken = clerks.insert(clerk("Sales", 1, "Ken", "Jones"));
    Clerk ann = clerks.insert(clerk("Marketing", 2, "Ann", "Jones"));

    Clerk renamed = clerks.update(ken.withLastName("Smith"));
    assertThat(listed("ClerkIDs", "Jones", "ids")).containsExactly("Marketing\tclerk_00000002");
    assertThat(listed("ClerkIDs", "Smith", "ids")).containsExactly("Sales\tclerk_00000001");
    assertThat(clerks.findByLastName("Jones")).containsExactly(ann);
    assertThat(clerks.findByLastName("Smith")).containsExactly(renamed);

    clerks.delete(ann);
    assertThat(store.get("ClerkIDs", "Jones", "ids")).as("an empty list is deleted").isEmpty();
    assertThat(listed("Clerks", "skill_audit", "clerks")).containsExactly("Sales\tclerk_00000001");
    assertThat(clerks.deleteByLastName("Smith")).isEqualTo(1);
    assertThat(RawRows.all(store, "ClerkIDs")).isEmpty();
    assertThat(RawRows.all(store, "ClerkTeams")).isEmpty();
    assertThat(RawRows.all(store, "Clerks")).isEmpty();
  }

  @Test
  void aStaleEntryIsSkippedByReadsUntilThePendingWorkRemovesIt() {
    Clerk ken = clerks.insert(clerk("Sales", 1, "Ken", "Jones"));
    // renamed by a writer that dies right after its transaction, before its pending work
    DyingBackend dying = DyingBackend.afterRecording(store);
    ManualCompletion.builder(dying).build().repository(ClerkRepository.class).update(ken.withLastName("Smith"));
    assertThat(dying.dead()).isTrue();
    assertThat(listed("ClerkIDs", "Jones", "ids")).containsExactly("Sales\tclerk_00000001");

    events.clear();
    assertThat(clerks.findByLastName("Jones")).as("listed, but no longer a Jones").isEmpty();
    assertThat(clerks.countByLastName("Jones")).isZero();
    assertThat(clerks.findByLastName("Smith")).as("not listed yet").isEmpty();
    assertThat(events).hasSize(3);

    try (TableMapper fresh = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
      assertThat(fresh.completePending()).isPositive();
    }
    assertThat(store.get("ClerkIDs", "Jones", "ids")).isEmpty();
    assertThat(clerks.findByLastName("Smith")).containsExactly(ken.withLastName("Smith"));
  }

  @Test
  void aWriterDyingAtAnyWriteLeavesListsThatAFreshMapperBringsInStepWithTheEntity() {
    clerks.insert(clerk("Marketing", 99, "Ann", "Old"));
    for (int writes = 0; ; writes++) {
      int id = 200 + writes;
      Clerk before = new Clerk("Sales", id, "F" + id, "Old", "audit", "blue");
      Clerk after = new Clerk("Sales", id, "F" + id, "New", "law", "blue");
      clerks.insert(before);
      DyingBackend dying = new DyingBackend(store, writes);
      try {
        ManualCompletion.builder(dying).build().repository(ClerkRepository.class).update(after);
      } catch (DyingBackend.Died died) {
        // died on the way
      }
      try (TableMapper fresh = ManualCompletion.retiringAtOnce(DyingBackend.unclosed(store)).build()) {
        fresh.completePending();
      }
      Clerk now = clerks.findByDepartmentAndClerkId("Sales", id).orElseThrow();
      assertThat(now).as("after %s writes", writes).isIn(before, after);
      Clerk gone = now.equals(after) ? before : after;
      String where = "after " + writes + " writes, holding " + now;
      String entry = IndexLists.entry("Sales", String.format("clerk_%08d", id));
      assertThat(listed("ClerkIDs", now.lastName(), "ids")).as(where).containsOnlyOnce(entry);
      assertThat(listed("ClerkIDs", gone.lastName(), "ids")).as(where).doesNotContain(entry);
      assertThat(listed("Clerks", "skill_" + now.skill(), "clerks")).as(where).containsOnlyOnce(entry);
      assertThat(listed("Clerks", "skill_" + gone.skill(), "clerks")).as(where).doesNotContain(entry);
      assertThat(listed("ClerkIDs", "Old", "ids")).as(where).contains("Marketing\tclerk_00000099");
      assertThat(clerks.findByLastName(now.lastName())).as(where).contains(now);
      assertThat(clerks.findByLastName(gone.lastName())).as(where).doesNotContain(gone, now);
      if (!dying.dead()) {
        assertThat(writes).as("the writes of one update").isGreaterThan(5);
        return;
      }
    }
  }

  @Test
  void pagesThroughAListResumeAfterTheLastEntityOfThePreviousPage() {
    List<Clerk> all = new ArrayList<>();
    for (int id = 1; id <= 5; id++) {
      all.add(clerks.insert(clerk(id % 2 == 0 ? "Marketing" : "Sales", id, "C" + id, "Jones")));
    }
    List<Clerk> expected = all.stream()
        .sorted((a, b) -> IndexLists.entry(a.department(), "clerk_" + String.format("%08d", a.clerkId()))
            .compareTo(IndexLists.entry(b.department(), "clerk_" + String.format("%08d", b.clerkId()))))
        .collect(Collectors.toList());

    List<Clerk> read = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    PageRequest request = PageRequest.of(2);
    while (true) {
      Page<Clerk> page = clerks.findByLastName("Jones", request);
      read.addAll(page.items());
      sizes.add(page.items().size());
      if (page.continuationToken().isEmpty()) {
        break;
      }
      request = PageRequest.after(page.continuationToken().get(), 2);
    }
    assertThat(read).isEqualTo(expected);
    assertThat(sizes).containsExactly(2, 2, 1);
  }

  @Test
  void writersRacingOnOneListAllEndUpInItOnce() throws Exception {
    int writers = 6;
    int each = 4;
    CyclicBarrier start = new CyclicBarrier(writers);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try (TableMapper other = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      ClerkRepository second = other.repository(ClerkRepository.class);
      List<Future<Void>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        ClerkRepository through = writer % 2 == 0 ? clerks : second; // two mappers over one store
        done.add(pool.submit((Callable<Void>) () -> {
          start.await();
          for (int i = 0; i < each; i++) {
            int id = writer * 100 + i;
            through.insert(clerk("Dept" + writer, id, "C" + id, "Jones"));
            if (i == each - 1) {
              through.update(clerk("Dept" + writer, id, "C" + id, "Smith")); // moves between two contended lists
            }
          }
          return null;
        }));
      }
      for (Future<Void> future : done) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
    mapper.completePending();

    List<String> jones = new ArrayList<>();
    List<String> smiths = new ArrayList<>();
    for (int writer = 0; writer < writers; writer++) {
      for (int i = 0; i < each; i++) {
        String entry = IndexLists.entry("Dept" + writer, String.format("clerk_%08d", writer * 100 + i));
        (i == each - 1 ? smiths : jones).add(entry);
      }
    }
    assertThat(listed("ClerkIDs", "Jones", "ids")).containsExactlyElementsOf(jones.stream().sorted().toList());
    assertThat(listed("ClerkIDs", "Smith", "ids")).containsExactlyElementsOf(smiths.stream().sorted().toList());
    assertThat(listed("Clerks", "skill_audit", "clerks")).hasSize(writers * each);
    assertThat(clerks.findByLastName("Jones")).hasSize(writers * (each - 1));
    assertThat(clerks.countByLastName("Smith")).isEqualTo(writers);
  }

  @Test
  void aListThatOutgrowsOnePropertyIsSplitOverSeveralAndReadWhole() {
    String longName = "D".repeat(490);
    List<Clerk> all = new ArrayList<>();
    for (int id = 0; id < 70; id++) {
      all.add(clerks.insert(clerk(longName + String.format("%03d", id), id, "C" + id, "Jones")));
    }
    TableRow list = store.get("ClerkIDs", "Jones", "ids").orElseThrow();
    assertThat(list.getString(IndexLists.chunkName(0))).hasSize(IndexLists.CHUNK);
    assertThat(list.has(IndexLists.chunkName(1))).as("a second chunk").isTrue();
    assertThat(list.has(IndexLists.chunkName(2))).isFalse();
    assertThat(list.getInt32(IndexLists.COUNT)).isEqualTo(70);
    assertThat(IndexLists.entries(list)).hasSize(70);
    assertThat(clerks.findByLastName("Jones")).containsExactlyElementsOf(all);
  }
}
