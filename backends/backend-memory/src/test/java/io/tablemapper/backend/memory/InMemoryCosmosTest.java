package io.tablemapper.backend.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * The simulation of the Cosmos DB Table API beyond what the conformance kit pins down: no key order, an order of
 * each query's own, opaque tokens, its limits and its table names.
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class InMemoryCosmosTest {
  private final InMemoryBackend backend = InMemoryBackend.builder().profile(StoreProfile.COSMOS_TABLE).build();

  @AfterEach
  void close() {
    backend.close();
  }

  private List<String> rowKeys(QueryResult page) {
    return page.rows().stream().map(TableRow::rowKey).toList();
  }

  private List<String> insertPartition(String table, int rows) {
    backend.createTableIfNotExists(table);
    List<WriteOperation> operations = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      keys.add(String.format("r%03d", i));
      operations.add(WriteOperation.insert(TableRow.keys("p", keys.get(i))));
    }
    backend.batch(table, operations);
    return keys;
  }

  @Test
  void a_partitions_rows_come_in_no_key_order_and_in_another_order_for_each_query() {
    List<String> keys = insertPartition("Logs", 50);
    TableQuery query = TableQuery.builder("Logs").partitionKey("p").build();

    List<String> first = rowKeys(backend.query(query));
    List<String> second = rowKeys(backend.query(query));

    assertThat(backend.profile()).isEqualTo(StoreProfile.COSMOS_TABLE);
    assertThat(first).containsExactlyInAnyOrderElementsOf(keys).isNotEqualTo(keys);
    assertThat(second).containsExactlyInAnyOrderElementsOf(keys).isNotEqualTo(first);
  }

  @Test
  void the_same_seed_gives_the_same_orders() {
    insertPartition("Logs", 20);
    InMemoryBackend twin = InMemoryBackend.builder().profile(StoreProfile.COSMOS_TABLE).build();
    twin.createTableIfNotExists("Logs");
    for (int i = 0; i < 20; i++) {
      twin.write("Logs", WriteOperation.insert(TableRow.keys("p", String.format("r%03d", i))));
    }
    TableQuery query = TableQuery.builder("Logs").build();

    assertThat(rowKeys(twin.query(query))).isEqualTo(rowKeys(backend.query(query)));
  }

  @Test
  void a_token_is_opaque_and_resumes_only_in_its_querys_order() {
    insertPartition("Logs", 30);
    TableQuery query = TableQuery.builder("Logs").partitionKey("p").limit(10).build();

    QueryResult page = backend.query(query);
    List<String> read = new ArrayList<>(rowKeys(page));
    String last = read.get(read.size() - 1);
    assertThat(page.continuation()).startsWith("c1").doesNotContain(last);
    while (page.continuation() != null) {
      page = backend.query(query.withContinuation(page.continuation()));
      read.addAll(rowKeys(page));
    }

    assertThat(read).hasSize(30).doesNotHaveDuplicates();
    assertThatThrownBy(() -> backend.query(query.withContinuation("2AAAA")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("COSMOS_TABLE");
  }

  @Test
  void table_names_are_case_sensitive() {
    backend.createTableIfNotExists("Orders");

    assertThat(backend.createTableIfNotExists("orders")).as("another table").isTrue();
    backend.write("Orders", WriteOperation.insert(TableRow.keys("p", "r")));
    assertThat(backend.get("orders", "p", "r")).isEmpty();
    assertThat(backend.listTables("Ord")).containsExactly("Orders");
    assertThatThrownBy(() -> backend.get("ORDERS", "p", "r")).isInstanceOf(TableNotFoundException.class);
  }

  @Test
  void a_row_key_over_255_bytes_and_a_batch_over_2_mib_are_refused_and_nothing_is_stored() {
    backend.createTableIfNotExists("Orders");
    assertThatThrownBy(() -> backend.write("Orders", WriteOperation.insert(TableRow.keys("p", "r".repeat(256)))))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("256 bytes of UTF-8; COSMOS_TABLE allows at most 255");
    List<WriteOperation> large = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      large.add(WriteOperation.insert(TableRow.builder("p", "r" + i).putString("text", "x".repeat(30_000)).build()));
    }
    assertThatThrownBy(() -> backend.batch("Orders", large))
        .isInstanceOfSatisfying(BatchException.class,
            e -> assertThat(e.reason()).isEqualTo(BatchException.Reason.TOO_LARGE))
        .hasMessageContaining("2 MiB on COSMOS_TABLE");

    assertThat(backend.query(TableQuery.builder("Orders").build()).rows()).isEmpty();
  }

  @Test
  void every_row_of_a_batch_gets_its_own_etag() {
    backend.createTableIfNotExists("Orders");
    List<WriteResult> results = backend.batch("Orders",
        List.of(WriteOperation.insert(TableRow.keys("p", "a")), WriteOperation.insert(TableRow.keys("p", "b"))));

    assertThat(results.get(0).etag()).isNotEqualTo(results.get(1).etag());
  }
}
