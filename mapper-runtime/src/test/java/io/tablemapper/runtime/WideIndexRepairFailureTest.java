package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.runtime.fixtures.Ledger;
import io.tablemapper.runtime.fixtures.LedgerRepository;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.Stores;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A repair of an index of a wide entity whose reads of the entities' parts fail (the store unreachable for a while)
 * must not take the entities' list entries for orphans: it cannot tell what the entities imply, and deleting the
 * entries leaves a ready index that silently misses them.
 */
class WideIndexRepairFailureTest {

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aRepairThatCannotReadAWideEntityWholeDeletesNothing(Stores stores) {
    try (TableBackend store = stores.newStore()) {
      try (TableMapper mapper = TableMapper.builder().backend(DyingBackend.unclosed(store)).build()) {
        LedgerRepository ledgers = mapper.repository(LedgerRepository.class);
        for (int id = 1; id <= 2; id++) {
          ledgers.insert(Ledger.of("HQ", id, "A", 100 * id));
        }
        assertThat(ledgers.findByOfficeAndDesk("HQ", "A")).hasSize(2);
      }

      PartsUnreachable failing = new PartsUnreachable(store);
      try (TableMapper repairing = TableMapper.builder().backend(failing).build()) {
        try {
          repairing.indexes(Ledger.class).repair("byDesk");
        } catch (StoreUnavailableException unreachable) {
          // a repair that fails for an unreachable store is fine; one that deletes what it could not check is not
        }
      }
      assertThat(failing.failed).as("the repair read parts").isPositive();

      try (TableMapper mapper = TableMapper.builder().backend(DyingBackend.unclosed(store)).build()) {
        assertThat(mapper.repository(LedgerRepository.class).findByOfficeAndDesk("HQ", "A"))
            .extracting(ledger -> ledger.id).containsExactly(1, 2);
      }
    }
  }

  /** A backend whose queries of a wide entity's part rows fail as an unreachable store's do. */
  private static final class PartsUnreachable extends ForwardingBackend {
    private static final String FIRST_PART = WideRows.partRowKey("", 1);
    volatile int failed;

    PartsUnreachable(TableBackend store) {
      super(store);
    }

    private void check(TableQuery query) {
      if (query.rowFrom() != null && query.rowFrom().key().endsWith(FIRST_PART)) {
        failed++;
        throw new StoreUnavailableException("the store did not answer (test)");
      }
    }

    @Override
    public QueryResult query(TableQuery query) {
      check(query);
      return delegate.query(query);
    }

    @Override
    public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
      try {
        check(query);
      } catch (StoreUnavailableException unreachable) {
        return CompletableFuture.failedFuture(unreachable);
      }
      return super.queryAsync(query, executor);
    }

    @Override
    public void close() {
      // the store is the test's
    }
  }
}
