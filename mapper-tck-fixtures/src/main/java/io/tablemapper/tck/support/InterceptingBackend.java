package io.tablemapper.tck.support;

import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A backend around another that lets a test act between the mapper's reads and writes (another writer's race),
 * count and record the requests sent, and return pages that are short or empty while more follow — all within the
 * contract. Shared by the repository-level kit ({@code mapper-tck}) and the runtime's own tests: its counters and
 * records are public fields, which the tests read directly.
 */
public final class InterceptingBackend implements TableBackend {
  private static final String START = "start";

  /** The backend the requests go to. */
  public final TableBackend delegate;
  /** Every batch sent, as sent. */
  public final List<List<WriteOperation>> batches = new ArrayList<>();
  public final AtomicInteger queries = new AtomicInteger();
  /** Every query sent, as sent (the first page of a stingy one included). */
  public final List<TableQuery> sentQueries = Collections.synchronizedList(new ArrayList<>());
  public final AtomicInteger gets = new AtomicInteger();
  /** The threads that sent each point read and query, in order. */
  public final List<String> readThreads = Collections.synchronizedList(new ArrayList<>());
  public final AtomicInteger writes = new AtomicInteger();
  /** The table creations asked for, on either path. */
  public final AtomicInteger tableCreations = new AtomicInteger();
  /** The table creations that answered that they created the table (the others found it). */
  public final AtomicInteger tablesCreated = new AtomicInteger();
  public final AtomicInteger closes = new AtomicInteger();
  private final List<Runnable> beforeWrites = new ArrayList<>();
  private final List<Runnable> beforeGets = new ArrayList<>();
  /** Actions to run before the next point read of a table, by table. */
  private final Map<String, List<Runnable>> beforeGetsOf = new HashMap<>();
  private int pageCap;
  private boolean emptyPages;
  /** Queries still to pass before one fails, and with what; null when none is to fail. */
  private int queriesBeforeFailure;
  private RuntimeException queryFailure;
  private boolean closed;

  /** A backend that sends every request to {@code delegate}. */
  public InterceptingBackend(TableBackend delegate) {
    this.delegate = delegate;
  }

  /** Runs {@code action} (with the real backend) just before the next write or batch reaches the store. */
  public synchronized InterceptingBackend beforeNextWrite(Runnable action) {
    beforeWrites.add(action);
    return this;
  }

  /** Runs {@code action} (with the real backend) just before the next point read reaches the store. */
  public synchronized InterceptingBackend beforeNextGet(Runnable action) {
    beforeGets.add(action);
    return this;
  }

  /** Runs {@code action} (with the real backend) just before the next point read of {@code table} reaches the store. */
  public synchronized InterceptingBackend beforeNextGetOf(String table, Runnable action) {
    beforeGetsOf.computeIfAbsent(table, name -> new ArrayList<>()).add(action);
    return this;
  }

  /** Forgets the actions registered and not run yet. */
  public synchronized void forgetPendingActions() {
    beforeWrites.clear();
    beforeGets.clear();
    beforeGetsOf.clear();
  }

  /** Returns at most {@code cap} rows per page, and an empty page (with a token) before every real one. */
  public synchronized InterceptingBackend stingyPages(int cap) {
    this.pageCap = cap;
    this.emptyPages = true;
    return this;
  }

  /** Returns at most {@code cap} rows per page (with a token while more follow), without empty pages. */
  public synchronized InterceptingBackend cappedPages(int cap) {
    this.pageCap = cap;
    this.emptyPages = false;
    return this;
  }

  /** Lets {@code passing} more queries through, then fails the next one with {@code failure} (once). */
  public synchronized InterceptingBackend failQueryAfter(int passing, RuntimeException failure) {
    this.queriesBeforeFailure = passing;
    this.queryFailure = failure;
    return this;
  }

  private synchronized RuntimeException queryFailure() {
    if (queryFailure == null) {
      return null;
    }
    if (queriesBeforeFailure-- > 0) {
      return null;
    }
    RuntimeException failure = queryFailure;
    queryFailure = null;
    return failure;
  }

  /** Whether the backend was closed. */
  public boolean closed() {
    return closed;
  }

  /** The requests sent so far, of each kind that reads or writes rows. */
  public synchronized Requests requests() {
    return new Requests(gets.get(), queries.get(), writes.get(), batches.size());
  }

  /** Numbers of requests of each kind: point reads, queries, single writes and batches (failed ones included). */
  public record Requests(int gets, int queries, int writes, int batches) {

    /** The requests sent since {@code before} was taken. */
    public Requests since(Requests before) {
      return new Requests(
          gets - before.gets, queries - before.queries, writes - before.writes, batches - before.batches);
    }

    /** All of them. */
    public int total() {
      return gets + queries + writes + batches;
    }
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    tableCreations.incrementAndGet();
    return created(delegate.createTableIfNotExists(table));
  }

  /** The delegate's async table creation (the SDK's async client on Azure), counted as the blocking one. */
  @Override
  public CompletableFuture<Boolean> createTableIfNotExistsAsync(String table, Executor executor) {
    tableCreations.incrementAndGet();
    return delegate.createTableIfNotExistsAsync(table, executor).thenApply(this::created);
  }

  private boolean created(boolean created) {
    if (created) {
      tablesCreated.incrementAndGet();
    }
    return created;
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    return delegate.deleteTableIfExists(table);
  }

  @Override
  public List<String> listTables(String prefix) {
    return delegate.listTables(prefix);
  }

  @Override
  public boolean tableExists(String table) {
    return delegate.tableExists(table);
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    gets.incrementAndGet();
    readThreads.add(Thread.currentThread().getName());
    run(beforeGets);
    List<Runnable> ofTable;
    synchronized (this) {
      ofTable = beforeGetsOf.computeIfAbsent(table, name -> new ArrayList<>());
    }
    run(ofTable);
    return delegate.get(table, partitionKey, rowKey);
  }

  /** The profile of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreProfile profile() {
    return delegate.profile();
  }

  /** The description of the store this one wraps. */
  @Override
  public io.tablemapper.spi.StoreDescription description() {
    return delegate.description();
  }

  @Override
  public QueryResult query(TableQuery query) {
    queries.incrementAndGet();
    readThreads.add(Thread.currentThread().getName());
    sentQueries.add(query);
    RuntimeException failure = queryFailure();
    if (failure != null) {
      throw failure;
    }
    if (!emptyPages) {
      return delegate.query(pageCap > 0 ? query.toBuilder().limit(Math.min(query.limit(), pageCap)).build() : query);
    }
    String token = query.continuation();
    if (token == null || !token.startsWith("real:")) {
      // every other page is empty: hand out a token that makes the next request a real one
      String resume = token == null || token.equals(START) ? START : token;
      return new QueryResult(List.of(), "real:" + resume);
    }
    String real = token.substring("real:".length());
    TableQuery capped = query.toBuilder()
        .limit(Math.min(query.limit(), pageCap))
        .continuation(real.equals(START) ? null : real)
        .build();
    return delegate.query(capped);
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    run(beforeWrites);
    writes.incrementAndGet();
    return delegate.write(table, operation);
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    run(beforeWrites);
    synchronized (this) {
      batches.add(List.copyOf(operations));
    }
    return delegate.batch(table, operations);
  }

  private void run(List<Runnable> pending) {
    List<Runnable> actions;
    synchronized (this) {
      actions = new ArrayList<>(pending);
      pending.clear();
    }
    actions.forEach(Runnable::run);
  }

  @Override
  public void close() {
    closes.incrementAndGet();
    closed = true;
    delegate.close();
  }
}
