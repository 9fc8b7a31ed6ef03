package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.runtime.fixtures.Desk;
import io.tablemapper.runtime.fixtures.DeskRepository;
import io.tablemapper.runtime.fixtures.Desk__Mapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
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
 * Key lists in the entity's own partition ({@code form = KEY_LIST} without a partitionKey or table), on every
 * backend: each write that moves a {@link Desk} onto or off a floor rewrites the floor's list in the desk's own EGT —
 * read first, conditional on the list row's ETag, read again and retried when another writer of that floor changed
 * it — so a read through the list is strongly consistent and no pending work is recorded; batches, merges and
 * deletes keep the lists with their entities, a writer dying at any write leaves both or neither, and a list that
 * outgrows one row grows a part row in the same EGT.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class LocalIndexListTest {
  private final TableBackend store;
  private final List<QueryEvent> events = new CopyOnWriteArrayList<>();
  private final TableMapper mapper;
  private final DeskRepository desks;

  LocalIndexListTest(Stores stores) {
    this.store = stores.newStore();
    this.mapper = ManualCompletion.builder(store).queryListener(events::add).build();
    this.desks = mapper.repository(DeskRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private static String entry(Desk desk) {
    return IndexLists.entry(desk.office(), String.format("desk_%06d", desk.deskId()));
  }

  /** The entries of the list of a floor of HQ, as stored, all its rows; empty when there is none. */
  private List<String> floor(String floor) {
    List<String> all = new ArrayList<>();
    for (TableRow row : RawRows.partition(store, "Desks", "HQ")) {
      String rowKey = "floor_" + floor;
      if (row.rowKey().equals(rowKey) || row.rowKey().startsWith(rowKey + "~")) {
        all.addAll(IndexLists.entries(row));
      }
    }
    return all;
  }

  @Test
  void writesKeepTheListOfTheirFloorInTheirOwnTransactionAndReadsThroughItAreStronglyConsistentPoints() {
    Desk a = desks.insert(new Desk("HQ", 1, "3", "Ann"));
    Desk b = desks.insert(new Desk("HQ", 2, "3", "Bob"));
    Desk c = desks.insert(new Desk("HQ", 3, null, "Cy"));
    assertThat(floor("3")).containsExactly(entry(a), entry(b));
    TableRow list = store.get("Desks", "HQ", "floor_3").orElseThrow();
    assertThat(list.getString(TableMapper.DEFAULT_DISCRIMINATOR)).isEqualTo("Desk#byFloor");
    assertThat(list.getInt32(IndexLists.COUNT)).isEqualTo(2);
    assertThat(mapper.completePending()).as("no pending work: the lists are in the EGT").isZero();
    assertThat(RawRows.all(store, "TableMapperPending")).as("nothing registered").isEmpty();

    events.clear();
    assertThat(desks.findByOfficeAndFloor("HQ", "3")).containsExactly(a, b);
    assertThat(events).singleElement().satisfies(event -> {
      assertThat(event.kind()).isEqualTo(QueryKind.POINT);
      assertThat(event.plan()).startsWith("POINT via index byFloor").doesNotContain("eventually");
      assertThat(event.requests()).as("the list, then each desk").isEqualTo(3);
    });
    assertThat(desks.findByOffice("HQ")).as("list rows are no entities").containsExactly(a, b, c);

    Desk moved = desks.update(a.onFloor("4"));
    assertThat(floor("3")).as("at once, no completion").containsExactly(entry(b));
    assertThat(floor("4")).containsExactly(entry(a));
    assertThat(desks.findByOfficeAndFloor("HQ", "4")).containsExactly(moved);
    desks.upsertMerge(new Desk("HQ", 3, "4", null), "floor");
    assertThat(desks.findByOfficeAndDeskId("HQ", 3)).as("merged").contains(new Desk("HQ", 3, "4", "Cy"));
    assertThat(floor("4")).as("a partial merge of the floor lists the desk").containsExactly(entry(a), entry(c));
    desks.merge(new Desk("HQ", 3, "9", "Cyd"), "owner");
    assertThat(floor("4")).as("a merge that leaves the floor alone keeps it").containsExactly(entry(a), entry(c));
    desks.upsert(new Desk("HQ", 2, null, "Bob"));
    assertThat(store.get("Desks", "HQ", "floor_3")).as("an emptied list is deleted").isEmpty();
    desks.delete(moved);
    assertThat(floor("4")).containsExactly(entry(c));
    assertThat(desks.countByOfficeAndFloor("HQ", "4")).isOne();
    assertThat(mapper.completePending()).isZero();
  }

  @Test
  void aRefusedWriteChangesNoListAndABatchKeepsEveryListItTouches() {
    Desk a = desks.insert(new Desk("HQ", 1, "3", "Ann"));
    assertThatThrownBy(() -> desks.insert(new Desk("HQ", 1, "5", "Again"))).isInstanceOf(EntityExistsException.class);
    assertThat(floor("3")).containsExactly(entry(a));
    assertThat(floor("5")).as("nothing of the refused insert").isEmpty();

    assertThatThrownBy(() -> desks.update(new Desk("HQ", 7, "3", "Ghost")))
        .isInstanceOf(EntityNotFoundException.class);
    assertThat(floor("3")).as("nothing of the refused update").containsExactly(entry(a));

    Desk b = new Desk("HQ", 2, "3", "Bob");
    Desk c = new Desk("HQ", 3, "5", "Cy");
    mapper.batch("Desks", "HQ").insert(b).insert(c).update(a.onFloor("5")).commit();
    assertThat(floor("3")).containsExactly(entry(b));
    assertThat(floor("5")).as("two entries joining one list in one EGT").containsExactly(entry(a), entry(c));

    assertThatThrownBy(() -> mapper.batch("Desks", "HQ").insert(new Desk("HQ", 4, "3", "Di"))
        .delete(new Desk("HQ", 9, "5", "Nobody")).commit())
        .isInstanceOf(BatchException.class);
    assertThat(floor("3")).as("a refused batch changes no list").containsExactly(entry(b));
    assertThat(desks.findByOfficeAndFloor("HQ", "3")).containsExactly(b);

    mapper.batch("Desks", "HQ").delete(b).delete(c).update(new Desk("HQ", 1, "3", "Ann")).commit();
    assertThat(floor("3")).containsExactly(entry(a));
    assertThat(floor("5")).isEmpty();
  }

  @Test
  void writersRacingForOneListEachEndUpInItOnce() throws Exception {
    int writers = 4;
    int each = 5;
    CyclicBarrier start = new CyclicBarrier(writers);
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    List<String> third = new ArrayList<>();
    List<String> fourth = new ArrayList<>();
    try (TableMapper other = ManualCompletion.builder(DyingBackend.unclosed(store)).build()) {
      DeskRepository second = other.repository(DeskRepository.class);
      List<Future<Void>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        DeskRepository through = writer % 2 == 0 ? desks : second; // two mappers over one store
        for (int i = 0; i < each; i++) {
          Desk desk = new Desk("HQ", writer * 100 + i, "3", "W" + writer);
          (i == each - 1 ? fourth : third).add(entry(desk));
        }
        done.add(pool.submit((Callable<Void>) () -> {
          start.await();
          for (int i = 0; i < each; i++) {
            Desk desk = through.insert(new Desk("HQ", writer * 100 + i, "3", "W" + writer));
            if (i == each - 1) {
              through.update(desk.onFloor("4")); // leaves one contended list for another
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
    assertThat(floor("3")).containsExactlyElementsOf(third.stream().sorted().toList());
    assertThat(floor("4")).containsExactlyElementsOf(fourth.stream().sorted().toList());
    assertThat(desks.countByOfficeAndFloor("HQ", "3")).isEqualTo(writers * (each - 1));
    assertThat(mapper.completePending()).isZero();
  }

  @Test
  void aWriterDyingAtAnyWriteLeavesTheDeskAndItsListsBothChangedOrNeither() {
    Desk other = desks.insert(new Desk("HQ", 99, "3", "Ann"));
    for (int writes = 0; ; writes++) {
      Desk before = desks.insert(new Desk("HQ", 200 + writes, "3", "Bob"));
      Desk after = before.onFloor("4");
      DyingBackend dying = new DyingBackend(store, writes);
      try {
        ManualCompletion.builder(dying).build().repository(DeskRepository.class).update(after);
      } catch (DyingBackend.Died died) {
        // died on the way
      }
      Desk now = desks.findByOfficeAndDeskId("HQ", before.deskId()).orElseThrow();
      String where = "after " + writes + " writes, holding " + now;
      Desk gone = now.equals(after) ? before : after;
      assertThat(floor(now.floor())).as(where).containsOnlyOnce(entry(now));
      assertThat(floor(gone.floor())).as(where).doesNotContain(entry(now));
      assertThat(floor("3")).as(where).contains(entry(other));
      desks.delete(now);
      if (!dying.dead()) {
        assertThat(writes).as("an update is one transaction").isOne();
        return;
      }
    }
  }

  @Test
  void aListThatOutgrowsItsRowGrowsAPartInTheWritersTransaction() {
    Desk a = desks.insert(new Desk("HQ", 1, "3", "Ann"));
    // the list of floor 3 filled to the brim by entries of desks that do not exist (a read skips them)
    List<String> entries = new ArrayList<>(List.of(entry(a)));
    IndexMapping<Desk> index = Desk__Mapping.INSTANCE.indexNamed("byFloor");
    Discriminator discriminator = new Discriminator(TableMapper.DEFAULT_DISCRIMINATOR, null);
    Address address = new Address("Desks", "HQ", "floor_3");
    for (String filler : List.of("F".repeat(1000), "G")) {
      for (int i = 0; ; i++) {
        List<String> more = new ArrayList<>(entries);
        more.add(IndexLists.entry(filler, String.format("nodesk_%06d", i)));
        more.sort(null);
        if (IndexLists.row(discriminator, index, address, more) == null) {
          break;
        }
        entries = more;
      }
    }
    TableRow stored = store.get("Desks", "HQ", "floor_3").orElseThrow();
    store.write("Desks", WriteOperation.replace(IndexLists.row(discriminator, index, address, entries),
        stored.etag()));

    Desk b = desks.insert(new Desk("HQ", 2, "3", "Bob"));
    assertThat(RawRows.rowKeys(store, "Desks", "HQ")).containsExactly("desk_000001", "desk_000002", "floor_3",
        "floor_3~0001");
    assertThat(IndexLists.entries(store.get("Desks", "HQ", "floor_3~0001").orElseThrow())).containsExactly(entry(b));
    assertThat(store.get("Desks", "HQ", "floor_3").orElseThrow().getInt32(IndexLists.COUNT))
        .isEqualTo(entries.size() + 1);
    assertThat(desks.findByOfficeAndFloor("HQ", "3")).containsExactly(a, b);
    assertThat(desks.findByOffice("HQ")).as("parts are no entities").containsExactly(a, b);

    desks.update(b.onFloor("4"));
    assertThat(RawRows.rowKeys(store, "Desks", "HQ")).as("the emptied part deleted in the same EGT")
        .containsExactly("desk_000001", "desk_000002", "floor_3", "floor_4");
    assertThat(store.get("Desks", "HQ", "floor_3").orElseThrow().has(IndexLists.PARTS)).isFalse();
  }

  @Test
  void aBatchWhoseListChangesBreakTheLimitOfOneHundredOperationsIsRefusedWholeBeforeItIsSent() {
    var batch = mapper.batch("Desks", "HQ");
    for (int id = 1; id <= 100; id++) {
      batch.insert(new Desk("HQ", id, "3", "D" + id));
    }
    assertThatThrownBy(batch::commit)
        .isInstanceOf(BatchException.class)
        .satisfies(e -> assertThat(((BatchException) e).reason()).isEqualTo(BatchException.Reason.TOO_MANY_OPERATIONS));
    assertThat(RawRows.all(store, "Desks")).as("nothing written").isEmpty();

    var fits = mapper.batch("Desks", "HQ");
    for (int id = 1; id <= 99; id++) {
      fits.insert(new Desk("HQ", id, "3", "D" + id));
    }
    fits.commit();
    assertThat(floor("3")).hasSize(99);
    assertThat(desks.countByOfficeAndFloor("HQ", "3")).isEqualTo(99);
  }
}
