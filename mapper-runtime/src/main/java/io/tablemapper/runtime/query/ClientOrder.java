package io.tablemapper.runtime.query;

import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.PlanCosts;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import io.tablemapper.runtime.store.StoreOrder;
import io.tablemapper.runtime.support.Futures;

/**
 * The key order of a read on a store that keeps none ({@link StoreProfile#ordered()} false, as the Cosmos DB Table
 * API): the read's whole key range is read at its first page, every page of it resumed with the store's own token,
 * then sorted by (PartitionKey, RowKey) in the client and handed out in that order, so that lists, streams,
 * {@code First}/{@code Top} and the merges of unions return what they return on Azure Table Storage.
 *
 * <p>A page of such a read resumes with a token of the runtime's own, {@code tmsorted1.<PartitionKey>.<RowKey>}
 * (each Base64url): the next page reads the range whole again and starts after those keys in the client, so the
 * store is never asked to resume at a key, and a method's pages hold what they hold on Azure Table Storage. A count
 * needs no order and follows the store's.
 *
 * <p>What this costs is said in the plan the query listener hears ({@link #plan}).
 */
final class ClientOrder {
  private static final String PREFIX = "tmsorted1.";
  private static final Comparator<TableRow> KEY_ORDER = StoreOrder.KEY_ORDER;

  private final ArrayDeque<TableRow> rows = new ArrayDeque<>();
  private boolean read;
  /** The keys of the last row handed out (or those the start token named); null before the first. */
  private String[] last;

  /**
   * @param startToken a token {@link #token()} returned, or null to start at the beginning
   * @throws IllegalArgumentException if the token is not one
   */
  ClientOrder(String startToken, String table) {
    this.last = startToken == null ? null : decode(startToken, table);
  }

  /** Whether a run of this query on this profile reads in client order: an unordered store, a read whose order counts. */
  static boolean applies(StoreProfile profile, boolean storeOrder) {
    return !profile.ordered() && !storeOrder;
  }

  /**
   * The plan of a query as run on a profile: the processor's plan, and on an unordered store what its order costs;
   * a method with a limit ({@code First}/{@code Top}) also gets the warning that it reads its whole range. The words
   * are {@link PlanCosts}'s, which the processor writes into the method's Javadoc for the store it was compiled for.
   *
   * @param storeOrder whether the run follows the store's order (a count)
   */
  static String plan(EntityQuery query, StoreProfile profile, boolean storeOrder) {
    return PlanCosts.plan(query.plan(), profile, query.kind(), storeOrder, query.limit());
  }

  /** Whether every row of the range was handed out. */
  boolean exhausted() {
    return read && rows.isEmpty();
  }

  /** The token resuming after the last row handed out, or null when none follows. */
  String token() {
    return exhausted() || last == null ? null : encode(last[0], last[1]);
  }

  /**
   * The next at most {@code max} rows in key order: at the first call the whole range is read (all of its pages,
   * the blocking way when {@code executor} is null, else with the store's async queries), then sorted.
   */
  CompletableFuture<List<TableRow>> next(RunRequests run, TableQuery range, int max, Executor executor) {
    if (read) {
      return CompletableFuture.completedFuture(take(max));
    }
    List<TableRow> all = new ArrayList<>();
    TableQuery[] page = {range.toBuilder().limit(StoreLimits.MAX_PAGE_SIZE).continuation(null).build()};
    return Futures.loop(() -> page[0] != null, () -> {
      run.countRequest();
      return run.page(page[0], executor).thenAccept((QueryResult result) -> {
        run.countRowsRead(result.rows().size());
        all.addAll(result.rows());
        page[0] = result.continuation() == null ? null : page[0].withContinuation(result.continuation());
      });
    }).thenApply(done -> {
      all.sort(KEY_ORDER);
      for (TableRow row : all) {
        if (last == null || after(row, last)) {
          rows.add(row);
        }
      }
      read = true;
      return take(max);
    });
  }

  private List<TableRow> take(int max) {
    List<TableRow> taken = new ArrayList<>(Math.min(max, rows.size()));
    while (taken.size() < max && !rows.isEmpty()) {
      TableRow row = rows.poll();
      taken.add(row);
      last = new String[] {row.partitionKey(), row.rowKey()};
    }
    return taken;
  }

  private static boolean after(TableRow row, String[] keys) {
    int order = row.partitionKey().compareTo(keys[0]);
    return order > 0 || order == 0 && row.rowKey().compareTo(keys[1]) > 0;
  }

  private static String encode(String partitionKey, String rowKey) {
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    return PREFIX + base64.encodeToString(partitionKey.getBytes(StandardCharsets.UTF_8)) + "."
        + base64.encodeToString(rowKey.getBytes(StandardCharsets.UTF_8));
  }

  private static String[] decode(String token, String table) {
    if (token.startsWith(PREFIX)) {
      String[] parts = token.substring(PREFIX.length()).split("\\.", -1);
      if (parts.length == 2) {
        try {
          Base64.Decoder base64 = Base64.getUrlDecoder();
          return new String[] {new String(base64.decode(parts[0]), StandardCharsets.UTF_8),
              new String(base64.decode(parts[1]), StandardCharsets.UTF_8)};
        } catch (IllegalArgumentException garbled) {
          // reported below
        }
      }
    }
    String shown = token.length() <= 40 ? token : token.substring(0, 40) + "…";
    throw new IllegalArgumentException("continuation token '" + shown + "' of a read of table '" + table
        + "' is not one this runtime issued for a read sorted in the client (a store that keeps no key order);"
        + " pass Page.continuationToken() unchanged, to the same method on the same store");
  }
}
