package io.tablemapper.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.DecryptionException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.MapperScope;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.runtime.fixtures.Login;
import io.tablemapper.runtime.fixtures.LoginRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A table per period ({@code @Entity(table = "Logins{at:day}")}): writes go to the table of their day, reads derive
 * their tables from their key arguments and merge several days in key order, batches hold one day, a day is dropped
 * whole and stays dropped, index copies and encrypted values live in and are bound to the concrete day's table.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class PeriodTablesTest {
  private static final Instant DAY1 = Instant.parse("2025-03-01T10:00:00Z");
  private static final Instant DAY2 = Instant.parse("2025-03-02T09:30:00Z");
  private static final Instant DAY3 = Instant.parse("2025-03-03T23:59:59Z");
  private static final Login ANN_1 = Login.of("ann", DAY1, 1, "ok", "10.0.0.1");
  private static final Login ANN_2 = Login.of("ann", DAY2, 1, "failed", "10.0.0.2");
  private static final Login ANN_2B = Login.of("ann", DAY2.plusSeconds(60), 2, "ok", "10.0.0.2");
  private static final Login ANN_3 = Login.of("ann", DAY3, 1, "failed", "10.0.0.3");
  private static final Login BOB_2 = Login.of("bob", DAY2, 1, "ok", "10.0.0.9");

  private final TableBackend backend;
  private final TableMapper mapper;
  private final LoginRepository logins;
  private final List<QueryEvent> queries = new ArrayList<>();

  PeriodTablesTest(Stores stores) {
    this.backend = stores.newStore();
    byte[] key = new byte[32];
    Arrays.fill(key, (byte) 7);
    this.mapper = TableMapper.builder().backend(backend).encryptionKey("k1", new SecretKeySpec(key, "AES"))
        .queryListener(queries::add).build();
    this.logins = mapper.repository(LoginRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  private void insertAll() {
    for (Login login : List.of(ANN_3, ANN_1, BOB_2, ANN_2B, ANN_2)) {
      logins.insert(login);
    }
  }

  private static List<Instant> times(List<Login> found) {
    return found.stream().map(Login::at).collect(Collectors.toList());
  }

  @Test
  void eachWriteGoesToTheTableOfItsDayWithItsIndexCopyAndTheMapperListsTheDaysInOrder() {
    insertAll();

    assertThat(mapper.tables(Login.class)).containsExactly("Logins20250301", "Logins20250302", "Logins20250303");
    assertThat(RawRows.all(backend, "Logins20250301")).extracting(TableRow::rowKey)
        .allMatch(rowKey -> rowKey.startsWith("at_") || rowKey.startsWith("outcome_ok_")).hasSize(2);
    assertThat(RawRows.all(backend, "Logins20250302")).hasSize(6); // three entities, three copies
    assertThat(backend.tableExists("Logins{at:day}".replaceAll("[{}:]", ""))).isFalse();
  }

  @Test
  void aPointReadDerivesItsTableFromTheKeyArgumentsAndMakesOneRequest() {
    insertAll();
    queries.clear();

    assertThat(logins.findByUserAndAtAndAttempt("ann", DAY2, 1)).get()
        .satisfies(found -> {
          assertThat(found.address()).isEqualTo("10.0.0.2");
          assertThat(found.etag()).isNotNull();
        });
    assertThat(logins.findByUserAndAtAndAttempt("ann", DAY2, 9)).isEmpty();

    assertThat(queries).hasSize(2).allSatisfy(event -> {
      assertThat(event.table()).isEqualTo("Logins20250302");
      assertThat(event.requests()).isEqualTo(1);
    });
  }

  @Test
  void aRangeOverSeveralDaysReadsEachDaysTableAndMergesThemInKeyOrder() {
    insertAll();
    queries.clear();

    assertThat(times(logins.findByUserAndAtBetween("ann", DAY1, DAY3)))
        .containsExactly(DAY1, DAY2, DAY2.plusSeconds(60), DAY3);
    assertThat(times(logins.findByUserAndAtBetween("ann", DAY2, DAY2.plusSeconds(30)))).containsExactly(DAY2);
    assertThat(times(logins.streamByUserAndAtGreaterThanEqual("ann", DAY2).collect(Collectors.toList())))
        .containsExactly(DAY2, DAY2.plusSeconds(60), DAY3);
    assertThat(times(logins.findByUser("ann"))).containsExactly(DAY1, DAY2, DAY2.plusSeconds(60), DAY3);
    assertThat(times(logins.findTop3ByUser("ann"))).containsExactly(DAY1, DAY2, DAY2.plusSeconds(60));
    assertThat(logins.countByUserAndAtBetween("ann", DAY1, DAY2.plusSeconds(3600))).isEqualTo(3);
    assertThat(logins.existsByUserAndAtLessThan("ann", DAY1)).isFalse();
    assertThat(logins.existsByUserAndAtLessThan("ann", DAY2)).isTrue();
    assertThat(times(logins.findByUserInAndAtBetween(List.of("bob", "ann"), DAY2, DAY3)))
        .containsExactly(DAY2, DAY2.plusSeconds(60), DAY3, DAY2);

    QueryEvent between = queries.get(0);
    assertThat(between.table()).isEqualTo("Logins20250301,Logins20250302,Logins20250303");
    assertThat(between.requests()).isEqualTo(3); // one query per day's table
    assertThat(between.plan()).contains("the tables of the days from {from} to {to} that exist")
        .contains("one query per table");
  }

  @Test
  void theAsyncFormsReadTheSameTablesAndRefuseTheSamePages() {
    insertAll();

    assertThat(times(logins.getByUserAndAtBetween("ann", DAY1, DAY3).join()))
        .containsExactly(DAY1, DAY2, DAY2.plusSeconds(60), DAY3);
    assertThat(logins.countByUserAndAtGreaterThanEqual("ann", DAY2).join()).isEqualTo(3);
    assertThat(logins.getByUserAndAtBetween("ann", DAY2, DAY2.plusSeconds(3600), PageRequest.of(10)).join().items())
        .hasSize(2);
    assertThatThrownBy(() -> logins.getByUserAndAtBetween("ann", DAY1, DAY3, PageRequest.of(10)).join())
        .hasCauseInstanceOf(TableMapperException.class).hasMessageContaining("a page cannot resume");
  }

  @Test
  void aListOverSeveralDaysIsNotRefusedWhileAnotherThreadReadsAPage() throws Exception {
    insertAll();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<?>> runs = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        runs.add(pool.submit(() -> logins.findByUserAndAtBetween("ann", DAY2, DAY2.plusSeconds(3600),
            PageRequest.of(10))));
        runs.add(pool.submit(() -> assertThat(logins.findByUserAndAtBetween("ann", DAY1, DAY3)).hasSize(4)));
      }
      for (Future<?> run : runs) {
        run.get(); // a page's state once leaked into the other thread's list, which was then refused as a page
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void timesBeyondEveryPeriodOpenARangeOrMatchNothingAndAreNoTableToWriteTo() {
    insertAll();

    assertThat(logins.findByUserAndAtBetween("ann", Instant.MIN, Instant.MAX)).hasSize(4);
    assertThat(logins.streamByUserAndAtGreaterThanEqual("ann", Instant.MAX)).isEmpty();
    assertThat(logins.existsByUserAndAtLessThan("ann", Instant.MIN)).isFalse();
    assertThat(logins.findByUserAndAtAndAttempt("ann", Instant.MAX, 1)).isEmpty();
    assertThatThrownBy(() -> logins.insert(Login.of("ann", Instant.MAX, 1, "ok", "10.0.0.1")))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("Login with at = " + Instant.MAX + " has no table");
    assertThat(mapper.tables(Login.class)).hasSize(3);
  }

  @Test
  void readsThroughAnIndexCopyFindTheEntitiesOfEveryDayInKeyOrder() {
    insertAll();

    assertThat(times(logins.findByUserAndOutcome("ann", "failed"))).containsExactly(DAY2, DAY3);
    assertThat(times(logins.findByUserAndOutcome("ann", "ok"))).containsExactly(DAY1, DAY2.plusSeconds(60));
  }

  @Test
  void aDeleteByQueryDeletesInEachDaysTableWithTheCopies() {
    insertAll();

    assertThat(logins.deleteByUserAndAtLessThan("ann", DAY3)).isEqualTo(3);

    assertThat(times(logins.findByUser("ann"))).containsExactly(DAY3);
    assertThat(RawRows.all(backend, "Logins20250301")).isEmpty();
    assertThat(RawRows.all(backend, "Logins20250302")).hasSize(2); // bob and his copy
  }

  @Test
  void updatesAndDeletesOfAnEntityReachItsDaysTable() {
    Login stored = logins.insert(ANN_2);

    Login updated = logins.update(new Login("ann", DAY2, 1, "locked", "10.0.0.2", stored.etag()));
    assertThat(logins.findByUserAndAtAndAttempt("ann", DAY2, 1)).get().extracting(Login::outcome)
        .isEqualTo("locked");
    logins.delete(updated);

    assertThat(RawRows.all(backend, "Logins20250302")).isEmpty();
  }

  @Test
  void aPageWithinOneDayResumesAndAPageOverSeveralDaysIsRefused() {
    insertAll();

    Page<Login> first = logins.findByUserAndAtBetween("ann", DAY2, DAY2.plusSeconds(3600), PageRequest.of(1));
    assertThat(times(first.items())).containsExactly(DAY2);
    Page<Login> second = logins.findByUserAndAtBetween("ann", DAY2, DAY2.plusSeconds(3600),
        PageRequest.after(first.continuationToken().orElseThrow(), 1));
    assertThat(times(second.items())).containsExactly(DAY2.plusSeconds(60));

    assertThatThrownBy(() -> logins.findByUserAndAtBetween("ann", DAY1, DAY3, PageRequest.of(10)))
        .isInstanceOf(TableMapperException.class)
        .hasMessageContaining("reads 3 tables of Logins{at:day}")
        .hasMessageContaining("a page cannot resume a read of several tables");
  }

  @Test
  void aBatchHoldsOneDaysTableAndRefusesAnotherDayBeforeWritingAnything() {
    mapper.batch("Logins20250302", "ann").insert(ANN_2).insert(ANN_2B).commit();
    assertThat(logins.findByUserAndAtBetween("ann", DAY2, DAY3)).hasSize(2);

    assertThatThrownBy(() -> mapper.batch("Logins20250303", "ann").insert(ANN_3).insert(ANN_1).commit())
        .isInstanceOfSatisfying(BatchException.class, e -> {
          assertThat(e.reason()).isEqualTo(BatchException.Reason.WRONG_PARTITION);
          assertThat(e.failedIndex()).isEqualTo(1);
        })
        .hasMessageContaining("belongs to table Logins20250301")
        .hasMessageContaining("entities of different periods go in one batch each");
    assertThat(backend.tableExists("Logins20250303")).isFalse();
    assertThat(backend.tableExists("Logins20250301")).isFalse();
  }

  @Test
  void anEventualBatchMovesAnEntityFromOneDaysTableToAnothers() {
    logins.insert(ANN_2);
    Login stored = logins.findByUserAndAtAndAttempt("ann", DAY2, 1).orElseThrow();

    mapper.eventually().delete(stored).insert(Login.of("ann", DAY3, 5, "failed", "10.0.0.2")).commit();
    mapper.completePending();

    assertThat(logins.findByUserAndAtAndAttempt("ann", DAY2, 1)).isEmpty();
    assertThat(logins.findByUserAndAtAndAttempt("ann", DAY3, 5)).get().extracting(Login::address)
        .isEqualTo("10.0.0.2");
    assertThat(RawRows.all(backend, "Logins20250302")).isEmpty();
    assertThat(RawRows.all(backend, "Logins20250303")).hasSize(2);
  }

  @Test
  void aDroppedDayIsGoneWholeAndNoReadCreatesItAgain() {
    insertAll();

    assertThat(mapper.deleteTable("Logins20250302")).isTrue();

    assertThat(logins.findByUserAndAtAndAttempt("ann", DAY2, 1)).isEmpty();
    assertThat(times(logins.findByUserAndAtBetween("ann", DAY1, DAY3))).containsExactly(DAY1, DAY3);
    assertThat(logins.findByUserAndOutcome("bob", "ok")).isEmpty();
    assertThat(mapper.partition("Logins20250302", "ann").all(Login.class)).isEmpty();
    assertThat(backend.tableExists("Logins20250302")).isFalse();
    assertThat(mapper.tables(Login.class)).containsExactly("Logins20250301", "Logins20250303");
  }

  @Test
  void aPartitionOfOneDaysTableReadsItsEntitiesTypedOrResolved() {
    insertAll();

    assertThat(times(mapper.partition("Logins20250302", "ann").all(Login.class)))
        .containsExactly(DAY2, DAY2.plusSeconds(60));
    assertThat(mapper.partition("Logins20250302", "ann").all()).hasSize(2).allMatch(Login.class::isInstance);
  }

  @Test
  void anEncryptedValueIsBoundToTheConcreteDaysTable() {
    logins.insert(ANN_2);
    TableRow row = RawRows.all(backend, "Logins20250302").stream()
        .filter(stored -> stored.rowKey().startsWith("at_")).findFirst().orElseThrow();
    backend.createTableIfNotExists("Logins20250303");
    backend.write("Logins20250303", WriteOperation.insert(row));

    assertThatThrownBy(() -> mapper.partition("Logins20250303", "ann").all(Login.class))
        .isInstanceOf(DecryptionException.class);
    assertThat(mapper.partition("Logins20250302", "ann").all(Login.class)).extracting(Login::address)
        .containsExactly("10.0.0.2");
  }

  @Test
  void aScopedViewOfOneDayReadsAndWritesThatDayAndNothingElse() {
    insertAll();
    TableMapper day2 = mapper.scoped(MapperScope.builder().table("Logins20250302").build());
    LoginRepository scoped = day2.repository(LoginRepository.class);

    assertThat(scoped.findByUserAndAtAndAttempt("ann", DAY2, 1)).isPresent();
    assertThat(day2.tables(Login.class)).containsExactly("Logins20250302");
    assertThatThrownBy(() -> scoped.findByUserAndAtAndAttempt("ann", DAY3, 1))
        .isInstanceOf(OutOfScopeException.class);
    assertThatThrownBy(() -> scoped.insert(Login.of("ann", DAY1, 7, "ok", "10.0.0.7")))
        .isInstanceOf(OutOfScopeException.class);
    assertThat(Set.copyOf(mapper.tables(Login.class))).hasSize(3);
  }
}
