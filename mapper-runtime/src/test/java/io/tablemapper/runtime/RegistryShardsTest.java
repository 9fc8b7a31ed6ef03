package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.rows.PendingRows;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.fixtures.Staffer;
import io.tablemapper.tck.fixtures.StafferRepository;
import io.tablemapper.tck.support.ForwardingBackend;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The registry of pending work spread over partitions ({@link PendingRows}): a workload over 64 partitions sends no
 * partition of the registry more than its share, every id names the partition of its entry, and a completer finds
 * and finishes entries of any shard count and of the earlier format.
 */
class RegistryShardsTest {
  private static final String REGISTRY = PendingRows.REGISTRY_TABLE;

  @Test
  void idsNameTheirShardAndEarlierIdsTheOnePartition() {
    Set<String> partitions = new HashSet<>();
    for (int i = 0; i < 2_000; i++) {
      String id = PendingRows.newWorkId(16);
      assertThat(id).matches("\\d\\d-[0-9a-f-]{36}-\\d{13}");
      partitions.add(PendingRows.registryPartition(id));
    }
    assertThat(partitions).hasSize(16).allMatch(partition -> partition.matches("work-(0\\d|1[0-5])"));
    assertThat(PendingRows.registryPartition(PendingRows.newWorkId(100))).matches("work-\\d\\d");
    assertThat(PendingRows.registryPartition(PendingRows.newWorkId(1))).isEqualTo("work-00");
    // the earlier format, <13-digit millis>-<UUID>, and any other RowKey: the one partition they were written in
    assertThat(PendingRows.registryPartition(PendingRows.newId())).isEqualTo("work");
    assertThat(PendingRows.registryPartition("globex-work")).isEqualTo("work");
    assertThat(PendingRows.registryPartition("07")).isEqualTo("work");
  }

