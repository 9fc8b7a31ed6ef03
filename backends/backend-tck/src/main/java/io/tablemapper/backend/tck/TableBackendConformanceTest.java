package io.tablemapper.backend.tck;

import io.tablemapper.spi.TableBackend;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Nested;

/**
 * The conformance suite every {@link TableBackend} passes: the store's semantics as the SPI documents them
 * (ordering, keys, limits, property types, ETags and If-Match, batches, paging, filters and projections, filter
 * injection, tables, concurrency, the async path), plus a randomized model-based test against a plain sorted map.
 *
 * <p>To run it against a backend, subclass it in the backend's tests:
 *
 * <pre>{@code
 * class H2BackendConformanceTest extends TableBackendConformanceTest {
 *   @Override
 *   protected TableBackend createBackend() {
 *     return H2Backend.inMemory();
 *   }
 * }
 * }</pre>
 *
 * <p>Every test gets a backend from {@link #createBackend()} and a fresh, uniquely named table in it, deleted
 * afterwards; then {@link #closeBackend} releases the backend. A backend that is expensive to create may return
 * a shared instance and override {@code closeBackend} to keep it open.
 *
 * <p>The suite assumes nothing beyond the documented contract: it follows continuation tokens until there is
 * none and accepts pages shorter than the limit (even empty ones), compares ETags only for equality (each write's
 * result carries the ETag a later read shows; rows of one batch may or may not share one), and requires
 * Timestamps to increase only from one write to a later one. It is meant to run against a remote store too, such
 * as Azurite over HTTP: the largest test writes a few thousand small rows in batches of 100, or a few MiB, and no
 * test loops for long.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
public abstract class TableBackendConformanceTest {
  private TableBackend backend;
  private TckStore store;

  /** A backend to test; called before every test. */
  protected abstract TableBackend createBackend();

  /** Releases a backend {@link #createBackend()} returned; called after every test. Closes it by default. */
  protected void closeBackend(TableBackend backend) {
    backend.close();
  }

  @BeforeEach
  final void openStore() {
    backend = createBackend();
    String table = TckStore.uniqueTableName();
    backend.createTableIfNotExists(table);
    store = new TckStore(backend, table);
  }

  @AfterEach
  final void closeStore() {
    if (backend == null) {
      return;
    }
    try {
      backend.deleteTableIfExists(store.table);
      backend.outOfRowValues().ifPresent(values -> values.deleteAll(store.table));
    } finally {
      closeBackend(backend);
      backend = null;
      store = null;
    }
  }

  @Nested
  class ValuesOutOfRows extends OutOfRowValueTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class Ordering extends OrderingTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class Keys extends KeyTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class Limits extends StoreLimitTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class PropertyTypes extends PropertyTypeTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class ConditionalWrites extends ConditionalWriteTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class Batches extends BatchTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class Paging extends PagingTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class FiltersAndProjections extends FilterTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class FilterInjection extends FilterInjectionTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class Tables extends TableTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class Concurrency extends ConcurrencyTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class Linearizability extends LinearizabilityTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class ModelBased extends ModelBasedTests {
    @Override
    TckStore store() {
      return store;
    }
  }

  @Nested
  class AsyncPath extends AsyncPathTests {
    @Override
    TckStore store() {
      return store;
    }
  }
}
