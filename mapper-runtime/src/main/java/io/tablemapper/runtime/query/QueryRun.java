package io.tablemapper.runtime.query;

import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.rows.IndexCopies;

/**
 * One execution of a planned {@link EntityQuery}: reads the store a backend page at a time and resolves each row
 * to the row of a matching entity, counting what it read for the {@link io.tablemapper.api.QueryListener}.
 *
 * <p>The mapper's discriminator is added to every read: {@code EntityType eq 'Employee'} for the entity's own rows,
 * {@code EntityType eq 'Employee#email'} through an index. A full index copy holds the whole entity, so it is read
 * as the entity, with the copy's ETag: rewritten with every write of the entity that keeps the index, and writes
 * accept its ETag as the entity's while the stored entity is the one the copy shows
 * ({@code WritePlanner.copyShowsStored}). A partial copy is
 * followed to its entity with a point read, and the query's filter is then applied to the entity in the client,
 * as the copy lacks the properties; an entity that no longer belongs at the copy (changed between the two reads)
 * is skipped.
 *
 * <p>A remote index ({@link IndexMapping#remote()}: copies in other partitions or another table, kept eventually
 * consistent by the pending work) is read in its own table and partitions, and every copy, whatever it holds, is
 * followed to its entity ({@link EntityMapping#PRIMARY_PARTITION_KEY_PROPERTY} and
 * {@link EntityMapping#PRIMARY_ROW_KEY_PROPERTY}, in the entity's table): such a copy may be stale, so it only names a
 * candidate. The entity is returned only if it still exists, is of the entity's type, matches the query's filter
 * and its index keys are still this copy's keys — then it matches every condition the copy's keys stood for. A
 * copy whose entity is gone, changed or moved is skipped. A full copy lets the store apply the filter to the copies
 * first (a copy that no longer agrees with its entity is then at worst skipped, as a not yet updated copy is); a
 * partial or keys-only copy is read for its markers alone. The entities of one backend page are fetched in parallel
 * on the mapper's read pool ({@code readParallelism}); the caller runs any fetch the pool has not started, so a
 * fetch never waits for a pool that is busy with the reads of a union.
 *
 * <p>Copies of a remote index declared {@code reads = IndexReads.COPIES} answer a query the processor found them
 * able to ({@link EntityQuery#copiesAnswer()}): each matching copy is read, the store applying the filter to it, as
 * its entity's row ({@link IndexCopies#remotePrimaryView}: the entity's keys, the copy's properties, the ETag of the
 * entity's version the copy was written from), and no entity is read — one request per page, eventually
 * consistent (docs/indexes.md, "Queries answered by copies").
 *
 * <p>A run for a {@link io.tablemapper.internal.mapping.Projection} asks the store for the projected properties
 * alone ({@code select}), also for a point read, which it then makes as a query of one RowKey (a point read of the
 * SPI returns the whole row); a full copy is read the same way, with the RowKey of its entity. A partial copy still
 * leads to a point read of its whole entity: the filter and the check that the entity still belongs at the copy
 * need properties the projection may lack, and the copy may lack projected ones. Where a class of the entity's
 * hierarchy is of a version above 1, a projection also selects the version marker and the discriminator: a row
 * written by an older version is then read whole and upgraded by its class's mapping (its {@code @Upgrade} method and
 * defaults) into a row of the current version, never stored, that the projection reads.
 *
 * <p>A key-list index ({@link IndexMapping#keyList()}) is read by one point read of its value's head row (and one
 * range read of its part rows when the list outgrew one row), whose entities
 * are then read a page at a time as those of remote copies are (in parallel, each verified: an entity listed but gone
 * or changed is skipped), in the list's order, which is their key order; the token is the last entry read.
 *
 * <p>For the listener, rows read are every row the backend returned, the entities fetched for partial copies
 * included, and requests are the queries and point reads made.
 *
 * <p>Each row read yields at most one entity, so asking the backend for at most the entities still wanted keeps
 * its continuation token exactly after the last entity returned. Not thread-safe.
 */