  @Test
  void theShardCountIsCheckedWithTheNameOfTheSetting() {
    assertThatThrownBy(() -> TableMapper.builder().pendingShards(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pendingShards must be 1 to 100 (partitions of the registry of pending work), was 0");
    assertThatThrownBy(() -> TableMapper.builder().pendingShards(101)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("was 101");
    assertThat(MapperSettings.Pending.DEFAULT.shards()).isEqualTo(TableMapper.DEFAULT_PENDING_SHARDS);
  }

  /**
   * Inserts and then upserts (each moving a copy in another table) 8 staffers in each of 64 departments, counting
   * the requests each partition receives: the registry gets about a sixth of all of them (an insert and a delete of
   * each write's entry, and the reads of a claim's earlier writers), so in one partition it got 16 % of the
   * workload's 23,000 requests; spread over 16, its busiest partition gets about 1.1 %, a department 0.6 %.
   */
  @Test
  void aWorkloadOverSixtyFourPartitionsSendsNoRegistryPartitionMoreThanTwoPercent() {
    Map<String, Long> spread = workload(16);
    long total = spread.values().stream().mapToLong(Long::longValue).sum();
    Map<String, Long> registry = registryPartitions(spread);
    assertThat(registry.keySet()).hasSize(16);
    long busiestEntry = registry.values().stream().mapToLong(Long::longValue).max().orElseThrow();
    assertThat((double) busiestEntry / total).as("the busiest registry partition's share of %s", spread)
        .isLessThan(0.02);

    Map<String, Long> onePartition = registryPartitions(workload(1));
    assertThat(onePartition.keySet()).containsExactly("work-00");
    assertThat((double) onePartition.get("work-00") / total).as("the registry in one partition").isGreaterThan(0.1);
  }

  private static Map<String, Long> workload(int shards) {
    TableBackend store = Stores.MEMORY_SHARED_VERSIONS.newStore();
    CountingBackend backend = new CountingBackend(store);
    try (TableMapper mapper = TableMapper.builder().backend(backend).pendingCompleters(0).pendingShards(shards)
        .build()) {
      StafferRepository staff = mapper.repository(StafferRepository.class);
      for (int department = 0; department < 64; department++) {
        for (int id = 0; id < 8; id++) {
          staff.insert(staffer(department, id, "first"));
        }
      }
      for (int department = 0; department < 64; department++) {
        for (int id = 0; id < 8; id++) {
          staff.upsert(staffer(department, id, "second"));
        }
      }
      assertThat(RawRows.all(store, REGISTRY)).as("no work left").isEmpty();
    }
    return backend.byPartition();
  }

  private static Staffer staffer(int department, int id, String round) {
    String name = "d" + department + "e" + id;
    return new Staffer(String.format("dept%02d", department), id, "F" + name, "L" + round + name, name + "@contoso.com",
        id % 4);
  }

  private static Map<String, Long> registryPartitions(Map<String, Long> spread) {
    return spread.entrySet().stream().filter(e -> e.getKey().startsWith(REGISTRY + "|"))
        .collect(Collectors.toMap(e -> e.getKey().substring(REGISTRY.length() + 1), Map.Entry::getValue));
  }

  /**
   * Work left by a writer of one shard count, and an entry of the earlier format whose writer died before its
   * transaction, are found and finished by a mapper of another count, on every store: one range query reads every
   * partition of the registry.
   */
  @ParameterizedTest
  @EnumSource(Stores.class)
  void aCompleterFinishesEntriesOfEveryShardCountAndOfTheEarlierFormat(Stores stores) {
    TableBackend store = stores.newStore();
    FailingCopies failing = new FailingCopies(store);
    try (TableMapper writer = TableMapper.builder().backend(failing).pendingCompleters(0).pendingShards(3).build()) {
      StafferRepository staff = writer.repository(StafferRepository.class);
      staff.insert(new Staffer("Sales", 1, "Ann", "Bell", "ann@contoso.com", 2));
      failing.failing = true;
      try {
        staff.upsert(new Staffer("Sales", 1, "Ann", "Birch", "ann@contoso.com", 2));
      } catch (TableMapperException left) {
        // the entity's transaction applied; its old copy's delete is left to the pending work
      }
    }
    List<TableRow> left = RawRows.all(store, REGISTRY);
    assertThat(left).singleElement().satisfies(entry -> {
      assertThat(entry.partitionKey()).isEqualTo(PendingRows.registryPartition(entry.rowKey())).matches("work-0[0-2]");
    });
    String earlier = PendingRows.newId();
    store.write(REGISTRY, WriteOperation.insert(TableRow.builder(PendingRows.REGISTRY_PARTITION, earlier)
        .putString(MapperSettings.DEFAULT_DISCRIMINATOR, PendingRows.REGISTRY_TYPE)
        .putString(PendingRows.TABLE, "Staff").putString(PendingRows.PARTITION, "Sales")
        .putString(PendingRows.STATE, "PENDING").build()));

    try (TableMapper completer = ((TableMapperBuilder) TableMapper.builder().backend(new FailingCopies(store))
        .pendingCompleters(0)
        .pendingShards(40)).pendingGrace(Duration.ZERO).build()) {
      assertThat(completer.completePending()).isPositive();
    }
    assertThat(RawRows.all(store, REGISTRY)).as("every entry finished or retired").isEmpty();
    assertThat(RawRows.all(store, "StaffByLastName")).singleElement()
        .satisfies(copy -> assertThat(copy.partitionKey()).isEqualTo("Birch"));
    assertThat(RawRows.get(store, "Staff", "Sales", PendingRows.workRowKey(earlier)))
        .as("the earlier entry retired under a cancelled marker").isNotNull();
    store.close();
  }

  /** Counts the requests each partition of each table receives ({@code table|partition}). */
  private static final class CountingBackend extends ForwardingBackend {
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    CountingBackend(TableBackend delegate) {
      super(delegate);
    }

    private void count(String table, String partitionKey) {
      counts.computeIfAbsent(table + "|" + partitionKey, key -> new LongAdder()).increment();
    }

    Map<String, Long> byPartition() {
      return counts.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().sum()));
    }

    @Override
    public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
      count(table, partitionKey);
      return super.get(table, partitionKey, rowKey);
    }

    @Override
    public QueryResult query(TableQuery query) {
      count(query.table(), query.singlePartition() != null ? query.singlePartition() : "*");
      return super.query(query);
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      count(table, operation.row().partitionKey());
      return super.write(table, operation);
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      count(table, operations.get(0).row().partitionKey());
      return super.batch(table, operations);
    }
  }

  /**
   * Refuses the deletes of copies in table StaffByLastName while {@link #failing} (a moved value's new copy is
   * claimed, the entity's transaction records the work, the old copy's delete is left to it); leaves its store open.
   */
  private static final class FailingCopies extends ForwardingBackend {
    volatile boolean failing;

    FailingCopies(TableBackend delegate) {
      super(delegate);
    }

    @Override
    public void close() {
      // the test reads the store after its mappers closed
    }

    @Override
    public WriteResult write(String table, WriteOperation operation) {
      if (failing && table.equals("StaffByLastName") && operation.kind() == WriteOperation.Kind.DELETE) {
        throw new StoreUnavailableException("the store went away (injected)");
      }
      return super.write(table, operation);
    }

    @Override
    public List<WriteResult> batch(String table, List<WriteOperation> operations) {
      if (failing && table.equals("StaffByLastName")
          && operations.stream().anyMatch(operation -> operation.kind() == WriteOperation.Kind.DELETE)) {
        throw new StoreUnavailableException("the store went away (injected)");
      }
      return super.batch(table, operations);
    }
  }
}
