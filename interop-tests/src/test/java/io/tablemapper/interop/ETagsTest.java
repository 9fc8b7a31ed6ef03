package io.tablemapper.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.interop.dotnet.Order;
import io.tablemapper.interop.dotnet.OrderRepository;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Optimistic concurrency across the two clients: each one's write makes the other's ETag stale. */
class ETagsTest extends SharedTables {
  private static final Instant PLACED = Instant.parse("2024-01-31T12:00:00Z");

  private OrderRepository repository;

  private Order stored() {
    repository = mapper(mapperBuilder()).repository(OrderRepository.class);
    repository.insert(new Order("c1", PLACED, 1L, 1, null, null, 0, false, null, "first", null));
    return repository.findByCustomerIdAndPlacedAt("c1", PLACED).orElseThrow();
  }

  @Test
  void bothClientsSeeTheSameETag() {
    Order read = stored();

    assertThat(read.etag()).isNotNull().isEqualTo(orders.getEntity("c1", invertedTicks(PLACED)).getETag());
  }

  @Test
  void anUpdateWithAnETagTheSdkMadeStaleIsAConcurrencyConflictAndKeepsTheSdksChange() {
    Order read = stored();
    TableEntity other = orders.getEntity("c1", invertedTicks(PLACED)).addProperty("Note", "by .NET");
    orders.updateEntityWithResponse(other, TableEntityUpdateMode.REPLACE, true, null, null);

    assertThatThrownBy(() -> repository.update(read.withNote("by tablemapper")))
        .isInstanceOf(ConcurrencyConflictException.class)
        .hasMessageContaining("table Orders");
    assertThat(orders.getEntity("c1", invertedTicks(PLACED)).getProperty("Note")).isEqualTo("by .NET");
  }

  @Test
  void anSdkUpdateWithAnETagTablemapperMadeStaleFailsWith412() {
    Order read = stored();
    TableEntity other = orders.getEntity("c1", invertedTicks(PLACED)).addProperty("Note", "by .NET");
    repository.update(read.withNote("by tablemapper"));

    assertThatThrownBy(() -> orders.updateEntityWithResponse(other, TableEntityUpdateMode.REPLACE, true, null, null))
        .isInstanceOfSatisfying(TableServiceException.class,
            e -> assertThat(e.getResponse().getStatusCode()).isEqualTo(412));
    assertThat(repository.findByCustomerIdAndPlacedAt("c1", PLACED).orElseThrow().note()).isEqualTo("by tablemapper");
  }
}
