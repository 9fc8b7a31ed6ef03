package io.tablemapper.spi;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A backend's space for values stored out of their rows ({@link io.tablemapper.annotations.Large} properties): byte
 * arrays by table and name, apart from the table's rows. The mapper names each value once (a fresh name per write)
 * and never overwrites one; it writes a value before the row that references it and deletes a value only once no row
 * references it. Names are at most {@link #MAX_NAME_LENGTH} characters of {@code A-Z a-z 0-9 - _ . /}; table names
 * are case-insensitive, as the backend's.
 *
 * <p>Every backend of the project has one ({@link TableBackend#outOfRowValues()}): Azure Blob Storage on Azure (a
 * blob per value), a map in memory, an SQL table in the H2 database file. The conformance kit checks them.
 *
 * <p><b>The async path.</b> {@link #putAsync}, {@link #getAsync} and {@link #deleteAsync} are the mapper's async
 * reads and writes of values, as {@link TableBackend#getAsync} is of rows: each returns at once a future of what the
 * blocking call returns, failed with what it throws (a name outside the rules fails the future, nothing is thrown
 * from the call). By default they run the blocking call on the executor the mapper hands in
 * ({@link TableBackend#onExecutor}), so a store of blocking calls alone is correct; a store with a non-blocking
 * client overrides them so that no thread waits while a request is under way (Azure: the Blob Storage async client),
 * keeping every rule of the blocking calls. Their futures may complete on the client's own threads: the mapper hands
 * the results over to its executor before any work of the application runs.
 */
public interface OutOfRowValues {
  /** The longest name a value may have (Azure's limit on blob names, less the table's prefix). */
  int MAX_NAME_LENGTH = 900;

  /**
   * Stores a value under a name, replacing any value of that name.
   *
   * @throws io.tablemapper.api.StoreUnavailableException if the store cannot be reached
   */
  void put(String table, String name, byte[] value);

  /**
   * The value of a name, or empty when there is none.
   *
   * @throws io.tablemapper.api.StoreUnavailableException if the store cannot be reached
   */
  Optional<byte[]> get(String table, String name);

  /**
   * Deletes the value of a name; returns whether there was one.
   *
   * @throws io.tablemapper.api.StoreUnavailableException if the store cannot be reached
   */
  boolean delete(String table, String name);

  /**
   * {@link #put} on the async path (see the class comment): by default the blocking call, run on {@code executor}.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   * @return a future completed once the value is stored
   */
  default CompletableFuture<Void> putAsync(String table, String name, byte[] value, Executor executor) {
    return TableBackend.onExecutor(() -> {
      put(table, name, value);
      return null;
    }, executor);
  }

  /**
   * {@link #get} on the async path (see the class comment): by default the blocking call, run on {@code executor}.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   * @return a future of the value, empty when there is none
   */
  default CompletableFuture<Optional<byte[]>> getAsync(String table, String name, Executor executor) {
    return TableBackend.onExecutor(() -> get(table, name), executor);
  }

  /**
   * {@link #delete} on the async path (see the class comment): by default the blocking call, run on
   * {@code executor}.
   *
   * @param executor where the default runs the blocking call; an override that blocks no thread may ignore it
   * @return a future of whether there was a value
   */
  default CompletableFuture<Boolean> deleteAsync(String table, String name, Executor executor) {
    return TableBackend.onExecutor(() -> delete(table, name), executor);
  }

  /**
   * Every value of a table, by name (in no particular order), with when it was stored.
   *
   * @throws io.tablemapper.api.StoreUnavailableException if the store cannot be reached
   */
  List<StoredValue> list(String table);

  /**
   * Deletes every value of a table (when the table is dropped); returns how many there were.
   *
   * @throws io.tablemapper.api.StoreUnavailableException if the store cannot be reached
   */
  long deleteAll(String table);

  /**
   * A value as {@link #list} names it.
   *
   * @param name its name
   * @param size its length in bytes
   * @param stored when it was stored, by the store's clock
   */
  record StoredValue(String name, long size, Instant stored) {}

  /**
   * Checks a name against the rules above.
   *
   * @throws IllegalArgumentException naming the rule it breaks
   */
  static void checkName(String name) {
    if (name == null || name.isEmpty() || name.length() > MAX_NAME_LENGTH) {
      throw new IllegalArgumentException("a value name must have 1 to " + MAX_NAME_LENGTH + " characters: "
          + (name == null ? "null" : name.length() + " characters"));
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
          || c == '.' || c == '/';
      if (!ok) {
        throw new IllegalArgumentException("a value name holds only A-Z a-z 0-9 - _ . /, not '" + c + "': " + name);
      }
    }
  }
}
