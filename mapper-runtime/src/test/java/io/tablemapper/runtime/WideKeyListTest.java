package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.runtime.fixtures.Ledger;
import io.tablemapper.runtime.fixtures.LedgerRepository;
import io.tablemapper.runtime.fixtures.Ledger__Mapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
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
 * A wide entity ({@code @Wide}) with a key list in its partition, on every backend: each write of a {@link Ledger}
 * sends its head row, its part row and the changes of the desks' lists it leaves or joins in one EGT — a list with
 * part rows of its own included — so a read through the list sees whole ledgers, strongly consistent; a batch whose
 * rows and list changes pass 100 operations is refused whole; a writer dying at any write leaves the ledger (head and
 * part) and its lists changed together or not at all; writers racing for one list each end up in it once.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class WideKeyListTest {
  private final TableBackend store;
  private final InterceptingBackend counted;
  private final TableMapper mapper;
  private final LedgerRepository ledgers;

  WideKeyListTest(Stores stores) {
    this.store = stores.newStore();
    this.counted = new InterceptingBackend(store);
    this.mapper = ManualCompletion.builder(counted).build();
    this.ledgers = mapper.repository(LedgerRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static String entry(Ledger ledger) {
    return IndexLists.entry(ledger.office, String.format("ledger_%06d", ledger.id));
  }

  /** The entries of the list of a desk of HQ, as stored, all its rows; empty when there is none. */
  private List<String> desk(String desk) {
    List<String> all = new ArrayList<>();
    for (TableRow row : RawRows.partition(store, "Ledgers", "HQ")) {
      String rowKey = "desk_" + desk + "_";
      if (row.rowKey().equals(rowKey) || row.rowKey().startsWith(rowKey + "~")) {
        all.addAll(IndexLists.entries(row));
      }
    }
    return all;
  }

  /** The RowKeys of the last batch sent. */
  private List<String> lastBatch() {
    return counted.batches.get(counted.batches.size() - 1).stream().map(operation -> operation.row().rowKey())
        .sorted().toList();
  }

  private static List<String> contents(List<Ledger> read) {
    return read.stream().map(Ledger::contents).toList();
  }

  @Test
  void aLedgerJoinsLeavesAndMovesBetweenListsInTheEgtThatWritesItsHeadAndPart() {
    Ledger a = ledgers.insert(Ledger.of("HQ", 1, "A", 100));
    assertThat(lastBatch()).as("one EGT: head, part, the list").containsExactly("desk_A_", "ledger_000001",
        "ledger_000001~01");
    Ledger b = ledgers.insert(Ledger.of("HQ", 2, "A", 200));
    assertThat(RawRows.rowKeys(store, "Ledgers", "HQ")).containsExactly("desk_A_", "ledger_000001",
        "ledger_000001~01", "ledger_000002", "ledger_000002~01");
    assertThat(desk("A")).containsExactly(entry(a), entry(b));
    assertThat(contents(ledgers.findByOfficeAndDesk("HQ", "A"))).as("whole ledgers through the list")
        .containsExactly(a.contents(), b.contents());

    Ledger moved = a.atDesk("B");
    moved.setLine(300, -1);
    int batches = counted.batches.size();
    ledgers.update(moved);
    assertThat(counted.batches).as("one EGT").hasSize(batches + 1);
    assertThat(lastBatch()).containsExactly("desk_A_", "desk_B_", "ledger_000001", "ledger_000001~01");
    assertThat(desk("A")).containsExactly(entry(b));
    assertThat(desk("B")).containsExactly(entry(moved));
    assertThat(contents(ledgers.findByOfficeAndDesk("HQ", "B"))).containsExactly(moved.contents());
    assertThat(ledgers.findByOfficeAndId("HQ", 1).orElseThrow().line(300)).isEqualTo(-1);

    ledgers.delete(b);
    assertThat(lastBatch()).as("the emptied list deleted with the ledger's rows")
        .containsExactly("desk_A_", "ledger_000002", "ledger_000002~01");
    assertThat(RawRows.rowKeys(store, "Ledgers", "HQ")).containsExactly("desk_B_", "ledger_000001",
        "ledger_000001~01");
    assertThat(ledgers.countByOfficeAndDesk("HQ", "A")).isZero();
    assertThat(mapper.completePending()).isZero();
  }

  @Test
  void mergesMoveALedgerBetweenListsFromItsStoredStateAndKeepItsOtherLines() {
    Ledger a = ledgers.insert(Ledger.of("HQ", 1, "A", 100));
    Ledger onlyDesk = Ledger.of("HQ", 1, "B", 0);
    onlyDesk.etag = a.etag;
    ledgers.merge(onlyDesk, "desk");
    assertThat(lastBatch()).containsExactly("desk_A_", "desk_B_", "ledger_000001", "ledger_000001~01");
    assertThat(desk("A")).isEmpty();
    assertThat(desk("B")).containsExactly(entry(a));
    assertThat(contents(ledgers.findByOfficeAndDesk("HQ", "B"))).as("the lines as stored")
        .containsExactly(a.atDesk("B").contents());

    Ledger upserted = ledgers.upsertMerge(Ledger.of("HQ", 2, "B", 200));
    assertThat(desk("B")).containsExactly(entry(a), entry(upserted));
    assertThat(ledgers.countByOfficeAndDesk("HQ", "B")).isEqualTo(2);
  }

  @Test
  void aListThatOutgrowsItsRowGrowsAPartInTheEgtOfTheLedgersHeadAndPart() {
    Ledger a = ledgers.insert(Ledger.of("HQ", 1, "A", 100));
    // the list of desk A filled to the brim by entries of ledgers that do not exist (a read skips them)
    List<String> entries = new ArrayList<>(List.of(entry(a)));
    IndexMapping<Ledger> index = Ledger__Mapping.INSTANCE.indexNamed("byDesk");
    Discriminator discriminator = new Discriminator(TableMapper.DEFAULT_DISCRIMINATOR, null);
    Address address = new Address("Ledgers", "HQ", "desk_A_");
    for (String filler : List.of("F".repeat(1000), "G")) {
      for (int i = 0; ; i++) {
        List<String> more = new ArrayList<>(entries);
        more.add(IndexLists.entry(filler, String.format("noledger_%06d", i)));
        more.sort(null);
        if (IndexLists.row(discriminator, index, address, more) == null) {
          break;
        }
        entries = more;
      }
    }
    TableRow stored = store.get("Ledgers", "HQ", "desk_A_").orElseThrow();
    store.write("Ledgers", WriteOperation.replace(IndexLists.row(discriminator, index, address, entries),
        stored.etag()));

    Ledger b = ledgers.insert(Ledger.of("HQ", 2, "A", 200));
    assertThat(lastBatch()).as("the ledger's two rows, the list's head and its new part: one EGT")
        .containsExactly("desk_A_", "desk_A_~0001", "ledger_000002", "ledger_000002~01");
    assertThat(IndexLists.entries(store.get("Ledgers", "HQ", "desk_A_~0001").orElseThrow()))
        .containsExactly(entry(b));
    assertThat(contents(ledgers.findByOfficeAndDesk("HQ", "A"))).containsExactly(a.contents(), b.contents());

    ledgers.update(b.atDesk("B"));
    assertThat(lastBatch()).as("the emptied part deleted in the same EGT")
        .containsExactly("desk_A_", "desk_A_~0001", "desk_B_", "ledger_000002", "ledger_000002~01");
    assertThat(RawRows.rowKeys(store, "Ledgers", "HQ")).containsExactly("desk_A_", "desk_B_", "ledger_000001",
        "ledger_000001~01", "ledger_000002", "ledger_000002~01");
    assertThat(desk("B")).containsExactly(entry(b));
  }

  @Test
  void aBatchWhoseRowsAndListChangesPassOneHundredOperationsIsRefusedWholeBeforeItIsSent() {
    // each ledger: its head, its part and the insert of its own desk's list, 3 operations
    var batch = mapper.batch("Ledgers", "HQ");
    for (int id = 1; id <= 34; id++) {
      batch.insert(Ledger.of("HQ", id, "D" + id, id));
    }
    int sent = counted.batches.size();
    assertThatThrownBy(batch::commit)
        .isInstanceOf(BatchException.class)
        .satisfies(e -> assertThat(((BatchException) e).reason()).isEqualTo(BatchException.Reason.TOO_MANY_OPERATIONS));
    assertThat(counted.batches).as("nothing sent").hasSize(sent);
    assertThat(RawRows.all(store, "Ledgers")).as("nothing written").isEmpty();

    var fits = mapper.batch("Ledgers", "HQ");
    for (int id = 1; id <= 33; id++) {
      fits.insert(Ledger.of("HQ", id, "D" + id, id));
    }
    fits.commit();
    assertThat(counted.batches.get(counted.batches.size() - 1)).as("one EGT of 99 operations").hasSize(99);
    assertThat(desk("D33")).containsExactly(IndexLists.entry("HQ", "ledger_000033"));
    assertThat(ledgers.findByOfficeAndDesk("HQ", "D7").get(0).contents()).isEqualTo(Ledger.of("HQ", 7, "D7", 7)
        .contents());
  }

  @Test
  void aWriterDyingAtAnyWriteLeavesTheLedgerItsPartAndItsListsChangedTogetherOrNotAtAll() {
    Ledger other = ledgers.insert(Ledger.of("HQ", 99, "A", 9));
    for (int writes = 0; ; writes++) {
      Ledger before = ledgers.insert(Ledger.of("HQ", 200 + writes, "A", 1));
      Ledger after = before.atDesk("B");
      for (int i = 1; i <= Ledger.LINES; i++) {
        after.setLine(i, -i);
      }
      DyingBackend dying = new DyingBackend(store, writes);
      try {
        ManualCompletion.builder(dying).build().repository(LedgerRepository.class).update(after);
      } catch (DyingBackend.Died died) {
        // died on the way
      }
      Ledger now = ledgers.findByOfficeAndId("HQ", before.id).orElseThrow();
      String where = "after " + writes + " writes, holding " + now.desk;
      assertThat(now.contents()).as(where).isIn(before.contents(), after.contents());
      Ledger gone = now.contents().equals(after.contents()) ? before : after;
      assertThat(desk(now.desk)).as(where).containsOnlyOnce(entry(now));
      assertThat(desk(gone.desk)).as(where).doesNotContain(entry(now));
      assertThat(desk("A")).as(where).contains(entry(other));
      ledgers.delete(now);
      if (!dying.dead()) {
        assertThat(writes).as("an update is one transaction").isOne();
        return;
      }
    }
  }

  @Test
  void writersRacingForOneListEachEndUpInItOnce() throws Exception {
    int writers = 3;
    int each = 3;
    CyclicBarrier start = new CyclicBarrier(writers);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    List<String> listed = new ArrayList<>();
    try (TableMapper second = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      LedgerRepository through2 = second.repository(LedgerRepository.class);
      List<Future<Void>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        LedgerRepository through = writer % 2 == 0 ? ledgers : through2; // two mappers over one store
        for (int i = 0; i < each; i++) {
          listed.add(IndexLists.entry("HQ", String.format("ledger_%06d", writer * 100 + i)));
        }
        done.add(pool.submit((Callable<Void>) () -> {
          start.await();
          for (int i = 0; i < each; i++) {
            through.insert(Ledger.of("HQ", writer * 100 + i, "A", writer));
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
    assertThat(desk("A")).containsExactlyElementsOf(listed.stream().sorted().toList());
    assertThat(ledgers.countByOfficeAndDesk("HQ", "A")).isEqualTo(writers * each);
    assertThat(ledgers.findByOfficeAndDesk("HQ", "A")).allSatisfy(ledger -> assertThat(ledger.line(300))
        .isEqualTo(ledger.id / 100 + 300));
  }
}
