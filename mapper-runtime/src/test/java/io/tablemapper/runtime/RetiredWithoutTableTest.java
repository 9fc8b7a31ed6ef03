package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.fixtures.Courier;
import io.tablemapper.runtime.fixtures.CourierRepository;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import java.util.Optional;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A writer that claimed a unique value and stalled past the grace period before the first transaction that creates
 * its entity's table: a completer cannot insert the cancelled marker (no table), so nothing stops the writer's
 * transaction from recording the id later. Its claim must stay its own until then: another entity that takes the
 * value over meanwhile would hold it with the stalled writer's entity.
 */
class RetiredWithoutTableTest {
  private static final SecretKey KEY = new SecretKeySpec(new byte[32], "AES");

  @ParameterizedTest
  @EnumSource(Stores.class)
  void aWriterStalledBeforeItsTableExistsKeepsItsClaimFromATakeOver(Stores stores) {
    try (TableBackend store = stores.newStore()) {
      boolean[] refused = {false};
      FirstTouch hooked = new FirstTouch(store, "Couriers", () -> {
        try (TableMapper completer = ManualCompletion.retiringAtOnce(unclosed(store)).encryptionKey("k1", KEY)
            .build()) {
          completer.completePending();
        }
        try (TableMapper other = ManualCompletion.retiringAtOnce(unclosed(store)).encryptionKey("k1", KEY)
            .build()) {
          other.repository(CourierRepository.class).insert(new Courier("Dock", 2, "red", "north", "a1", "r2"));
        } catch (EntityExistsException taken) {
          refused[0] = true; // the stalled writer's claim holds
        }
      });
      boolean firstRefused = false;
      try (TableMapper writer = ManualCompletion.retiringAtOnce(hooked).encryptionKey("k1", KEY).build()) {
        writer.repository(CourierRepository.class).insert(new Courier("Dock", 1, "red", "north", "a1", "r1"));
      } catch (EntityExistsException taken) {
        firstRefused = true;
      }
      assertThat(hooked.fired).isTrue();
      try (TableMapper completer = ManualCompletion.retiringAtOnce(unclosed(store)).encryptionKey("k1", KEY)
          .build()) {
        while (completer.completePending() > 0) {
          // until nothing is left
        }
      }

      List<Object> holders = RawRows.partition(store, "Couriers", "Dock").stream()
          .filter(row -> "a1".equals(row.get("code")))
          .map(row -> (Object) row.rowKey())
          .toList();
      assertThat(holders).as("the entities holding the unique code a1 (first refused: " + firstRefused
          + ", second refused: " + refused[0] + ")").hasSize(1);
      assertThat(RawRows.partition(store, "CourierCodes", "north_a1"))
          .extracting(row -> row.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY))
          .containsExactlyElementsOf(holders);
    }
  }

  private static TableBackend unclosed(TableBackend store) {
    return DyingBackend.unclosed(store);
  }

  /** Runs an action once, right before the first request that names one table. */
  private static final class FirstTouch extends ForwardingBackend {
    private final String table;
    private final Runnable action;
    boolean fired;

    FirstTouch(TableBackend store, String table, Runnable action) {
      super(store);
      this.table = table;
      this.action = action;
    }

    private void touch(String named) {
      if (!fired && named.equals(table)) {
        fired = true;
        action.run();
      }
    }

    @Override
    public boolean createTableIfNotExists(String named) {
      touch(named);
      return delegate.createTableIfNotExists(named);
    }

    @Override
    public boolean tableExists(String named) {
      touch(named);
      return delegate.tableExists(named);
    }

    @Override
    public Optional<TableRow> get(String named, String partitionKey, String rowKey) {
      touch(named);
      return delegate.get(named, partitionKey, rowKey);
    }

    @Override
    public WriteResult write(String named, WriteOperation operation) {
      touch(named);
      return delegate.write(named, operation);
    }

    @Override
    public List<WriteResult> batch(String named, List<WriteOperation> operations) {
      touch(named);
      return delegate.batch(named, operations);
    }

    @Override
    public void close() {
      // the store is the test's
    }
  }
}
