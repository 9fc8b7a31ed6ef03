package io.tablemapper.backend.memory;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link TableBackend} that keeps its tables in memory: the fastest backend, for tests and for data that need
 * not outlive the process. Create one with {@link #create()}, or with {@link #builder()} to choose how it versions
 * the rows of a batch, or to simulate the Cosmos DB Table API ({@link Builder#profile}) instead.
 *
 * <p>By default it behaves like Azure Table Storage, as the conformance kit pins down:
 *
 * <ul>
 *   <li>Table names follow {@link StoreLimits#checkTableName} and are case-insensitive ({@code Orders} and
 *       {@code orders} are one table); messages use the spelling the table was created with. The table is checked
 *       before anything else: an invalid row written to a missing table gets {@code TableNotFoundException}.
 *   <li>Rows are sorted by (PartitionKey, RowKey) as UTF-16 code units. A point read costs a few map lookups; a
 *       query costs O(log n) to find its key range plus the rows it reads in that range, never the table's size.
 *   <li>Every row is checked with {@link StoreLimits#checkRow} before anything is stored, and binary values are
 *       copied on write, so a caller cannot change stored data afterwards. Rows that {@link #get} and
 *       {@link #query} return are the stored, immutable rows: their binary arrays are shared with the store and
 *       must not be modified.
 *   <li>Every write gets a new ETag and Timestamp; all rows of one batch share them, unless the backend was built
 *       with {@link Builder#distinctBatchVersions()}. Timestamps are the wall clock in 100 ns ticks, strictly
 *       increasing within a backend, and ETags are derived from them
 *       ({@code W/"datetime'2024-01-31T12%3A00%3A00.1234567Z'"}), so they never repeat.
 *   <li>A batch is checked against the rules of an entity group transaction before it touches any state, then
 *       evaluated and applied under its partition's lock: either every operation is applied or none, and no
 *       reader sees it half-applied. A rejected operation is reported as a {@link BatchException} whose
 *       {@code failedIndex()} is the first operation that failed and whose cause is the specific exception.
 *   <li>A query page holds exactly {@code limit} rows unless the matches run out, and stops reading as soon as it
 *       is full. A full page carries a continuation token if another row follows in the query's key range,
 *       whether or not that row matches the filter (the next page may then be empty, without a token); a page
 *       that is not full, or that ends with the range's last row, carries none. Tokens are deterministic strings that name
 *       the last row returned, and the next page resumes after it, so they stay valid across query objects and
 *       while the data changes, and a row that comes to match after that key is on a later page.
 *   <li>It is safe for concurrent use. After {@link #close()} every operation throws
 *       {@link IllegalStateException}.
 * </ul>
 */
public final class InMemoryBackend implements TableBackend {
  /** Tables by name in lower case. */
  private final ConcurrentHashMap<String, MemoryTable> tables = new ConcurrentHashMap<>();
  /**
   * Valid table names as given, each with its lower case: every operation names its table, and neither checking
   * nor lower-casing it again belongs on the path of a point read. Bounded, as names might come from anywhere.
   */
  private final ConcurrentHashMap<String, String> canonicalNames = new ConcurrentHashMap<>();
  private final VersionClock clock;
  private final boolean versionPerRow;
  private final StoreProfile profile;
  /** The pages of an unordered profile, shared by its tables (one sequence of query orders); null when ordered. */
  private final UnorderedPages unordered;
  private volatile boolean closed;
  private final MemoryValues values;

  private InMemoryBackend(Builder builder) {
    this.clock = new VersionClock(builder.clock);
    this.profile = builder.profile;
    this.versionPerRow = builder.versionPerRow || profile.versionPerBatchRow();
    this.unordered = profile.ordered() ? null : new UnorderedPages(builder.seed);
    this.values = new MemoryValues(builder.clock, this::ensureOpen);
  }

  /** The profile it was built with: {@link StoreProfile#AZURE_TABLE_STORAGE} unless {@link Builder#profile} said otherwise. */
  @Override
  public StoreProfile profile() {
    return profile;
  }

  /**
   * {@code tablemapper.memory}, with no namespace or server: the store lives in this process (also where it simulates
   * the Cosmos DB Table API's rules, so that its spans are never taken for a Cosmos DB account's).
   */
  @Override
  public StoreDescription description() {
    return StoreDescription.of("tablemapper.memory");
  }

  /** Values stored out of rows: a map per table, beside the tables, gone with the store. */
  @Override
  public Optional<OutOfRowValues> outOfRowValues() {
    return Optional.of(values);
  }

  /** A new, empty in-memory store whose batches give all their rows one ETag and Timestamp. */
  public static InMemoryBackend create() {
    return builder().build();
  }

  /** A new, empty in-memory store whose Timestamps come from {@code clock} (made strictly increasing). */
  static InMemoryBackend create(Clock clock) {
    return builder().clock(clock).build();
  }

  /** A builder of an in-memory store that is configured otherwise than {@link #create()}'s. */
  public static Builder builder() {
    return new Builder();
  }

  /** Configures an {@link InMemoryBackend}; by default it is the one {@link #create()} returns. */
  public static final class Builder {
    private Clock clock = Clock.systemUTC();
    private boolean versionPerRow;
    private StoreProfile profile = StoreProfile.AZURE_TABLE_STORAGE;
    private long seed = 0x5EED_C05_05L;

    private Builder() {}

    /**
     * Which service the store behaves as: {@link StoreProfile#AZURE_TABLE_STORAGE} (the default), or
     * {@link StoreProfile#COSMOS_TABLE}, a simulation of the Cosmos DB Table API: every query returns its rows in an
     * order of its own drawn from the {@link #seed} (no key order, within a partition neither), with opaque
     * continuation tokens that resume only that query; RowKeys of at most 255 bytes of UTF-8 and batches of at most
     * 2 MiB (by the size estimate and by the request body), refused before anything is stored as the other limits
     * are; table names compared with their case ({@code Orders} and {@code orders} are two tables); and an ETag
     * and Timestamp of its own for every row of a batch.
     */
    public Builder profile(StoreProfile profile) {
      this.profile = Objects.requireNonNull(profile, "profile");
      return this;
    }

    /**
     * The seed of the orders of an unordered profile's queries ({@link #profile}): the same seed, data and sequence
     * of queries give the same orders, so a failing test repeats. Without it, a fixed seed.
     */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Gives every row a batch writes its own ETag and Timestamp (in the order of the batch's operations), as
     * Azurite and the Cosmos DB Table API do, instead of one for the whole batch as the Azure Table service does.
     * Both are within the {@link TableBackend} contract; this one lets tests show that code does not rely on the
     * rows of a batch sharing a version.
     */
    public Builder distinctBatchVersions() {
      this.versionPerRow = true;
      return this;
    }

    Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** A new, empty in-memory store. */
    public InMemoryBackend build() {
      return new InMemoryBackend(this);
    }
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    ensureOpen();
    StoreLimits.checkTableName(table);
    return tables.putIfAbsent(canonical(table), new MemoryTable(table, clock, versionPerRow, unordered)) == null;
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    ensureOpen();
    StoreLimits.checkTableName(table);
    return tables.remove(canonical(table)) != null;
  }

  @Override
  public List<String> listTables(String prefix) {
    ensureOpen();
    StoreLimits.checkTablePrefix(prefix);
    List<String> names = new ArrayList<>();
    for (MemoryTable table : tables.values()) {
      if (table.name.regionMatches(!profile.caseSensitiveTableNames(), 0, prefix, 0, prefix.length())) {
        names.add(table.name);
      }
    }
    names.sort(String.CASE_INSENSITIVE_ORDER);
    return names;
  }

  @Override
  public boolean tableExists(String table) {
    return lookup(table) != null;
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    MemoryTable found = existing(table);
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(rowKey, "rowKey");
    return Optional.ofNullable(found.get(partitionKey, rowKey));
  }

  @Override
  public QueryResult query(TableQuery query) {
    return query(query, ScanListener.NONE);
  }

  QueryResult query(TableQuery query, ScanListener listener) {
    return existing(query.table()).query(query, listener);
  }

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    MemoryTable found = existing(table);
    Objects.requireNonNull(operation, "operation");
    BatchRules.checkOperation(found.name, operation, profile);
    try {
      return found.apply(operation.row().partitionKey(), List.of(operation)).get(0);
    } catch (MemoryTable.Rejected rejected) {
      throw rejected.failure;
    }
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    MemoryTable found = existing(table);
    List<WriteOperation> copy = List.copyOf(operations);
    BatchRules.check(found.name, copy, profile);
    try {
      return found.apply(copy.get(0).row().partitionKey(), copy);
    } catch (MemoryTable.Rejected rejected) {
      throw BatchRules.rejected(found.name, rejected.index, copy.get(rejected.index), rejected.failure);
    }
  }

  /** {@code in-memory}, or {@code in-memory (COSMOS_TABLE)} for a simulation of another profile. */
  @Override
  public String name() {
    return profile == StoreProfile.AZURE_TABLE_STORAGE ? "in-memory" : "in-memory (" + profile + ")";
  }

  /** Drops every table; afterwards every operation throws {@link IllegalStateException}. Idempotent. */
  @Override
  public void close() {
    closed = true;
    tables.clear();
  }

  @Override
  public String toString() {
    return closed
        ? "InMemoryBackend[closed]"
        : "InMemoryBackend[" + tables.size() + " tables"
            + (profile == StoreProfile.AZURE_TABLE_STORAGE ? "" : ", " + profile)
            + (versionPerRow ? ", distinct batch versions]" : "]");
  }

  private MemoryTable existing(String table) {
    MemoryTable found = lookup(table);
    if (found == null) {
      throw new TableNotFoundException(
          "table '" + table + "' does not exist in the in-memory backend; create it with createTableIfNotExists");
    }
    return found;
  }

  /** The table of that name, or null. */
  private MemoryTable lookup(String table) {
    ensureOpen();
    return tables.get(canonical(table));
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("the in-memory backend is closed; create a new one with InMemoryBackend.create()");
    }
  }

  /**
   * The name in lower case (as given, where the profile's table names are case-sensitive).
   *
   * @throws IllegalArgumentException if it is not a valid table name
   */
  private String canonical(String table) {
    String known = table == null ? null : canonicalNames.get(table);
    if (known != null) {
      return known;
    }
    StoreLimits.checkTableName(table);
    String lower = profile.caseSensitiveTableNames() ? table : table.toLowerCase(Locale.ROOT);
    if (canonicalNames.size() < MAX_KNOWN_NAMES) {
      canonicalNames.put(table, lower);
    }
    return lower;
  }

  private static final int MAX_KNOWN_NAMES = 1_024;
}
