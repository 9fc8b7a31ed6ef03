package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.IndexReport;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.fixtures.Subscriber;
import io.tablemapper.tck.fixtures.SubscriberRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * A repair of a remote unique index racing a writer that claimed a value between the repair's scan and its look at
 * the entity it scanned there before: the claim of a write still in flight is not the repair's to delete.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class RepairRaceTest {
  private final TableBackend store;
  private final InterceptingBackend repairing;
  private final InterceptingBackend writing;
  private final TableMapper mapper;
  private final TableMapper writer;
  private final TableMapper other;

  RepairRaceTest(StoreUnderTest under) {
    this.store = under.newStore();
    this.repairing = new InterceptingBackend(store);
    this.writing = new InterceptingBackend(store);
    this.mapper = TableMapper.builder().backend(repairing).pendingCompleters(0).build();
    // mappers beside it over the same store (not closed: closing them would close the store)
    this.writer = TableMapper.builder().backend(writing).pendingCompleters(0).build();
    this.other = TableMapper.builder().backend(store).pendingCompleters(0).build();
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aClaimInFlightWhereAScannedEntityHadItsValueIsNotDeletedByTheRepair() throws Exception {
    SubscriberRepository subscribers = mapper.repository(SubscriberRepository.class);
    subscribers.insert(new Subscriber("news", 1, "ann@contoso.com", "Ann"));
    CountDownLatch claimed = new CountDownLatch(1);
    CountDownLatch proceed = new CountDownLatch(1);
    AtomicReference<CompletableFuture<Subscriber>> upsert = new AtomicReference<>();
    // after the repair's scan read subscriber 1, before it looks at the copy of its value: subscriber 1 is deleted
    // (its copy with it), and subscriber 2 upserted with that value, its claim made, its transaction not yet sent
    repairing.beforeNextGetOf("SubscriberEmails", () -> {
      other.repository(SubscriberRepository.class).delete(new Subscriber("news", 1, "ann@contoso.com", "Ann"));
      // the upsert's writes: its registry entry, its claim, then (held) its transaction
      writing.beforeNextWrite(() -> writing.beforeNextWrite(() -> writing.beforeNextWrite(() -> {
        claimed.countDown();
        await(proceed);
      })));
      upsert.set(CompletableFuture.supplyAsync(() -> writer.repository(SubscriberRepository.class)
          .upsert(new Subscriber("news", 2, "ann@contoso.com", "Bob"))));
      await(claimed);
    });

    mapper.indexes(Subscriber.class).repair("email");
    proceed.countDown();
    upsert.get().get(30, TimeUnit.SECONDS);

    // subscriber 2 holds the value: another entity cannot come to hold it too
    SubscriberRepository elsewhere = other.repository(SubscriberRepository.class);
    assertThatThrownBy(() -> elsewhere.insert(new Subscriber("news", 1, "ann@contoso.com", "Ann")))
        .isInstanceOf(EntityExistsException.class);
    // and its copy is the one under it
    TableRow copy = store.get("SubscriberEmails", "ann@contoso.com", "subscriber").orElse(null);
    assertThat(copy).as("the copy of ann@contoso.com").isNotNull();
    assertThat(copy.get("name")).isEqualTo("Bob");
    IndexReport report = mapper.indexes(Subscriber.class).verify("email");
    assertThat(report.missing() + report.orphans() + report.stale() + report.conflicts()).isZero();
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
