package io.tablemapper.runtime;

import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import io.tablemapper.tck.support.ForwardingBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;

/**
 * An in-memory store whose batches version their rows in a chosen pattern — the rows of one batch fall into groups,
 * and the rows of a group share an ETag that no other group has — as Azurite does by chance (its ETags come from the
 * clock per operation, so the rows of one batch sometimes share one and sometimes not). The batch is applied to a
 * store that gives all its rows one version; then every group but the first is rewritten unchanged, in a batch of
 * its own, so that it gets a version of its own. Within the {@link TableBackend} contract: a batch is atomic, and
 * promises nothing about its rows' ETags beyond each being new.
 */
final class PatternedBatchVersions extends ForwardingBackend {

  /** How the rows of a batch fall into groups, by the operation's position in the batch. */
  enum Pattern {
    /** One ETag for the whole batch, as the Azure Table service gives. */
    ALL_SHARED,
    /** An ETag for each row. */
    ALL_DISTINCT,
    /** The entity's row apart, its index copies (and the rest of the batch) sharing one ETag. */
    COPIES_SHARED,
    /** The entity's row with its first copy, the rest apart. */
    ENTITY_WITH_FIRST_COPY,
    /** Groups drawn at random for each batch, from a fixed seed. */
    SEEDED_MIXED;

    /** The group of each position of a batch of {@code size} operations, drawn from {@code random} where mixed. */
    IntUnaryOperator groups(int size, Random random) {
      switch (this) {
        case ALL_SHARED:
          return position -> 0;
        case ALL_DISTINCT:
          return position -> position;
        case COPIES_SHARED:
          return position -> position == 0 ? 0 : 1;
        case ENTITY_WITH_FIRST_COPY:
          return position -> position <= 1 ? 0 : position;
        default:
          int[] drawn = new int[size];
          for (int i = 0; i < size; i++) {
            drawn[i] = random.nextInt(Math.max(1, size / 2 + 1));
          }
          return position -> drawn[position];
      }
    }
  }

  private final Pattern pattern;
  private final Random random;

  PatternedBatchVersions(Pattern pattern, long seed) {
    super(InMemoryBackend.create(), Async.THROUGH_BLOCKING_CALLS);
    this.pattern = pattern;
    this.random = new Random(seed);
  }

  @Override
  public synchronized List<WriteResult> batch(String table, List<WriteOperation> operations) {
    List<WriteResult> results = new ArrayList<>(delegate.batch(table, operations));
    IntUnaryOperator groups = pattern.groups(operations.size(), random);
    TreeMap<Integer, List<Integer>> members = new TreeMap<>();
    for (int i = 0; i < operations.size(); i++) {
      members.computeIfAbsent(groups.applyAsInt(i), group -> new ArrayList<>()).add(i);
    }
    members.pollFirstEntry(); // the first group keeps the batch's version
    for (List<Integer> group : members.values()) {
      List<Integer> positions = new ArrayList<>();
      List<WriteOperation> rewrites = new ArrayList<>();
      for (int position : group) {
        WriteOperation operation = operations.get(position);
        Optional<TableRow> row = operation.kind() == WriteOperation.Kind.DELETE
            ? Optional.empty()
            : delegate.get(table, operation.row().partitionKey(), operation.row().rowKey());
        if (row.isPresent()) {
          positions.add(position);
          rewrites.add(WriteOperation.replace(row.get(), row.get().etag()));
        }
      }
      if (!rewrites.isEmpty()) {
        List<WriteResult> rewritten = delegate.batch(table, rewrites);
        for (int i = 0; i < positions.size(); i++) {
          results.set(positions.get(i), rewritten.get(i));
        }
      }
    }
    return results;
  }

  @Override
  public synchronized WriteResult write(String table, WriteOperation operation) {
    return delegate.write(table, operation);
  }

  @Override
  public synchronized Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    return delegate.get(table, partitionKey, rowKey);
  }

  @Override
  public synchronized QueryResult query(TableQuery query) {
    return delegate.query(query);
  }
}
