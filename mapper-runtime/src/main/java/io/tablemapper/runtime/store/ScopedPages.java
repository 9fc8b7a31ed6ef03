package io.tablemapper.runtime.store;

import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import io.tablemapper.runtime.support.Futures;

/**
 * The pages of a scoped view's queries ({@link ScopedBackend}): the store's rows as the view may see them ({@link
 * ScopeRows#visible}), and continuation tokens of the view's own that name only a row the view returned.
 *
 * <p>A store's token names a row it has not returned yet or the last it returned — either may be a row the view must
 * not see (another tenant's copy in a shared index partition) — so a store's token never leaves the view. A page of
 * the view ends on a row it returns, and its token is that row's keys: {@code tmscope1.<PartitionKey>.<RowKey>}, each
 * Base64url. Resuming reads the same query from just after those keys — the rest of that partition, then the
 * partitions after it — so a token, whatever it holds, leads only to rows of its query, seen as the view sees them.
 * Rows the view may not see are read and skipped until the page is full or the query ends. On a store that keeps no
 * key order every page reads its query whole and sorts it, as no store page can resume at a key there.
 */
public final class ScopedPages {
  private static final String PREFIX = "tmscope1.";

  private ScopedPages() {}

  /** A row's keys, where a page of the view ended. */
  private record Position(String partitionKey, String rowKey) {}

  /**
   * One page of {@code query} as the view sees it.
   *
   * @param select the properties to read: the query's, and those that say what the view may see of a row
   * @param send sends a query to the store (the blocking or the async path)
   * @param visible what the view may see of a row the store returned (null: nothing)
   */
  static CompletableFuture<QueryResult> page(TableQuery query, List<String> select, boolean ordered,
      Function<TableQuery, CompletableFuture<QueryResult>> send, Function<TableRow, TableRow> visible) {
    if (!ordered) {
      return unorderedPage(query, select, send, visible);
    }
    Position after = decode(query.continuation(), query.table());
    TableQuery base = query.toBuilder().continuation(null).select(select).build();
    List<TableQuery> segments = after == null ? List.of(base) : resumed(base, after);
    int limit = query.limit();
    List<TableRow> rows = new ArrayList<>();
    int[] segment = {0};
    String[] token = {null};
    CompletableFuture<Void> read = Futures.loop(() -> segment[0] < segments.size() && rows.size() < limit, () -> {
      TableQuery next = segments.get(segment[0]).withContinuation(token[0]).withLimit(limit - rows.size());
      return send.apply(next).thenAccept(page -> {
        for (TableRow row : page.rows()) {
          TableRow seen = query.matchesKeys(row.partitionKey(), row.rowKey()) ? visible.apply(row) : null;
          if (seen != null) {
            rows.add(query.project(seen));
          }
        }
        token[0] = page.continuation();
        if (token[0] == null) {
          segment[0]++;
        }
      });
    });
    return read.thenApply(done -> {
      // a full page took every row of its last store page: its last row is the last the store returned
      boolean more = rows.size() == limit && segment[0] < segments.size();
      TableRow last = more ? rows.get(rows.size() - 1) : null;
      return new QueryResult(rows, last == null ? null : encode(last.partitionKey(), last.rowKey()));
    });
  }

