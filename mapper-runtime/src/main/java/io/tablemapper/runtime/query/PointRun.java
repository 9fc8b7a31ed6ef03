package io.tablemapper.runtime.query;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableRow;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import io.tablemapper.runtime.observe.Operation;

/**
 * The read of one row of an entity's own table by its keys, for a repository method whose plan is that and nothing
 * else ({@link io.tablemapper.internal.mapping.RepositorySupport#findByKeys}): the backend's point read, and the
 * row kept if it is one of the entity's ({@link QueryRun#ofEntityType}) — what a {@link QueryRun} of the same
 * plan does, without a query object. Reports the same {@link io.tablemapper.api.QueryEvent}. Not thread-safe.
 */
public final class PointRun<T> implements RowSource {
  private final ReadSide reading;
  private final EntityMapping<T> mapping;
  private final String method;
  private final String plan;
  private final String partitionKey;
  private final String rowKey;
  private boolean exhausted;
  private int rowsRead;
  private int requests;

  PointRun(
      ReadSide reading, EntityMapping<T> mapping, String method, String plan, String partitionKey, String rowKey) {
    this.reading = reading;
    this.mapping = mapping;
    this.method = method;
    this.plan = plan;
    this.partitionKey = partitionKey;
    this.rowKey = rowKey;
  }

  @Override
  public boolean exhausted() {
    return exhausted;
  }

  @Override
  public String token() {
    return null;
  }

  /**
   * {@link #next} on the store's async path: the backend's async point read ({@code getAsync}), the row then kept as
   * {@link #row} keeps it; no thread waits for the read (a backend without an async client of its own runs it on
   * {@code executor}).
   */
  @Override
  public CompletableFuture<List<TableRow>> nextAsync(int max, Executor executor) {
    if (exhausted) {
      return CompletableFuture.completedFuture(List.of());
    }
    exhausted = true;
    requests++;
    Operation operation = Operation.current(); // its request counts into the caller's operation
    String table = mapping.table();
    return reading.tables().readAsync(table,
            () -> Operation.within(operation, () -> reading.backend().getAsync(table, partitionKey, rowKey, executor)),
            java.util.Optional.<TableRow>empty())
        .thenApply(row -> {
          if (row.isEmpty()) {
            return List.of();
          }
          rowsRead++;
          return QueryRun.ofEntityType(reading, mapping, row.get()) ? List.of(row.get()) : List.of();
        });
  }

  @Override
  public List<TableRow> next(int max) {
    TableRow row = row();
    return row == null ? List.of() : List.of(row);
  }

  /** The entity's row, or null when there is none (or the row there is of another type); for a caller of one row. */
  TableRow row() {
    if (exhausted) {
      return null;
    }
    exhausted = true;
    requests++;
    TableRow row = stored(reading, mapping, partitionKey, rowKey);
    if (row == null) {
      return null;
    }
    rowsRead++;
    return QueryRun.ofEntityType(reading, mapping, row) ? row : null;
  }

  /**
   * The entity stored under the keys, or null (no row, a row of another type, or a malformed row the policy leaves
   * out), with its {@link io.tablemapper.api.QueryEvent}: what a run reads and reports, for a caller that neither
   * caches nor waits asynchronously, without a run object (profiled: the run was a quarter of what an in-memory
   * point read allocated).
   */
  static <T> T entity(
      ReadSide reading, EntityMapping<T> mapping, String method, String plan, String partitionKey, String rowKey) {
    TableRow row = stored(reading, mapping, partitionKey, rowKey);
    T result = row != null && QueryRun.ofEntityType(reading, mapping, row) ? reading.decoder().entity(mapping,
        row) : null;
    RunRequests.report(reading, method, QueryKind.POINT, plan, mapping.table(), row == null ? 0 : 1,
        result == null ? 0 : 1,
        1);
    return result;
  }

  /** The row stored under the keys in the entity's table, whatever its type, or null: the point read's request. */
  private static TableRow stored(ReadSide reading, EntityMapping<?> mapping, String partitionKey, String rowKey) {
    return RunRequests.get(reading, mapping.table(), partitionKey, rowKey).orElse(null);
  }

  @Override
  public void report(int rowsReturned) {
    RunRequests.report(reading, method, QueryKind.POINT, plan, mapping.table(), rowsRead, rowsReturned, requests);
    rowsRead = 0;
    requests = 0;
  }
}
