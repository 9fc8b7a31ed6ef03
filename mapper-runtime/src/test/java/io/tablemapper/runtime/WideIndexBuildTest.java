package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexNotReadyException;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapper;
import io.tablemapper.runtime.fixtures.Ledger;
import io.tablemapper.runtime.fixtures.LedgerRepository;
import io.tablemapper.runtime.rows.IndexStateRows;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An index of a wide entity ({@code @Wide}: a head row and part rows) over entities written without it, on every
 * backend: the ledgers' key list by desk is not ready, a build reads each ledger whole and rewrites it through the
 * write path (its head, its parts and its lists in one EGT, conditional on the head's ETag), and the list then
 * answers with whole ledgers; a second build writes nothing, and verify and repair find it clean.
 */
class WideIndexBuildTest {

  @ParameterizedTest
  @EnumSource(Stores.class)
  void anIndexOfWideEntitiesWrittenWithoutItIsBuiltFromTheWholeEntities(Stores stores) {
    try (TableBackend store = stores.newStore()) {
      try (TableMapper first = TableMapper.builder().backend(DyingBackend.unclosed(store)).build()) {
        LedgerRepository ledgers = first.repository(LedgerRepository.class);
        for (int id = 1; id <= 3; id++) {
          ledgers.insert(Ledger.of("HQ", id, id == 3 ? "B" : "A", 100 * id));
        }
        ledgers.insert(Ledger.of("HQ", 4, null, 400)); // on no list
      }
      // as a version that kept no list and recorded no state left them: the lists' rows and the state row gone
      for (TableRow row : RawRows.partition(store, "Ledgers", "HQ")) {
        if (String.valueOf(row.get("EntityType")).endsWith("#byDesk")) {
          store.write("Ledgers", WriteOperation.delete(row.partitionKey(), row.rowKey(), null));
        }
      }
      store.write(IndexStateRows.TABLE, WriteOperation.delete(IndexStateRows.PARTITION,
          IndexStateRows.rowKey("Ledgers", "Ledger"), null));

      try (TableMapper mapper = TableMapper.builder().backend(DyingBackend.unclosed(store)).build()) {
        LedgerRepository ledgers = mapper.repository(LedgerRepository.class);
        IndexAdmin admin = mapper.indexes(Ledger.class);
        assertThat(admin.state("byDesk")).isEqualTo(IndexState.NOT_BUILT);
        assertThatThrownBy(() -> ledgers.findByOfficeAndDesk("HQ", "A")).isInstanceOf(IndexNotReadyException.class);
        IndexReport verified = admin.verify("byDesk");
        assertThat(verified.entitiesRead()).isEqualTo(4);
        assertThat(verified.missing()).isEqualTo(3);

        IndexReport built = admin.build("byDesk");
        assertThat(built.entitiesRead()).isEqualTo(4);
        assertThat(built.missing()).isEqualTo(3);
        assertThat(built.copiesWritten()).isEqualTo(3);
        assertThat(admin.state("byDesk")).isEqualTo(IndexState.READY);

        List<Ledger> a = ledgers.findByOfficeAndDesk("HQ", "A");
        assertThat(a).extracting(ledger -> ledger.id).containsExactly(1, 2);
        assertThat(a).allSatisfy(ledger -> {
          for (int line = 1; line <= Ledger.LINES; line++) {
            assertThat(ledger.line(line)).isEqualTo(100 * ledger.id + line);
          }
        });
        assertThat(ledgers.findByOfficeAndDesk("HQ", "B")).extracting(ledger -> ledger.line(Ledger.LINES))
            .containsExactly(300 + Ledger.LINES);
        assertThat(admin.verify("byDesk").clean()).isTrue();
        assertThat(admin.build("byDesk").copiesWritten()).isZero();
        IndexReport repaired = admin.repair("byDesk");
        assertThat(repaired.copiesWritten() + repaired.copiesDeleted()).isZero();
      }
    }
  }
}