  /**
   * One page of the view on a store that keeps no key order (Cosmos DB): a store's page "after a key" would skip the
   * rows before that key it has not returned yet, so the query is read whole with the store's own tokens, the rows
   * the view sees are sorted by key, and the page is those after its token's keys, at most {@code limit}.
   */
  private static CompletableFuture<QueryResult> unorderedPage(TableQuery query, List<String> select,
      Function<TableQuery, CompletableFuture<QueryResult>> send, Function<TableRow, TableRow> visible) {
    Position after = decode(query.continuation(), query.table());
    TableQuery base = query.toBuilder().continuation(null).select(select).limit(StoreLimits.MAX_PAGE_SIZE).build();
    List<TableRow> rows = new ArrayList<>();
    String[] token = {null};
    boolean[] started = {false};
    CompletableFuture<Void> read = Futures.loop(() -> !started[0] || token[0] != null, () -> {
      started[0] = true;
      return send.apply(base.withContinuation(token[0])).thenAccept(page -> {
        for (TableRow row : page.rows()) {
          boolean ahead = after == null || row.partitionKey().compareTo(after.partitionKey()) > 0
              || row.partitionKey().equals(after.partitionKey()) && row.rowKey().compareTo(after.rowKey()) > 0;
          TableRow seen = ahead && query.matchesKeys(row.partitionKey(), row.rowKey()) ? visible.apply(row) : null;
          if (seen != null) {
            rows.add(query.project(seen));
          }
        }
        token[0] = page.continuation();
      });
    });
    return read.thenApply(done -> {
      rows.sort(StoreOrder.KEY_ORDER);
      if (rows.size() <= query.limit()) {
        return new QueryResult(rows, null);
      }
      TableRow last = rows.get(query.limit() - 1);
      return new QueryResult(rows.subList(0, query.limit()), encode(last.partitionKey(), last.rowKey()));
    });
  }

  /** The query from just after {@code after}: the rest of its partition, then the partitions above it. */
  private static List<TableQuery> resumed(TableQuery query, Position after) {
    List<TableQuery> segments = new ArrayList<>(2);
    String partition = after.partitionKey();
    if (admits(query.partitionFrom(), query.partitionTo(), partition)) {
      KeyBound rowFrom = higher(query.rowFrom(), KeyBound.exclusive(after.rowKey()));
      if (!empty(rowFrom, query.rowTo())) {
        segments.add(query.toBuilder().partitionKey(partition).rowFrom(rowFrom).build());
      }
    }
    KeyBound partitionFrom = higher(query.partitionFrom(), KeyBound.exclusive(partition));
    if (!empty(partitionFrom, query.partitionTo())) {
      segments.add(query.toBuilder().partitionFrom(partitionFrom).build());
    }
    return segments;
  }

  private static boolean admits(KeyBound from, KeyBound to, String key) {
    return (from == null || from.admitsFromBelow(key)) && (to == null || to.admitsFromAbove(key));
  }

  /** The higher of two lower bounds ({@code current} may be null: unbounded). */
  private static KeyBound higher(KeyBound current, KeyBound candidate) {
    if (current == null) {
      return candidate;
    }
    int order = current.key().compareTo(candidate.key());
    return order > 0 || order == 0 && !current.inclusive() ? current : candidate;
  }

  /** Whether no key lies between a lower and an upper bound. */
  private static boolean empty(KeyBound from, KeyBound to) {
    if (from == null || to == null) {
      return false;
    }
    int order = from.key().compareTo(to.key());
    return order > 0 || order == 0 && !(from.inclusive() && to.inclusive());
  }

  private static String encode(String partitionKey, String rowKey) {
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    return PREFIX + base64.encodeToString(partitionKey.getBytes(StandardCharsets.UTF_8)) + "."
        + base64.encodeToString(rowKey.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The position a token of the view names; null for none.
   *
   * @throws IllegalArgumentException if the token is not one the view makes
   */
  private static Position decode(String token, String table) {
    if (token == null) {
      return null;
    }
    int dot = token.indexOf('.', PREFIX.length());
    if (!token.startsWith(PREFIX) || dot < 0) {
      throw invalid(table);
    }
    try {
      Base64.Decoder base64 = Base64.getUrlDecoder();
      return new Position(new String(base64.decode(token.substring(PREFIX.length(), dot)), StandardCharsets.UTF_8),
          new String(base64.decode(token.substring(dot + 1)), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      throw invalid(table);
    }
  }

  private static IllegalArgumentException invalid(String table) {
    return new IllegalArgumentException("a continuation token of a query of table " + table + " through a scoped"
        + " view must be one that a page of the view returned (tmscope1.…); start the query again without it");
  }
}
