package io.tablemapper.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.IndexReport;
import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.fixtures.Subscriber;
import io.tablemapper.tck.fixtures.SubscriberRepository;
import io.tablemapper.tck.support.InterceptingBackend;
import io.tablemapper.tck.support.InterceptingBackend.Requests;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * What a write of an entity with a remote index reads ahead of its transaction — the stored entity, and the old copy
 * it will no longer have with the writes that claimed it — and where the protocol does not trust it: a merge, whose
 * entity keeps what its row leaves out; an old copy changed after it was checked; an entity changed after it was
 * read.
 */
@ParameterizedClass
@ArgumentsSource(KitStores.class)
class ReadAheadTest {
  private final InterceptingBackend backend;
  private final TableMapper mapper;
  private final SubscriberRepository subscribers;

  ReadAheadTest(StoreUnderTest under) {
    this.backend = new InterceptingBackend(under.newStore());
    this.mapper = TableMapper.builder().backend(backend).pendingCompleters(0).build();
    this.subscribers = mapper.repository(SubscriberRepository.class);
  }

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aMergeThatLeavesTheIndexedValueOutKeepsTheEntitysCopy() {
    subscribers.insert(new Subscriber("news", 1, "ann@contoso.com", "Ann"));

    subscribers.merge(new Subscriber("news", 1, null, "Anne"));

    assertThat(subscribers.findByEmail("ann@contoso.com")).map(Subscriber::name).contains("Anne");
    assertInStep();
  }

  @Test
  void anOldCopyChangedAfterItWasCheckedIsDeletedByTheFullRuleOnly() {
    subscribers.insert(new Subscriber("news", 1, "ann@contoso.com", "Ann"));
    TableBackend store = backend.delegate;
    // the writes of the upsert: its registry entry, its claim, its transaction; then, before the old copy's delete
    // under the ETag it was checked with, the copy is written again as it is (a new ETag, as a claim of it gives it)
    backend.beforeNextWrite(() -> backend.beforeNextWrite(() -> backend.beforeNextWrite(() -> backend.beforeNextWrite(
        () -> {
          TableRow copy = store.get("SubscriberEmails", "ann@contoso.com", "subscriber").orElseThrow();
          store.write("SubscriberEmails", WriteOperation.replace(copy, copy.etag()));
        }))));

    Requests before = backend.requests();
    subscribers.upsert(new Subscriber("news", 1, "anne@contoso.com", "Ann"));
    Requests cost = backend.requests().since(before);

    // the delete refused, the copy is looked at by the rule every completer keeps: read, its claiming writes, the
    // entity, then deleted under its new ETag
    assertThat(cost).isEqualTo(new Requests(3 + 3, 0, 5 + 1, 1));
    assertThat(rows("SubscriberEmails")).extracting(TableRow::partitionKey).containsExactly("anne@contoso.com");
    assertInStep();
  }

  @Test
  void anEntityChangedAfterItWasReadAheadIsWrittenFromItsNewStateAndItsOldCopiesGo() {
    subscribers.insert(new Subscriber("news", 1, "ann@contoso.com", "Ann"));
    // another mapper over the same store (not closed: closing it would close the store)
    SubscriberRepository elsewhere = TableMapper.builder().backend(backend.delegate).pendingCompleters(0).build()
        .repository(SubscriberRepository.class);
    // after the entity was read ahead, before the writer's registry entry: the other mapper moves it to a third value
    backend.beforeNextWrite(() -> elsewhere.upsert(new Subscriber("news", 1, "a.n@contoso.com", "Ann")));

    subscribers.upsert(new Subscriber("news", 1, "anne@contoso.com", "Ann"));

    assertThat(subscribers.findByEmail("anne@contoso.com")).isPresent();
    assertThat(subscribers.findByEmail("a.n@contoso.com")).isEmpty();
    assertThat(rows("SubscriberEmails")).extracting(TableRow::partitionKey).containsExactly("anne@contoso.com");
    assertInStep();
  }

