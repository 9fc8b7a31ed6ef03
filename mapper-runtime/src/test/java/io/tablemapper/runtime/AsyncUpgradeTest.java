package io.tablemapper.runtime;

import static io.tablemapper.runtime.OneThreadAsync.join;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.Casefile;
import io.tablemapper.runtime.fixtures.CasefileAsyncRepository;
import io.tablemapper.runtime.fixtures.CasefileRepository;
import io.tablemapper.runtime.fixtures.CasefileSummary;
import io.tablemapper.runtime.fixtures.Chronicle;
import io.tablemapper.runtime.fixtures.ChronicleAsyncRepository;
import io.tablemapper.runtime.fixtures.ChronicleRepository;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The upgrade of an older version's projected row on the async path, on every backend: a row with a {@code @Large}
 * value comes out as on the blocking path, its value fetched (a blocking read) on the mapper's executor, never on
 * the thread that completed the store's read (on Azure, an SDK thread); a read that fails with a checked exception
 * while an entity is made whole fails with a {@link TableMapperException}.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class AsyncUpgradeTest {
  private final Stores stores;
  @RegisterExtension final OneThreadAsync one = new OneThreadAsync();

  AsyncUpgradeTest(Stores stores) {
    this.stores = stores;
  }

  /** A store that records the thread of every blocking read of an out-of-row value. */
  private static final class Watched extends ForwardingBackend {
    final List<Thread> blockingGets = new CopyOnWriteArrayList<>();

    Watched(TableBackend store) {
      super(store);
    }

    @Override
    public Optional<OutOfRowValues> outOfRowValues() {
      return delegate.outOfRowValues().map(values -> new OutOfRowValues() {
        @Override
        public void put(String table, String name, byte[] value) {
          values.put(table, name, value);
        }

        @Override
        public Optional<byte[]> get(String table, String name) {
          blockingGets.add(Thread.currentThread());
          return values.get(table, name);
        }

        @Override
        public boolean delete(String table, String name) {
          return values.delete(table, name);
        }

        @Override
        public CompletableFuture<Void> putAsync(String table, String name, byte[] value, Executor executor) {
          return values.putAsync(table, name, value, executor);
        }

        @Override
        public CompletableFuture<Optional<byte[]>> getAsync(String table, String name, Executor executor) {
          return values.getAsync(table, name, executor);
        }

        @Override
        public CompletableFuture<Boolean> deleteAsync(String table, String name, Executor executor) {
          return values.deleteAsync(table, name, executor);
        }

        @Override
        public List<StoredValue> list(String table) {
          return values.list(table);
        }

        @Override
        public long deleteAll(String table) {
          return values.deleteAll(table);
        }
      });
    }
  }

  @Test
  void anAsyncProjectionUpgradesAnOlderRowWithALargeValueAsTheBlockingOneFetchingItOnTheExecutorOnly()
      throws Exception {
    Watched store = new Watched(stores.newStore());
    TableMapper mapper = one.mapper(TableMapper.builder().backend(store));
    CasefileRepository sync = mapper.repository(CasefileRepository.class);
    CasefileAsyncRepository async = mapper.repository(CasefileAsyncRepository.class);
    String oldBody = "o".repeat(100_000);
    String newBody = "n".repeat(100_000);
    sync.insert(new Casefile("Oslo", 1, "Old", null, oldBody, null));
    sync.insert(new Casefile("Oslo", 2, "New", "second", newBody, null));
    TableRow old = RawRows.get(store, "Casefiles", "Oslo", "casefile_000001");
    assertThat(old.get("body")).as("stored out of the row").isNotEqualTo(oldBody);
    store.write("Casefiles", WriteOperation.upsertReplace( // as version 1 wrote it: no version marker
        old.toBuilder().remove(EntityMapping.VERSION_PROPERTY).build()));

    List<CasefileSummary> blocking = sync.getByOffice("Oslo");
    assertThat(blocking).containsExactly(
        new CasefileSummary("Old", "none", oldBody), new CasefileSummary("New", "second", newBody));
    Thread executor = one.executor().submit(Thread::currentThread).get(30, TimeUnit.SECONDS);
    store.blockingGets.clear();
    assertThat(join(async.getByOffice("Oslo"))).isEqualTo(blocking);
    assertThat(store.blockingGets).as("the upgrade's fetch of the older row's value, on the executor alone")
        .isNotEmpty().containsOnly(executor);
  }

  /** A store whose async reads of a wide entity's parts (a query from {@code ~01}) fail with a checked exception. */
  private static final class FailingParts extends ForwardingBackend {
    FailingParts(TableBackend store) {
      super(store);
    }

    @Override
    public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
      if (query.rowFrom() != null && query.rowFrom().key().endsWith("~01")) {
        return CompletableFuture.failedFuture(new IOException("parts unreadable"));
      }
      return delegate.queryAsync(query, executor);
    }
  }

  @Test
  void aCheckedFailureOfAnAsyncReadOfAWideEntitysPartsIsATableMapperExceptionInAReadAndInAnUpgrade() {
    TableBackend store = new FailingParts(stores.newStore());
    TableMapper mapper = one.mapper(TableMapper.builder().backend(store));
    ChronicleRepository sync = mapper.repository(ChronicleRepository.class);
    ChronicleAsyncRepository async = mapper.repository(ChronicleAsyncRepository.class);
    sync.insert(Chronicle.of("Oslo", 1, "Old", null));
    TableRow head = RawRows.get(store, "Chronicles", "Oslo", "chronicle_000001");
    store.write("Chronicles", WriteOperation.upsertReplace( // as version 1 wrote it: no version marker
        head.toBuilder().remove(EntityMapping.VERSION_PROPERTY).build()));
    assertThat(sync.findByOffice("Oslo")).hasSize(1); // the blocking reads are not failed

    assertThatThrownBy(() -> join(async.findByOffice("Oslo"), TableMapperException.class))
        .isInstanceOf(TableMapperException.class).hasMessageContaining("chronicle_000001")
        .hasRootCauseInstanceOf(IOException.class).hasRootCauseMessage("parts unreadable");
    assertThatThrownBy(() -> join(async.getByOffice("Oslo"), TableMapperException.class))
        .isInstanceOf(TableMapperException.class).hasMessageContaining("chronicle_000001")
        .hasRootCauseInstanceOf(IOException.class).hasRootCauseMessage("parts unreadable");
  }
}
