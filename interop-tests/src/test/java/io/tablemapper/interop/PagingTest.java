package io.tablemapper.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablemapper.api.Batch;
import io.tablemapper.api.Page;
import io.tablemapper.api.PageRequest;
import io.tablemapper.api.TableMapper;
import io.tablemapper.interop.dotnet.Order;
import io.tablemapper.interop.dotnet.OrderRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * More rows than the service returns in one answer (1,000): each client follows the continuation of the other's
 * rows, and tablemapper's pages cover them once each.
 */
class PagingTest extends SharedTables {
  private static final int ROWS = 1_250;
  private static final Instant START = Instant.parse("2024-01-01T00:00:00Z");

  @Test
  void tablemapperReadsEveryRowTheSdkWroteAcrossContinuations() {
    List<TableTransactionAction> chunk = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      chunk.add(new TableTransactionAction(TableTransactionActionType.CREATE,
          new TableEntity("bulk", invertedTicks(START.plusSeconds(i)))
              .addProperty("EntityType", "Order").addProperty("AmountCents", (long) i).addProperty("Quantity", i)));
      if (chunk.size() == 100) {
        orders.submitTransaction(chunk);
        chunk = new ArrayList<>();
      }
    }
    orders.submitTransaction(chunk);
    OrderRepository repository = mapper(mapperBuilder()).repository(OrderRepository.class);

    List<Order> all = repository.findByCustomerId("bulk");
    assertThat(all).hasSize(ROWS);
    assertThat(all.get(0).quantity()).isEqualTo(ROWS - 1);
    assertThat(all.get(ROWS - 1).quantity()).isZero();
    assertThat(repository.countByCustomerId("bulk")).isEqualTo(ROWS);

    HashSet<Integer> seen = new HashSet<>();
    List<Integer> sizes = new ArrayList<>();
    Page<Order> page = repository.findByCustomerId("bulk", PageRequest.of(400));
    while (true) {
      sizes.add(page.items().size());
      page.items().forEach(order -> assertThat(seen.add(order.quantity())).isTrue());
      if (page.continuationToken().isEmpty()) {
        break;
      }
      page = repository.findByCustomerId("bulk", PageRequest.after(page.continuationToken().get(), 400));
    }
    assertThat(sizes).containsExactly(400, 400, 400, 50);
    assertThat(seen).hasSize(ROWS);
  }

  @Test
  void theSdkReadsEveryRowTablemapperWrote() {
    TableMapper mapper = mapper(mapperBuilder());
    for (int chunk = 0; chunk < 11; chunk++) {
      Batch batch = mapper.batch("Orders", "bulk");
      for (int i = chunk * 100; i < chunk * 100 + 100; i++) {
        batch.insert(new Order("bulk", START.plusSeconds(i), i, i, null, null, 0, false, null, null, null));
      }
      batch.commit();
    }

    List<TableEntity> read = new ArrayList<>();
    orders.listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq 'bulk'"), null, null)
        .forEach(read::add);
    assertThat(read).hasSize(1_100);
    assertThat(read.get(0).getProperty("Quantity")).isEqualTo(1_099);
  }
}
