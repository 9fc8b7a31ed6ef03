package io.tablemapper.backend.h2;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.backend.h2.Catalog.TableRef;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A {@link TableBackend} in an embedded H2 database over JDBC: durable in a file ({@link #file(Path)}), or in memory
 * ({@link #inMemory()}) with the same behaviour for tests. It behaves like Azure Table Storage, as the conformance
 * kit pins down, and like the in-memory backend wherever the contract leaves a choice:
 *
 * <ul>
 *   <li><b>Ordering.</b> Keys are stored as their UTF-16 code units ({@code VARBINARY}, which H2 compares as
 *       unsigned bytes), so rows come back in (PartitionKey, RowKey) order exactly as {@link String#compareTo}
 *       orders them, surrogates included, whatever the database's collation.
 *   <li><b>Tables.</b> Names follow {@link StoreLimits#checkTableName} and are case-insensitive; messages use the
 *       spelling the table was created with. The table is checked before anything else, so an invalid row written
 *       to a missing table gets {@code TableNotFoundException}. Deleting a table waits for the writes to it in
 *       progress and deletes their rows too.
 *   <li><b>Writes.</b> Every row is checked with {@link StoreLimits#checkRow} (a batch with {@link BatchRules#check})
 *       before anything is written. A write or a batch is one JDBC transaction that checks every operation against
 *       the stored rows (If-Match included) and writes only if all succeed: whole or not at all, never seen
 *       half-applied by a reader. Writes to one database run one at a time (see {@code Database}: H2 can persist
 *       part of a transaction that runs while another commits), so of concurrent writes conditional on one ETag
 *       exactly one wins.
 *   <li><b>ETags and Timestamps.</b> Every write gets a new version from a database sequence, and the ETag
 *       {@code W/"<version>"}: unique across writes, backends on one file, restarts and crashes. Timestamps are the
 *       clock in 100 ns ticks, strictly increasing within a backend. All rows of a batch share both.
 *   <li><b>Queries.</b> Key ranges become primary-key ranges; the residual filter is
 *       {@link io.tablemapper.spi.Filter#test} itself, run on each stored row with only the properties it names
 *       decoded, and a projection decodes only the properties it selects. Pages follow the
 *       in-memory backend's rules: a page holds {@code limit} rows unless the matches run out; a full page carries
 *       a token if another row follows in the key range (matching or not). A token is the text of the last row's
 *       keys, so it survives restarts and is valid on any backend of the same file.
 *   <li><b>Durability.</b> A file backend writes every commit to the file before the write returns, so a write
 *       that returned survives the process being killed; after a crash, each write or batch is there whole or not
 *       at all. (H2 does not force the operating system to flush its cache, so a power failure may lose the last
 *       writes, never half of one.)
 *   <li><b>Concurrency.</b> Safe for any number of threads (a pool of up to 32 connections; reads never wait for
 *       writes); a thread interrupted during a write does not break the database for the others. Several backends
 *       may open the same file in one JVM and share it; H2 lets only one process open a file at a time, and another
 *       process gets a {@link io.tablemapper.api.StoreUnavailableException} saying so.
 *   <li><b>Errors.</b> No {@code SQLException} leaves the backend: failures become the contract's exceptions, or a
 *       {@link io.tablemapper.api.TableMapperException} naming the operation and the database, with the SQL
 *       exception as its cause. After {@link #close()} every operation throws {@link IllegalStateException}.
 * </ul>
 *
 * <p>The data lives in the SQL schema {@code TABLEMAPPER} of the database, one SQL row per entity, whose layout
 * and version are described in {@code Schema}. A file of an earlier release (schema version 1, one SQL row per
 * property) is migrated in place when it is opened, in one transaction; a file of a later version is refused with
 * a message.
 */
public final class H2Backend implements TableBackend {
  private static final String FILE_SUFFIX = ".mv.db";
  /**
   * The JDBC URL of a database file, before its path: H2's {@code async} file system, whose writes a thread interrupt
   * does not cut short (with plain file channels, an interrupt during a write closes the file for every thread).
   */
  static final String FILE_URL = "jdbc:h2:file:async:";

  private final Database database;
  private final PartitionWriter writer;
  private final String name;
  /** The H2 database's name: its file's path without {@code .mv.db}, or the in-memory database's. */
  private final String databaseName;
  private final H2Values values;

  private H2Backend(Database database, Clock clock, String name, String databaseName) {
    this.database = database;
    this.writer = new PartitionWriter(new Versions(clock));
    this.name = name;
    this.databaseName = databaseName;
    this.values = new H2Values(database, clock);
  }

  /** Values stored out of rows: an SQL table of the same database ({@link Schema#LARGE_VALUES}). */
  @Override
  public Optional<OutOfRowValues> outOfRowValues() {
    return Optional.of(values);
  }

  /** A new, empty store in memory, private to this backend and gone when it is closed. */
  public static H2Backend inMemory() {
    return inMemory(Clock.systemUTC());
  }

  /** A new in-memory store whose Timestamps come from {@code clock} (made strictly increasing). */
  static H2Backend inMemory(Clock clock) {
    String databaseName = "tablemapper-" + UUID.randomUUID();
    return new H2Backend(Database.open("jdbc:h2:mem:" + databaseName, false, "an in-memory H2 database"), clock,
        "h2 in-memory", databaseName);
  }

  /**
   * The store in the H2 database file {@code path}, created (with its directories) if it does not exist. H2 names
   * the file {@code <path>.mv.db}; a path that already ends in {@code .mv.db} names the file itself. Committed
   * writes survive the process, and a continuation token from one backend on the file is valid on the next.
   *
   * @throws IllegalArgumentException if the path contains {@code ;}, which H2 reads as the start of its settings
   * @throws StoreUnavailableException if another process has the file open, or it is damaged, not an H2 database,
   *     holds data of a later schema version, or cannot be read or written, or its directories cannot be created
   */
  public static H2Backend file(Path path) {
    Path absolute = Objects.requireNonNull(path, "path").toAbsolutePath().normalize();
    String base = absolute.toString();
    if (base.endsWith(FILE_SUFFIX)) {
      base = base.substring(0, base.length() - FILE_SUFFIX.length());
    }
    if (base.contains(";")) {
      throw new IllegalArgumentException(
          "H2 database path '" + path + "' contains ';', which H2 reads as the start of its settings; choose a path"
              + " without it");
    }
    Path file = Path.of(base + FILE_SUFFIX);
    try {
      Files.createDirectories(file.getParent());
    } catch (IOException e) {
      throw new StoreUnavailableException("cannot create the directory of the H2 database file " + file + " ("
          + e + "); check the path, and that this process may create it", e);
    }
    String description = "the H2 database " + file;
    return new H2Backend(Database.open(FILE_URL + base, true, description), Clock.systemUTC(), "h2 " + file, base);
  }

  @Override
  public boolean createTableIfNotExists(String table) {
    checkOpenAndName(table);
    return database.transaction(() -> "creating table '" + table + "'", session -> Catalog.create(session, table));
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    checkOpenAndName(table);
    Long deleted = database.transaction(() -> "deleting table '" + table + "'",
        session -> Catalog.delete(session, table),
        id -> {
          if (id != null) {
            database.catalog.forget(id);
          }
        });
    return deleted != null;
  }

  @Override
  public List<String> listTables(String prefix) {
    if (database.isClosed()) {
      throw database.closedException();
    }
    StoreLimits.checkTablePrefix(prefix);
    return database.read(() -> "listing tables starting with '" + prefix + "'",
        session -> Catalog.list(session, prefix));
  }

  @Override
  public boolean tableExists(String table) {
    checkOpenAndName(table);
    return database.read(() -> "looking up table '" + table + "'",
        session -> database.catalog.find(session, table) != null);
  }

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    checkOpenAndName(table);
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(rowKey, "rowKey");
    return database.read(
        () -> "reading " + TableRow.keys(partitionKey, rowKey).describeKeys() + " of table '" + table + "'",
        session -> {
          TableRef found = existing(database.catalog.find(session, table), table);
          if (partitionKey.length() > StoreLimits.MAX_KEY_LENGTH || rowKey.length() > StoreLimits.MAX_KEY_LENGTH) {
            return Optional.empty(); // no row has such a key; spare the database a key of any length
          }
          return Queries.get(session, found.id(), partitionKey, rowKey);
        });
  }

  @Override
  public QueryResult query(TableQuery query) {
    checkOpenAndName(query.table());
    return database.snapshot(() -> "querying table '" + query.table() + "'",
        session -> Queries.page(session, existing(database.catalog.find(session, query.table()), query.table()),
            query));
  }

  /**
   * {@inheritDoc}
   *
   * <p>The table is looked up, and the row checked, within the write's transaction: a write to a missing table gets
   * {@code TableNotFoundException} whatever its row, and an invalid row is refused before anything is written.
   */
  @Override
  public WriteResult write(String table, WriteOperation operation) {
    checkOpenAndName(table);
    Objects.requireNonNull(operation, "operation");
    try {
      return database.transaction(() -> operation + " in table '" + table + "'", session -> {
        TableRef found = existing(database.catalog.forWrite(session, table), table);
        BatchRules.checkOperation(found.name(), operation);
        return writer.apply(session, found, operation.row().partitionKey(), List.of(operation));
      }).get(0);
    } catch (PartitionWriter.Rejected rejected) {
      throw rejected.failure;
    }
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    checkOpenAndName(table);
    List<WriteOperation> copy = List.copyOf(operations);
    String[] name = new String[1];
    try {
      return database.transaction(() -> "batch of " + copy.size() + " operations on table '" + table + "'",
          session -> {
            TableRef found = existing(database.catalog.forWrite(session, table), table);
            name[0] = found.name();
            BatchRules.check(found.name(), copy);
            return writer.apply(session, found, copy.get(0).row().partitionKey(), copy);
          });
    } catch (PartitionWriter.Rejected rejected) {
      throw BatchRules.rejected(name[0], rejected.index, copy.get(rejected.index), rejected.failure);
    }
  }

  /**
   * {@code h2database} (OpenTelemetry's name), its namespace the database's name — the file's path without
   * {@code .mv.db}, or {@code tablemapper-<uuid>} in memory — and no server: the database is embedded.
   */
  @Override
  public StoreDescription description() {
    return new StoreDescription("h2database", databaseName, null, 0);
  }

  /** {@code h2 in-memory}, or {@code h2 } and the database file. */
  @Override
  public String name() {
    return name;
  }

  /**
   * Closes the backend: operations in progress finish, later ones throw {@link IllegalStateException}. A file is
   * closed once no other backend in this JVM has it open; an in-memory store is dropped. Idempotent.
   */
  @Override
  public void close() {
    database.close();
  }

  @Override
  public String toString() {
    return "H2Backend[" + name + (database.isClosed() ? ", closed]" : "]");
  }

  /** The database, for tests. */
  Database database() {
    return database;
  }

  private TableRef existing(TableRef found, String table) {
    if (found == null) {
      throw new TableNotFoundException(
          "table '" + table + "' does not exist in " + database.description
              + "; create it with createTableIfNotExists");
    }
    return found;
  }

  private void checkOpenAndName(String table) {
    if (database.isClosed()) {
      throw database.closedException();
    }
    StoreLimits.checkTableName(table);
  }
}
