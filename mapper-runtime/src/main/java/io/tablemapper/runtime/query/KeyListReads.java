package io.tablemapper.runtime.query;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.IndexLists;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * How a run reads through a key-list index ({@link io.tablemapper.annotations.IndexForm#KEY_LIST}): the one list of
 * the query's value — its head and, in one range read, its parts — read once at the first page, then page by page
 * the entities it names, each followed and verified as a remote copy's entity is ({@link CopyFollowing}); the run's
 * token is the last entry read, so a page resumes after it.
 *
 * @param <T> the entity class
 */
final class KeyListReads<T> {
  private final RunRequests run;
  private final ReadSide reading;
  private final EntityQuery query;
  private final IndexMapping<T> index;
  /** The table the lists are in: the index's, or the entity's for a list in its own partition. */
  private final String readTable;
  private final CopyFollowing<T> following;
  private final Upgrades<T> upgrades;
  /** Whether rows of older versions are upgraded before they are returned. */
  private final boolean versioned;
  /** The entries of the key list read (once, at the first page), in key order; null before. */
  private List<String> entries;
  /** The position in {@link #entries} of the next entity to read. */
  private int cursor;
  /** The last entry read (or the one the start token named), which a page resumes after; null before the first. */
  private String token;
  /** Whether every entity the list names was read. */
  private boolean exhausted;

  /** @param startToken the entry a page resumes after ({@link #token}), or null to start at the first */
  KeyListReads(RunRequests run, ReadSide reading, EntityQuery query, IndexMapping<T> index, String readTable,
      String startToken, CopyFollowing<T> following, Upgrades<T> upgrades, boolean versioned) {
    this.run = run;
    this.token = startToken;
    this.reading = reading;
    this.query = query;
    this.index = index;
    this.readTable = readTable;
    this.following = following;
    this.upgrades = upgrades;
    this.versioned = versioned;
  }

  /** Whether every entity the list names was read. */
  boolean exhausted() {
    return exhausted;
  }

  /** The entry a page resumes after: the last one read, or null at the end. */
  String token() {
    return exhausted ? null : token;
  }

  /**
   * The part rows of a key list whose head is {@code head}: none, or those of one range read (all its pages), the
   * blocking way when {@code executor} is null, else with the store's async queries.
   */
  private CompletableFuture<List<TableRow>> listParts(TableRow head, Executor executor) {
    if (IndexLists.parts(head) == 0) {
      return CompletableFuture.completedFuture(List.of());
    }
    List<TableRow> parts = new ArrayList<>();
    TableQuery[] range =
        {IndexLists.partsQuery(new PendingStep.Address(readTable, head.partitionKey(), head.rowKey()))};
    return Futures.loop(() -> range[0] != null, () -> {
      run.countRequest();
      return run.page(range[0], executor).thenAccept(page -> {
        run.countRowsRead(page.rows().size());
        for (TableRow row : page.rows()) {
          if (IndexLists.isPartOf(reading.discriminator(), index, head.rowKey(), row)) {
            parts.add(row);
          }
        }
        range[0] = page.continuation() == null ? null : range[0].withContinuation(page.continuation());
      });
    }).thenApply(done -> {
      if (!reading.backend().profile().ordered()) {
        parts.sort(Comparator.comparing(TableRow::rowKey)); // the list's order is its parts' RowKey order
      }
      return parts;
    });
  }
  /**
   * The next entities the key list names: at the first call the list's head (one point read of the value's keys)
   * and, when it has any, its part rows (one range read), then at most {@code max} of the entities it lists from where
   * the last call stopped (after the entry named by the token, when resumed), each verified as a remote copy's entity
   * is ({@link CopyFollowing}): an entity gone, changed or moved since it was listed is skipped. On either path: the
   * blocking calls when {@code executor} is null (the entities on the read pool), else the store's async requests
   * (the entities all at once).
   */
  CompletableFuture<List<TableRow>> listed(int max, Executor executor) {
    CompletableFuture<Void> opened = entries != null ? CompletableFuture.completedFuture(null)
        : Futures.start(() -> openList(executor));
    return Futures.compose(opened, done -> {
      List<TableRow> copies = nextCopies(max);
      CompletableFuture<List<TableRow>> entities = executor == null
          ? CompletableFuture.completedFuture(following.followAll(copies))
          : following.followAllAsync(copies, executor);
      return versioned ? Futures.compose(entities, rows -> upgrades.currentAll(rows, executor)) : entities;
    });
  }
  /** Reads the list's head and parts into {@link #entries}, skipping those up to the token when resumed. */
  private CompletableFuture<Void> openList(Executor executor) {
    String listRowKey = query.pointRowKey();
    if (listRowKey == null || query.partitionKey() == null) {
      throw new TableMapperException(query.method() + " reads through key-list index '" + index.name()
          + "' without one value of its keys; a key list serves point reads only: rebuild the project so that"
          + " generated code matches its sources");
    }
    run.countRequest();
    return Futures.compose(run.read(readTable, query.partitionKey(), listRowKey, executor), row -> {
      if (row.isPresent()) {
        run.countRowRead();
      }
      if (row.isEmpty() || !IndexLists.isHead(reading.discriminator(), index, row.get())) {
        return CompletableFuture.completedFuture(opened(List.of()));
      }
      return listParts(row.get(), executor).thenApply(parts -> opened(IndexLists.entries(row.get(), parts)));
    });
  }
  /** Takes the list's entries, skipping those up to the token when resumed. */
  private Void opened(List<String> listed) {
    entries = listed;
    while (token != null && cursor < entries.size() && entries.get(cursor).compareTo(token) <= 0) {
      cursor++;
    }
    return null;
  }
  /** The rows that lead to the next entities of the list, at most {@code max}; moves the cursor and the token. */
  private List<TableRow> nextCopies(int max) {
    String listRowKey = query.pointRowKey();
    int end = Math.min(entries.size(), cursor + Math.max(1, Math.min(max, StoreLimits.MAX_PAGE_SIZE)));
    List<TableRow> copies = new ArrayList<>(end - cursor);
    for (String entry : entries.subList(cursor, end)) {
      copies.add(TableRow.builder(query.partitionKey(), listRowKey, 2)
          .putString(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, IndexLists.partitionKeyOf(entry))
          .putString(EntityMapping.PRIMARY_ROW_KEY_PROPERTY, IndexLists.rowKeyOf(entry))
          .build());
    }
    int start = cursor;
    cursor = end;
    token = end > start ? entries.get(end - 1) : token;
    exhausted = cursor >= entries.size();
    return copies;
  }
}
