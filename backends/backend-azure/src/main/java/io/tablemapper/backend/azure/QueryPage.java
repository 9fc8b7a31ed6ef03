package io.tablemapper.backend.azure;

import com.azure.core.http.rest.PagedResponse;
import com.azure.core.util.Context;
import com.azure.data.tables.TableAsyncClient;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.tablemapper.backend.azure.ContinuationToken.Phase;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * One page of a {@link TableQuery}: one request to the service, whose rows are checked with the query's own
 * {@link TableQuery#matches} (the OData filter sent selects at least the matches, see {@link ODataFilter}) and
 * projected.
 *
 * <p>Where the next page resumes is described in {@link ContinuationToken}: right after the last row the service
 * returned, within its partition first, so every request is a key-range query. A page may be short or empty and
 * still carry a token. On a service without key order (the Cosmos DB Table API, {@link StoreProfile#keyContinuation()}
 * false) every page resumes with the service's own continuation, in the query's whole key range.
 */
final class QueryPage {
  private final TableQuery query;
  private final ContinuationToken position;
  /** The query's partition range narrowed to where {@link #position} resumes. */
  private final KeyBound partitionFrom;
  private final KeyBound partitionTo;
  private final KeyBound rowFrom;
  /**
   * Whether a page may resume after its last row's keys (Table Storage's key order); false on a store without one
   * (the Cosmos DB Table API), where only the service's own continuation resumes without skipping rows.
   */
  private final boolean keyContinuation;

  QueryPage(TableQuery query) {
    this(query, StoreProfile.AZURE_TABLE_STORAGE);
  }

  /** A page of a query on a service of this profile. */
  QueryPage(TableQuery query, StoreProfile profile) {
    this.query = query;
    this.keyContinuation = profile.keyContinuation();
    this.position = query.continuation() == null
        ? ContinuationToken.start(null)
        : ContinuationToken.decode(query.continuation(), query.table());
    switch (position.phase()) {
      case IN_PARTITION:
        checkWithinQuery(position.partitionKey());
        partitionFrom = KeyBound.inclusive(position.partitionKey());
        partitionTo = partitionFrom;
        rowFrom = KeyBound.higherLower(query.rowFrom(), KeyBound.exclusive(position.rowKey()));
        break;
      case AFTER_PARTITION:
        checkWithinQuery(position.partitionKey());
        partitionFrom = KeyBound.higherLower(query.partitionFrom(), KeyBound.exclusive(position.partitionKey()));
        partitionTo = query.partitionTo();
        rowFrom = query.rowFrom();
        break;
      default:
        partitionFrom = query.partitionFrom();
        partitionTo = query.partitionTo();
        rowFrom = query.rowFrom();
    }
  }

  /**
   * The OData filter of this page's request: the key ranges and the query's filter, cut down to the service's
   * {@value ODataFilter#MAX_COMPARISONS} comparisons where it has more (see {@link ODataFilter#limitedTo}).
   */
  ODataFilter filter() {
    return fullFilter().limitedTo(ODataFilter.MAX_COMPARISONS);
  }

  private ODataFilter fullFilter() {
    return ODataFilter.and(List.of(
        ODataFilter.keyRange("PartitionKey", partitionFrom, partitionTo),
        ODataFilter.keyRange("RowKey", rowFrom, query.rowTo()),
        ODataFilter.of(query.filter())));
  }

  /**
   * How this page is read, for messages: the {@code $filter} sent, and, where the query's filter takes more
   * comparisons than the service allows, that the service applies only part of it. Every row received is checked
   * against the whole query in the client either way.
   */
  String plan() {
    ODataFilter full = fullFilter();
    ODataFilter sent = full.limitedTo(ODataFilter.MAX_COMPARISONS);
    if (sent.selectsNothing()) {
      return "no request: no row can match";
    }
    String filter = sent == ODataFilter.ALL ? "no $filter" : "$filter " + sent;
    if (sent == full) {
      return filter;
    }
    return filter + " (" + sent.comparisons() + " of the filter's " + full.comparisons() + " comparisons: the"
        + " service takes at most " + ODataFilter.MAX_COMPARISONS + "; the rest is checked in the client on the"
        + " rows received, so pages may come back short)";
  }

  /** The properties the request selects: the projection plus what the filter reads; null for all. */
  List<String> select() {
    if (query.select() == null) {
      return null;
    }
    Set<String> names = new LinkedHashSet<>(List.of("PartitionKey", "RowKey", "Timestamp"));
    for (String name : query.select()) {
      if (StoreLimits.isValidPropertyName(name)) {
        names.add(name);
      }
    }
    addFilterProperties(query.filter(), names);
    return new ArrayList<>(names);
  }

  private static void addFilterProperties(Filter filter, Set<String> names) {
    if (filter instanceof Filter.Comparison) {
      String name = ((Filter.Comparison) filter).property();
      if (StoreLimits.isValidPropertyName(name)) {
        names.add(name);
      }
    } else if (filter instanceof Filter.Presence) {
      String name = ((Filter.Presence) filter).property();
      if (StoreLimits.isValidPropertyName(name)) {
        names.add(name);
      }
    } else if (filter instanceof Filter.And) {
      ((Filter.And) filter).operands().forEach(operand -> addFilterProperties(operand, names));
    } else if (filter instanceof Filter.Or) {
      ((Filter.Or) filter).operands().forEach(operand -> addFilterProperties(operand, names));
    }
  }

  /**
   * Reads the page; {@code ensureTable} is called instead of a request when the key ranges and filter select
   * nothing, so that a missing table is still reported.
   */
  QueryResult read(TableClient client, Runnable ensureTable) {
    ListEntitiesOptions options = options();
    if (options == null) {
      ensureTable.run();
      return new QueryResult(List.of(), exhausted());
    }
    var pages = client.listEntities(options, null, new Attempts.Counter().context(Context.NONE));
    Iterator<PagedResponse<TableEntity>> iterator =
        (position.service() == null ? pages.iterableByPage() : pages.iterableByPage(position.service())).iterator();
    return result(iterator.hasNext() ? iterator.next() : null);
  }

  /**
   * {@link #read} with the SDK's async client: the one request of the page, its first page of answer taken and the
   * rest cancelled. Null when the page needs no request, which the caller then reads the blocking way (the table's
   * existence is checked then).
   */
  Mono<PagedResponse<TableEntity>> readAsync(TableAsyncClient client) {
    ListEntitiesOptions options = options();
    if (options == null) {
      return null;
    }
    var pages = client.listEntities(options);
    return (position.service() == null ? pages.byPage() : pages.byPage(position.service())).next();
  }

  /** The options of this page's request, or null when the key ranges and filter select nothing. */
  private ListEntitiesOptions options() {
    ODataFilter filter = filter();
    if (filter.selectsNothing()) {
      return null;
    }
    return new ListEntitiesOptions()
        .setTop(query.limit())
        .setFilter(filter.text())
        .setSelect(select());
  }

  /** The page read from the service's answer (null: none came): its matching rows, projected, and the next token. */
  QueryResult result(PagedResponse<TableEntity> page) {
    List<TableRow> rows = new ArrayList<>();
    String serviceToken = null;
    TableEntity last = null;
    if (page != null) {
      for (TableEntity entity : page.getElements()) {
        last = entity;
        TableRow row = Entities.toRow(entity);
        if (query.matches(row)) {
          rows.add(query.project(row));
        }
      }
      serviceToken = page.getContinuationToken();
    }
    String next;
    if (!keyContinuation) {
      // no key order: the service's continuation is the only position; a key would skip the rows it has not sent
      next = serviceToken != null ? position.withService(serviceToken).encode() : null;
    } else if (last != null) {
      next = serviceToken != null
          ? ContinuationToken.after(last.getPartitionKey(), last.getRowKey()).encode()
          : exhaustedAfter(last.getPartitionKey());
    } else {
      next = serviceToken != null ? position.withService(serviceToken).encode() : exhausted();
    }
    return new QueryResult(rows, next);
  }

  /** The token once this page's phase has no more rows: the partitions after the current one, if any may follow. */
  private String exhausted() {
    return position.phase() == Phase.IN_PARTITION ? exhaustedAfter(position.partitionKey()) : null;
  }

  /**
   * The token once the service has no more rows for this page's phase, the last of which was in
   * {@code partitionKey}: only the rest of one partition was read in {@code IN_PARTITION}, so the partitions after
   * it follow, unless the query's range ends there.
   */
  private String exhaustedAfter(String partitionKey) {
    if (position.phase() != Phase.IN_PARTITION || query.singlePartition() != null) {
      return null;
    }
    KeyBound to = query.partitionTo();
    boolean more = to == null || to.key().compareTo(partitionKey) > 0;
    return more ? ContinuationToken.afterPartition(partitionKey).encode() : null;
  }

  private void checkWithinQuery(String partitionKey) {
    boolean within = (query.partitionFrom() == null || query.partitionFrom().admitsFromBelow(partitionKey))
        && (query.partitionTo() == null || query.partitionTo().admitsFromAbove(partitionKey));
    if (!within) {
      throw new IllegalArgumentException(
          "continuation token of table '" + query.table() + "' resumes in partition '" + partitionKey
              + "', outside the query's partition range; pass a token only with the query that returned it");
    }
  }
}