public final class QueryRun<T> implements RowSource {
  /** What is read of a partial copy: only what leads to its entity (the keys and ETag come anyway). */
  private static final List<String> FOLLOWED = List.of(EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
  /** What is read of a remote copy: the keys of its entity. */
  private static final List<String> FOLLOWED_REMOTE =
      List.of(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY, EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
  /** What a projection through copies that answer reads besides its properties: the entity's keys and version. */
  private static final List<String> ANSWERING = List.of(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY,
      EntityMapping.PRIMARY_ROW_KEY_PROPERTY, EntityMapping.PRIMARY_ETAG_PROPERTY);

  private final ReadSide reading;
  private final EntityMapping<T> mapping;
  private final EntityQuery query;
  private final IndexMapping<T> index;
  /**
   * Whether each copy read leads to a read of its entity: a partial or keys-only copy, any remote copy unless its
   * copies answer ({@link #answers}).
   */
  private final boolean follows;
  /**
   * Whether the copies of a remote index answer the query alone ({@link EntityQuery#copiesAnswer()} on an index
   * declared {@code reads = IndexReads.COPIES}): each read as its entity's row, no entity read.
   */
  private final boolean answers;
  /** Whether the run reads the one row of a key-list index's value, then each entity it lists. */
  private final boolean listed;
  /** The table read: the entity's, or a remote index's. */
  private final String readTable;
  private final String pointKey;
  private final boolean keysOnly;
  private final List<String> projection;
  private final boolean versioned;
  private final TableQuery base;
  /** The run's store requests and what they read. */
  private final RunRequests requests;
  private String token;
  private boolean exhausted;
  /** Follows copies to their entities. */
  private final CopyFollowing<T> following;
  /** Reads older versions' rows as their class's current version. */
  private final Upgrades<T> upgrades;
  /** The reads of a key-list index's value: its list, then the entities it names; null for any other run. */
  private final KeyListReads<T> keyList;
  /** The key order of a range read on a store that keeps none; null where the store's order serves. */
  private final ClientOrder clientOrder;
  /** The plan the query listener hears: the query's, with what the store's profile makes it cost. */
  private final String plan;

  /**
   * Starts a run.
   *
   * @param startToken the backend token to resume from, or null to start at the beginning
   * @param countOnly whether only the number of matches is wanted: rows are then read without properties, except
   *     through a partial index, whose copies are followed to their entities as for any other read (so that a
   *     count agrees with a list on copies whose entity is gone or changed)
   */
  QueryRun(ReadSide reading, EntityMapping<T> mapping, EntityQuery query, String startToken, boolean countOnly) {
    this(reading, mapping, query, startToken, countOnly, null);
  }

  /**
   * Starts a run that reads entities (for {@link EntityQueries}: each decoded as its entity) or, with
   * {@code projection}, only some of their properties.
   *
   * @param projection the stored names of the properties to read, or null for whole entities
   */
  QueryRun(
      ReadSide reading, EntityMapping<T> mapping, EntityQuery query, String startToken, boolean countOnly,
      List<String> projection) {
    this(reading, mapping, query, startToken, countOnly, projection, false);
  }

  /**
   * Starts a run, saying whether its rows may come in the store's order.
   *
   * @param storeOrder whether the store's order serves (a count of a single read): otherwise, on a store that keeps
   *     no key order, the run reads its range whole and sorts it in the client ({@link ClientOrder})
   */
  QueryRun(
      ReadSide reading, EntityMapping<T> mapping, EntityQuery query, String startToken, boolean countOnly,
      List<String> projection, boolean storeOrder) {
    this.reading = reading;
    this.mapping = mapping;
    this.query = query;
    this.index = indexOf(mapping, query);
    this.answers = index != null && index.copyReads() && query.copiesAnswer();
    this.follows = index != null && !answers && (!index.fullCopy() || index.remote());
    this.listed = index != null && index.keyList();
    this.readTable = index != null && index.remote() ? index.table() : mapping.table();
    this.keysOnly = countOnly && !follows;
    this.projection = keysOnly ? null : projection;
    this.versioned = this.projection != null && newestVersion(mapping) > 1;
    // keys only: a query that selects no property, not a point read; a key list's row is read by its key whatever
    // the entities' projection
    this.pointKey = listed ? query.pointRowKey() : this.projection != null || keysOnly ? null : query.pointRowKey();
    this.token = startToken;
    this.requests = new RunRequests(reading, readTable);
    // a point read needs no query: its row is matched in place (next), without building one per read
    this.base = pointKey != null || listed ? null : baseQuery();
    this.following = new CopyFollowing<>(requests, reading, mapping, index, query.filter());
    this.upgrades = new Upgrades<>(requests, reading, mapping, query.filter(), follows);
    this.keyList = listed ? new KeyListReads<>(requests, reading, query, index, readTable, startToken, following,
        upgrades, versioned) : null;
    boolean sorted = base != null && ClientOrder.applies(reading.backend().profile(), storeOrder);
    this.clientOrder = sorted ? new ClientOrder(startToken, readTable) : null;
    this.plan = ClientOrder.plan(query, reading.backend().profile(), storeOrder || base == null);
  }

  private TableQuery baseQuery() {
    TableQuery.Builder builder = TableQuery.builder(readTable);
    if (query.partitionKey() != null) {
      builder.partitionKey(query.partitionKey());
    }
    return builder
        .rowFrom(query.rowFrom())
        .rowTo(query.rowTo())
        .filter(serverFilter())
        .select(select())
        .build();
  }

  /** The properties a query asks for: none, those that lead to the entities, the projection's, or all (null). */
  private List<String> select() {
    if (keysOnly) {
      return List.of();
    }
    if (follows) {
      return index.remote() ? FOLLOWED_REMOTE : FOLLOWED;
    }
    if (projection == null) {
      return null;
    }
    List<String> names = new ArrayList<>(projection);
    if (versioned) {
      add(names, EntityMapping.VERSION_PROPERTY);
      add(names, reading.discriminator().name());
    }
    if (answers) {
      ANSWERING.forEach(name -> add(names, name));
    } else if (index != null) {
      add(names, EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    }
    return names;
  }

  private static void add(List<String> names, String name) {
    if (!names.contains(name)) {
      names.add(name);
    }
  }

  /** The highest version of the concrete classes of a mapping's hierarchy known now. */
  private static int newestVersion(EntityMapping<?> mapping) {
    int newest = mapping.version();
    for (EntityMapping<?> member : Hierarchy.members(mapping)) {
      newest = Math.max(newest, member.version());
    }
    return newest;
  }

  /** Whether the store has nothing more for this query. */
  @Override
  public boolean exhausted() {
    return listed ? keyList.exhausted() : exhausted;
  }

  /** The backend's token to resume after the last row read, or null at the end. */
  @Override
  public String token() {
    return listed ? keyList.token() : exhausted ? null : token;
  }

  /**
   * The rows of the next matching entities: at most {@code max}, from one backend request (plus the point reads
   * of partial copies); may be empty while more follow. With {@code countOnly}, rows may lack their properties.
   */
  @Override
  public List<TableRow> next(int max) {
    return Futures.join(next(max, null));
  }

  /**
   * {@link #next} on the store's async path ({@code getAsync}/{@code queryAsync}): the same rows, and the entities of
   * partial and remote copies fetched all at once with async point reads; a key list's rows and entities
   * ({@link #listed}) and the upgrade of a projected row of an older version ({@link Upgrades#currentAll}) by the same
   * steps as the blocking path's, with async requests. One call at a time: the next once this one's future has
   * completed.
   */
  @Override
  public CompletableFuture<List<TableRow>> nextAsync(int max, Executor executor) {
    requests.enter();
    return next(max, executor);
  }

  /**
   * {@link #next} on either path: the blocking one when {@code executor} is null (each step's future complete when
   * it returns), else the store's async one. Only the store calls differ ({@link RunRequests#read},
   * {@link RunRequests#page},
   * {@link CopyFollowing#followAll} or {@link CopyFollowing#followAllAsync}).
   */
  private CompletableFuture<List<TableRow>> next(int max, Executor executor) {
    if (exhausted()) {
      return CompletableFuture.completedFuture(List.of());
    }
    if (listed) {
      return keyList.listed(max, executor); // a key list's rows, then the entities it names
    }
    if (pointKey != null) {
      exhausted = true;
      requests.countRequest();
      // a point read needs no query: its row is matched here as the backend matches a query's rows
      return Futures.compose(requests.read(readTable, query.partitionKey(), pointKey, executor), row -> {
        if (row.isEmpty()) {
          return CompletableFuture.completedFuture(List.of());
        }
        requests.countRowRead();
        return inRange(row.get()) && matchesServerFilter(row.get())
            ? resolved(List.of(row.get()), executor)
            : CompletableFuture.completedFuture(List.of());
      });
    }
    if (clientOrder != null) {
      // the range read whole with the store's tokens and sorted here, then handed out in key order
      return Futures.compose(clientOrder.next(requests, base, max, executor), read -> {
        token = clientOrder.token();
        exhausted = clientOrder.exhausted();
        return resolved(read, executor);
      });
    }
    requests.countRequest();
    TableQuery request =
        base.toBuilder().limit(Math.min(max, StoreLimits.MAX_PAGE_SIZE)).continuation(token).build();
    return Futures.compose(requests.page(request, executor), result -> {
      requests.countRowsRead(result.rows().size());
      token = result.continuation();
      exhausted = token == null;
      return resolved(result.rows(), executor);
    });
  }

  /**
   * The rows of entities a page of rows stands for: each resolved ({@link #resolve}; a run that follows copies is
   * never keysOnly: even a count reads each copy's entity), projected rows of older versions upgraded.
   */
  private CompletableFuture<List<TableRow>> resolved(List<TableRow> rows, Executor executor) {
    CompletableFuture<List<TableRow>> resolved;
    if (follows) {
      resolved = executor == null
          ? CompletableFuture.completedFuture(following.followAll(rows))
          : following.followAllAsync(rows, executor);
    } else {
      List<TableRow> matches = new ArrayList<>(rows.size());
      for (TableRow row : rows) {
        TableRow each = resolve(row);
        if (each != null) {
          matches.add(each);
        }
      }
      resolved = CompletableFuture.completedFuture(matches);
    }
    return versioned
        ? Futures.compose(resolved, matches -> upgrades.anyOlder(matches)
            ? upgrades.currentAll(matches, executor)
            : CompletableFuture.completedFuture(matches))
        : resolved;
  }

  /** Reports what was read since the last report, and starts counting afresh. */
  @Override
  public void report(int rowsReturned) {
    requests.report(query.method(), query.kind(), plan, rowsReturned);
  }

  /** The run's store requests, and what they read since the last report or take. */
  RunRequests requests() {
    return requests;
  }

  private Filter serverFilter() {
    if (index == null) {
      return Filter.and(reading.discriminator().typeFilter(mapping), query.filter());
    }
    Filter copies = reading.discriminator().is(index.copyType());
    return index.fullCopy() || answers ? Filter.and(copies, query.filter()) : copies;
  }

  /** A row the backend matched with the server-side filter. */
  private TableRow resolve(TableRow row) {
    if (index == null || keysOnly) {
      return row;
    }
    if (follows) {
      return following.follow(row);
    }
    return answers ? IndexCopies.remotePrimaryView(reading.discriminator(), row, mapping.typeName())
        : IndexCopies.primaryView(reading.discriminator(), row, mapping.typeName());
  }

  /** Whether a row read by its keys lies in the query's RowKey range. */
  private boolean inRange(TableRow row) {
    return (query.rowFrom() == null || query.rowFrom().admitsFromBelow(row.rowKey()))
        && (query.rowTo() == null || query.rowTo().admitsFromAbove(row.rowKey()));
  }

  /** What {@link #serverFilter()} decides for a row, without building it. */
  private boolean matchesServerFilter(TableRow row) {
    boolean selected;
    if (index == null) {
      selected = ofEntityType(reading, mapping, row);
    } else {
      selected = index.copyType().equals(reading.discriminator().typeOf(row));
    }
    return selected && (index != null && !index.fullCopy() && !answers || matches(row));
  }

  /**
   * Whether a row of the entity's table is one of the entity's rows: of its class or a subclass (a row without a
   * discriminator is adopted by its keys), as the discriminator filter of every read selects them.
   */
  static boolean ofEntityType(ReadSide reading, EntityMapping<?> mapping, TableRow row) {
    String type = reading.discriminator().typeFor(row, mapping);
    return type != null && Hierarchy.hasType(mapping, type);
  }

  private boolean matches(TableRow row) {
    return query.filter() == null || query.filter().test(row);
  }

  private static <T> IndexMapping<T> indexOf(EntityMapping<T> mapping, EntityQuery query) {
    if (query.index() == null) {
      return null;
    }
    IndexMapping<T> index = mapping.indexNamed(query.index());
    if (index == null) {
      List<String> names = new ArrayList<>();
      mapping.allIndexes().forEach(each -> names.add(each.name()));
      throw new TableMapperException(
          query.method() + " reads through index '" + query.index() + "', which "
              + mapping.entityClass().getSimpleName() + " does not declare (its indexes: "
              + (names.isEmpty() ? "none" : String.join(", ", names))
              + "); rebuild the project so that generated code matches its sources");
    }
    return index;
  }
}