  @Test
  void anEntityMovedToTheClaimedValueByAnotherWriterBeforeTheTransactionKeepsTheCopyOfItsLastState() {
    subscribers.insert(new Subscriber("news", 1, "ann@contoso.com", "Ann"));
    SubscriberRepository elsewhere = TableMapper.builder().backend(backend.delegate).pendingCompleters(0).build()
        .repository(SubscriberRepository.class);
    // the writes of the upsert: its registry entry, its claim of the new value (an insert: the copy of its row), then,
    // just before its transaction, another mapper's upsert of the entity to the same value under another name runs to
    // its end: its claim re-writes the copy, its own reconciliation writes that copy from its state. The upsert's
    // transaction then loses its race, reads the entity again and is applied over the other state
    backend.beforeNextWrite(() -> backend.beforeNextWrite(() -> backend.beforeNextWrite(
        () -> elsewhere.upsert(new Subscriber("news", 1, "anne@contoso.com", "Anna")))));

    subscribers.upsert(new Subscriber("news", 1, "anne@contoso.com", "Ann"));

    assertThat(backend.delegate.get("Subscribers", "news", "sub_000001").orElseThrow().get("name")).isEqualTo("Ann");
    assertThat(subscribers.findByEmail("anne@contoso.com")).map(Subscriber::name).contains("Ann");
    // the copy is the entity's as stored, not the other writer's state its reconciliation wrote before the transaction
    TableRow copy = backend.delegate.get("SubscriberEmails", "anne@contoso.com", "subscriber").orElseThrow();
    assertThat(copy.get("name")).isEqualTo("Ann");
    assertInStep();
  }

  @Test
  void anInsertWhoseEntityAnotherWriterInsertedAndDeletedBeforeItsTransactionKeepsTheCopyOfItsOwnState() {
    subscribers.insert(new Subscriber("news", 2, "bob@contoso.com", "Bob")); // the type's index states recorded
    SubscriberRepository elsewhere = TableMapper.builder().backend(backend.delegate).pendingCompleters(0).build()
        .repository(SubscriberRepository.class);
    // the writes of the insert: its registry entry, its claim (an insert: the copy of its row), then, just before its
    // transaction, another mapper inserts the same entity with the same value under another name (its claim re-writes
    // the copy, its reconciliation writes that copy from its state) and deletes it again (its reconciliation waits
    // for the insert still in flight and leaves its step to a completer). The insert's transaction then finds no
    // entity, and is applied
    backend.beforeNextWrite(() -> backend.beforeNextWrite(() -> backend.beforeNextWrite(() -> {
      elsewhere.insert(new Subscriber("news", 1, "ann@contoso.com", "Other"));
      elsewhere.delete(new Subscriber("news", 1, "ann@contoso.com", "Other"));
    })));

    subscribers.insert(new Subscriber("news", 1, "ann@contoso.com", "Ann"));

    assertThat(backend.delegate.get("Subscribers", "news", "sub_000001").orElseThrow().get("name")).isEqualTo("Ann");
    mapper.completePending(); // the delete's step, which waited for the insert
    TableRow copy = backend.delegate.get("SubscriberEmails", "ann@contoso.com", "subscriber").orElseThrow();
    assertThat(copy.get("name")).isEqualTo("Ann");
    assertInStep();
  }

  private void assertInStep() {
    assertThat(mapper.completePending()).isZero();
    IndexReport report = mapper.indexes(Subscriber.class).verify("email");
    assertThat(report.missing() + report.orphans() + report.stale() + report.conflicts()).isZero();
    assertThat(rows(Contract.PENDING_REGISTRY_TABLE)).isEmpty();
  }

  private List<TableRow> rows(String table) {
    TableBackend store = backend.delegate;
    return store.tableExists(table) ? store.query(TableQuery.builder(table).limit(1000).build()).rows() : List.of();
  }
}
