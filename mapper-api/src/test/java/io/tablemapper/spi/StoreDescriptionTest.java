package io.tablemapper.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A store's description: what it checks, and what a backend that does not describe itself is described as. */
class StoreDescriptionTest {

  @Test
  void aBackendThatDoesNotDescribeItselfIsItsNameAsTheSystemAndNothingElse() {
    TableBackend thirdParty = new TableBackend() {
      @Override
      public String name() {
        return "Acme Tables";
      }

      @Override
      public boolean createTableIfNotExists(String table) {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean deleteTableIfExists(String table) {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean tableExists(String table) {
        throw new UnsupportedOperationException();
      }

      @Override
      public List<String> listTables(String prefix) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
        throw new UnsupportedOperationException();
      }

      @Override
      public QueryResult query(TableQuery query) {
        throw new UnsupportedOperationException();
      }

      @Override
      public WriteResult write(String table, WriteOperation operation) {
        throw new UnsupportedOperationException();
      }

      @Override
      public List<WriteResult> batch(String table, List<WriteOperation> operations) {
        throw new UnsupportedOperationException();
      }

      @Override
      public void close() {}
    };

    assertThat(thirdParty.description()).isEqualTo(new StoreDescription("acme.tables", null, null, 0));
  }

  @Test
  void aDescriptionNeedsASystemAndAPortInRangeWithAnAddress() {
    assertThatThrownBy(() -> new StoreDescription(" ", null, null, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("system name");
    assertThatThrownBy(() -> new StoreDescription("azure.tables", "a", "host", 70_000))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("70000");
    assertThatThrownBy(() -> new StoreDescription("azure.tables", "a", null, 443))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("address");
  }
}
