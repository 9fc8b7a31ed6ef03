package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A dropped write is no proof that no record exists under its id: a delete by query's transaction is applied but its
 * answer lost, the store client retries it (as the Azure SDK's retry policy does) and the retry meets its own effect,
 * a 404 on the entity's delete, which the backend cannot tell from another writer's delete. The write is dropped,
 * and the first attempt's record must still be run: the remote copies of the deleted entity go, and nothing is left.
 */
class DroppedAfterLostAnswerTest {
  @ParameterizedTest
  @EnumSource(value = Stores.class, names = {"MEMORY_SHARED_VERSIONS", "H2"}, mode = EnumSource.Mode.INCLUDE)
  void aDeleteWhoseAnswerWasLostAndRetriedLeavesNoCopies(Stores stores) {
    try (TableBackend store = stores.newStore();
        TableMapper mapper = ManualCompletion.builder(new LostAnswer(store)).build()) {
      StafferRepository staff = mapper.repository(StafferRepository.class);
      staff.insert(new Staffer("Sales", 1, "First1", "Lee", "s1@contoso.com", 1));
      LostAnswer.armed = true;
      try {
        staff.deleteByDepartment("Sales");
      } catch (RuntimeException e) {
        // whatever the caller is told, what matters is what the store holds
      }
      LostAnswer.armed = false;
      while (mapper.completePending() > 0) {
        // until nothing is left
      }
      assertThat(staff.countByDepartment("Sales")).isZero();
      assertThat(RawRows.all(store, "StaffByLastName")).as("copies of the deleted staffer").isEmpty();
      assertThat(RawRows.all(store, "Staff")).as("rows left in the entity's table (records)").isEmpty();
    }
  }

  /** Applies the first armed batch of the entity's table, then "retries" it and answers with the retry's failure. */
  private static final class LostAnswer extends ForwardingBackend {
    static volatile boolean armed;

    LostAnswer(TableBackend store) {
      super(store);
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      if (armed && table.equals("Staff")
          && operations.stream().anyMatch(op -> op.kind() == WriteOperation.Kind.DELETE)) {
        armed = false;
        delegate.batch(table, operations); // applied; its answer is lost
        return delegate.batch(table, operations); // the client's retry meets its own effect
      }
      return delegate.batch(table, operations);
    }

    @Override
    public void close() {}
  }
}
