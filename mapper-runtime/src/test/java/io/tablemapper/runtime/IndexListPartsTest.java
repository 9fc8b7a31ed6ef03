package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.runtime.fixtures.ClerkAsyncRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Clerk;
import io.tablemapper.tck.fixtures.ClerkRepository;
import io.tablemapper.tck.fixtures.Clerk__Mapping;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.rows.IndexLists;

/**
 * Key lists that outgrow one row ({@link IndexLists}), on every backend: entries beyond a full head go into part
 * rows beside it ({@code ids~0001}, ...), never truncated, never refused; the list is read whole (the head by one
 * point read, its parts by one range read), shrinks part by part as entries leave, stays exact under writers racing
 * for its rows, and converges after a writer dies at any of its writes.
 *
 * <p>Each test starts from a head filled to the brim by entries of entities that do not exist (a read skips them),
 * which is what some 480 clerks with 1 KiB keys would leave, without writing them one by one.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class IndexListPartsTest {
  private static final String FILLER = "F".repeat(1000);
  private static final Address JONES = new Address("ClerkIDs", "Jones", "ids");

  private final TableBackend store;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final ClerkRepository clerks;

  IndexListPartsTest(Stores stores) {
    this.store = stores.newStore();
    this.mapper = ManualCompletion.builder(store).queryListener(events::add).build();
    this.clerks = mapper.repository(ClerkRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  /** A clerk with a key of 1 KiB: its entry fits in no full row. */
  private static Clerk big(int id, String lastName) {
    return new Clerk("Support" + "S".repeat(1000), id, "C" + id, lastName, null, null);
  }

  private static String entryOf(Clerk clerk) {
    return IndexLists.entry(clerk.department(), String.format("clerk_%08d", clerk.clerkId()));
  }

  /**
   * Fills the head of Jones (which holds {@code ken}) with filler entries until no entry of a clerk fits in it;
   * returns every entry of the head.
   */
  private List<String> fillJones(Clerk ken) {
    return fill("byLastName", JONES, ken);
  }

  /** Fills the head of a list (which holds {@code listed}) until no entry of a clerk fits in it; returns them. */
  private List<String> fill(String indexName, Address list, Clerk listed) {
    List<String> entries = new ArrayList<>();
    entries.add(entryOf(listed));
    IndexMapping<Clerk> index = Clerk__Mapping.INSTANCE.indexNamed(indexName);
    Discriminator discriminator = new Discriminator(TableMapper.DEFAULT_DISCRIMINATOR, null);
    for (String filler : List.of(FILLER, "G")) { // long fillers, then short ones: no entry of a clerk fits
      for (int i = 0; ; i++) {
        List<String> more = new ArrayList<>(entries);
        more.add(IndexLists.entry(filler, String.format("clerk_%08d", i)));
        more.sort(null);
        if (IndexLists.row(discriminator, index, list, more) == null) {
          break;
        }
        entries = more;
      }
    }
    TableRow full = IndexLists.row(discriminator, index, list, entries);
    TableRow stored = store.get(list.table(), list.partitionKey(), list.rowKey()).orElseThrow();
    store.write(list.table(), WriteOperation.replace(full, stored.etag()));
    return entries;
  }

  /** The rows of the list of Jones, head first, as stored. */
  private List<TableRow> jonesRows() {
    return RawRows.partition(store, "ClerkIDs", "Jones");
  }

  /** The entries of the whole list of Jones, as stored: every row's, each must be in one row only. */
  private List<String> jonesEntries() {
    List<String> all = new ArrayList<>();
    jonesRows().forEach(row -> all.addAll(IndexLists.entries(row)));
    return all;
  }

  @Test
  void anEntryBeyondAFullHeadGoesIntoAPartRowAndTheListIsReadWholeByOnePointAndOneRangeRead() {
    Clerk ken = clerks.insert(new Clerk("Sales", 1, "Ken", "Jones", null, null));
    List<String> head = fillJones(ken);

    Clerk lee = clerks.insert(big(9, "Jones"));
    Clerk max = clerks.insert(big(10, "Jones"));
    assertThat(mapper.completePending()).as("the writers did their work").isZero();

    List<TableRow> rows = jonesRows();
    assertThat(rows).extracting(TableRow::rowKey).containsExactly("ids", "ids~0001");
    TableRow jones = rows.get(0);
    assertThat(IndexLists.entries(jones)).as("the head is left as it was").isEqualTo(head);
    assertThat(jones.getInt32(IndexLists.COUNT)).isEqualTo(head.size() + 2);
    assertThat(jones.getInt32(IndexLists.PARTS)).isEqualTo(1);
    TableRow part = rows.get(1);
    assertThat(part.getString(TableMapper.DEFAULT_DISCRIMINATOR)).isEqualTo("Clerk#byLastName");
    assertThat(part.getInt32(IndexLists.PART)).isEqualTo(1);
    assertThat(IndexLists.entries(part)).containsExactly(entryOf(lee), entryOf(max));

    events.clear();
    assertThat(clerks.findByLastName("Jones")).as("in key order, the fillers skipped").containsExactly(ken, lee, max);
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.kind()).isEqualTo(io.tablemapper.api.QueryKind.POINT);
      assertThat(event.requests()).as("the head, its parts, then each entity listed")
          .isEqualTo(2 + head.size() + 2);
    });
    assertThat(clerks.countByLastName("Jones")).isEqualTo(3);
    assertThat(mapper.partition("ClerkIDs", "Jones").all()).as("parts are no entities").isEmpty();

    // the async read: the same steps with the store's async requests, the same entities, rows and requests
    events.clear();
    clerks.findByLastName("Jones");
    ClerkAsyncRepository async = mapper.repository(ClerkAsyncRepository.class);
    assertThat(async.findByLastName("Jones").join()).containsExactly(ken, lee, max);
    assertThat(events).hasSize(2);
    assertThat(events.get(1)).usingRecursiveComparison().ignoringFields("method").isEqualTo(events.get(0));
    assertThat(events.get(1).method()).isEqualTo("ClerkAsyncRepository.findByLastName");
    assertThat(events.get(1).requests()).isEqualTo(2 + head.size() + 2);
    assertThat(events.get(1).rowsRead()).as("the head, its part, the three clerks").isEqualTo(5);
    assertThat(async.countByLastName("Jones").join()).isEqualTo(3);
  }

  @Test
  void entriesLeavingAListShrinkItPartByPartAndTheLastOneDeletesItWhole() {
    Clerk ken = clerks.insert(new Clerk("Sales", 1, "Ken", "Jones", null, null));
    List<String> head = fillJones(ken);
    Clerk lee = clerks.insert(big(9, "Jones"));
    Clerk max = clerks.insert(big(10, "Jones"));

    clerks.update(lee.withLastName("Smith"));
    assertThat(jonesRows()).hasSize(2);
    assertThat(IndexLists.entries(jonesRows().get(1))).containsExactly(entryOf(max));
    assertThat(clerks.findByLastName("Smith")).containsExactly(lee.withLastName("Smith"));

    clerks.delete(max);
    assertThat(jonesRows()).as("the emptied part is deleted").extracting(TableRow::rowKey).containsExactly("ids");
    TableRow jones = jonesRows().get(0);
    assertThat(jones.has(IndexLists.PARTS)).isFalse();
    assertThat(jones.getInt32(IndexLists.COUNT)).isEqualTo(head.size());
    assertThat(clerks.findByLastName("Jones")).containsExactly(ken);

    Clerk ann = clerks.insert(big(11, "Jones"));
    assertThat(jonesRows()).extracting(TableRow::rowKey).as("a part again").containsExactly("ids", "ids~0001");
    // the head empties of its own entries (fillers and Ken) while a part still lists Ann: it stays, counting her
    clerks.delete(ken);
    List<String> fillers = new ArrayList<>(head);
    fillers.remove(entryOf(ken));
    TableRow stored = store.get("ClerkIDs", "Jones", "ids").orElseThrow();
    TableRow emptied = stored.toBuilder().remove(IndexLists.KEYS).putInt32(IndexLists.COUNT, 1).build();
    for (int i = 1; i < IndexLists.MAX_CHUNKS; i++) {
      emptied = emptied.toBuilder().remove(IndexLists.chunkName(i)).build();
    }
    store.write("ClerkIDs", WriteOperation.replace(emptied, stored.etag()));
    assertThat(clerks.findByLastName("Jones")).containsExactly(ann);

    clerks.delete(ann);
    assertThat(jonesRows()).as("a list that empties is deleted with its parts").isEmpty();
  }

  @Test
  void writersRacingForAFullListEachEndUpInItOnceInOneRow() throws Exception {
    Clerk ken = clerks.insert(new Clerk("Sales", 1, "Ken", "Jones", null, null));
    List<String> head = fillJones(ken);
    int writers = 4;
    int each = 3;
    CyclicBarrier start = new CyclicBarrier(writers);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    List<String> expected = new ArrayList<>(head);
    try (TableMapper other = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      ClerkRepository second = other.repository(ClerkRepository.class);
      List<Future<Void>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        ClerkRepository through = writer % 2 == 0 ? clerks : second; // two mappers over one store
        for (int i = 0; i < each; i++) {
          expected.add(entryOf(big(1000 + writer * 100 + i, "Jones")));
        }
        done.add(pool.submit((Callable<Void>) () -> {
          start.await();
          for (int i = 0; i < each; i++) {
            through.insert(big(1000 + writer * 100 + i, "Jones"));
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

    expected.sort(null);
    List<String> stored = jonesEntries();
    stored.sort(null);
    assertThat(stored).as("every entry, each in one row").isEqualTo(expected);
    TableRow jones = jonesRows().get(0);
    assertThat(jones.getInt32(IndexLists.COUNT)).isEqualTo(expected.size());
    assertThat(jones.getInt32(IndexLists.PARTS)).isEqualTo(jonesRows().size() - 1);
    assertThat(clerks.countByLastName("Jones")).isEqualTo(1 + writers * each);
  }

  @Test
  void aWriterDyingAtAnyWriteOfAListWithPartsLeavesItExactOnceAFreshMapperCompletes() {
    Clerk ken = clerks.insert(new Clerk("Sales", 1, "Ken", "Jones", null, null));
    List<String> head = fillJones(ken);
    Clerk lee = clerks.insert(big(9, "Jones"));
    for (int writes = 0; ; writes++) {
      int id = 200 + writes;
      Clerk before = big(id, "Jones");
      Clerk after = big(id, "Smith");
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
      Clerk now = clerks.findByDepartmentAndClerkId(before.department(), id).orElseThrow();
      assertThat(now).isIn(before, after);
      String where = "after " + writes + " writes, holding " + now;
      List<String> jones = jonesEntries();
      assertThat(jones).as(where).containsAll(head).contains(entryOf(lee));
      if (now.equals(before)) {
        assertThat(jones).as(where).containsOnlyOnce(entryOf(now));
      } else {
        assertThat(jones).as(where).doesNotContain(entryOf(now));
      }
      assertThat(jonesRows().get(0).getInt32(IndexLists.COUNT)).as(where).isEqualTo(jones.size());
      assertThat(clerks.findByLastName(now.lastName())).as(where).contains(now);
      clerks.delete(now); // the part empties again for the next round (or the list of Smith goes)
      assertThat(jonesEntries()).as(where).doesNotContain(entryOf(now));
      if (!dying.dead()) {
        assertThat(writes).as("the writes of one update").isGreaterThan(3);
        return;
      }
    }
  }

  @Test
  void aPartNeverTakesAnotherValuesHeadAndAHeadNeverOverwritesAPart() {
    // team lists are keyed by RowKey {team} in the clerk's partition: "blue~0001" is a value, and a part of "blue"
    Clerk ken = clerks.insert(new Clerk("Sales", 1, "Ken", "Jones", null, "blue"));
    Clerk tilde = clerks.insert(new Clerk("Sales", 2, "Tim", "Jones", null, "blue~0001"));
    fill("byTeam", new Address("ClerkTeams", "Sales", "blue"), ken);
    Clerk lee = clerks.insert(new Clerk("Sales", 3, "Lee", "Jones", null, "blue"));
    assertThat(RawRows.rowKeys(store, "ClerkTeams", "Sales")).as("the next free part number")
        .containsExactly("blue", "blue~0001", "blue~0002");
    assertThat(clerks.findByDepartmentAndTeam("Sales", "blue")).containsExactly(ken, lee);
    assertThat(clerks.findByDepartmentAndTeam("Sales", "blue~0001")).containsExactly(tilde);

    // the other way round: a value whose head would sit on a part of another list is refused, the part untouched
    TableRow part = store.get("ClerkTeams", "Sales", "blue~0002").orElseThrow();
    Clerk late = new Clerk("Sales", 4, "Max", "Jones", null, "blue~0002");
    assertThatThrownBy(() -> clerks.insert(late))
        .isInstanceOf(TableMapperException.class)
        .hasStackTraceContaining("a part row of the list of another value");
    assertThat(store.get("ClerkTeams", "Sales", "blue~0002").orElseThrow().etag()).isEqualTo(part.etag());
    assertThat(clerks.findByDepartmentAndTeam("Sales", "blue")).containsExactly(ken, lee);
  }
}
