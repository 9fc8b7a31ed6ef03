package io.tablemapper.runtime;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.IndexFullException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.PendingStep.Address;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The rows of key-list indexes ({@link io.tablemapper.annotations.IndexForm#KEY_LIST}, the guide's index entities):
 * one row per index value, under the index's keys for that value, listing the keys of every entity that has it.
 *
 * <p><b>Layout</b>: the discriminator {@code type#index}; {@link #COUNT}, the number of entities listed; and the list
 * itself, one entry per entity — its PartitionKey, a tab, its RowKey — in key order, separated by newlines (neither
 * character may appear in a key), written as one text cut into string properties of at most 32,768 characters
 * each: {@code Keys}, {@code Keys1}, {@code Keys2}, ... (never between the two halves of a surrogate pair). A row
 * holds at most {@link #MAX_CHUNKS} of them, which keeps it under the store's 1 MiB per entity: some 490,000
 * characters of keys, 40,000 entities with keys of a dozen characters, 240 with keys of 1 KiB each. A list that
 * empties is deleted.
 *
 * <p><b>Changes</b> are read-modify-writes conditional on the ETag read (insert when there is no row), retried with
 * a short random pause when another writer changed the row in between: adding an entry already there, or
 * removing one that is not, changes nothing, so replays and concurrent completers converge. A row of another type
 * under a list's keys is never touched.
 *
 * <p><b>Room</b>: a write of an entity is refused with {@link IndexFullException} before anything is written when
 * its entry would take the list past {@link #MAX_CHUNKS} minus one chunk ({@link #checkRoom}); the chunk kept in
 * reserve absorbs writers racing past that check. A change that would overfill the row all the same fails for good.
 */
final class IndexLists {
  /** The number of entities listed (an Int32), kept beside the list for readers of the raw row. */
  static final String COUNT = "KeyCount";
  /** The name of the first chunk of the list; the next are {@code Keys1}, {@code Keys2}, ... */
  static final String KEYS = "Keys";
  /** The characters of one chunk: the store's limit for a string. */
  static final int CHUNK = StoreLimits.MAX_STRING_LENGTH;
  /** The chunks of one row: 15 × 64 KiB, with the keys and markers, stays under the store's 1 MiB. */
  static final int MAX_CHUNKS = 15;
  /** How many times one change is read and written again after losing a race to another writer. */
  private static final int ATTEMPTS = 100;

  private final MapperCore core;

  IndexLists(MapperCore core) {
    this.core = core;
  }

  /** The entry of an entity in a list: its PartitionKey and RowKey. */
  static String entry(String partitionKey, String rowKey) {
    return partitionKey + '\t' + rowKey;
  }

  /** The PartitionKey of the entity an entry names. */
  static String partitionKeyOf(String entry) {
    return entry.substring(0, entry.indexOf('\t'));
  }

  /** The RowKey of the entity an entry names. */
  static String rowKeyOf(String entry) {
    return entry.substring(entry.indexOf('\t') + 1);
  }

  /** The name of chunk {@code i} of a list. */
  static String chunkName(int i) {
    return i == 0 ? KEYS : KEYS + i;
  }

  /** The entries a list row holds, in key order; empty for a row without any. */
  static List<String> entries(TableRow row) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; ; i++) {
      Object chunk = row.get(chunkName(i));
      if (!(chunk instanceof String)) {
        break;
      }
      text.append((String) chunk);
    }
    List<String> entries = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf("\n", start);
      if (end < 0) {
        end = text.length();
      }
      if (end > start) {
        entries.add(text.substring(start, end));
      }
      start = end + 1;
    }
    return entries;
  }

  /** The list's text: its entries, in key order, separated by newlines. */
  private static String text(List<String> entries) {
    return String.join("\n", entries);
  }

  /** The chunks a text is cut into, each at most {@link #CHUNK} characters, never inside a surrogate pair. */
  static List<String> chunks(String text) {
    List<String> chunks = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int end = Math.min(text.length(), start + CHUNK);
      if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
        end--;
      }
      chunks.add(text.substring(start, end));
      start = end;
    }
    return chunks;
  }

  /** The row of a list with these entries, under the list's keys; null when they do not fit in one row. */
  static TableRow row(Discriminator discriminator, IndexMapping<?> index, Address address, List<String> entries) {
    List<String> chunks = chunks(text(entries));
    if (chunks.size() > MAX_CHUNKS) {
      return null;
    }
    TableRow.Builder row = TableRow.builder(address.partitionKey(), address.rowKey(), chunks.size() + 2)
        .putString(discriminator.name(), index.copyType())
        .putInt32(COUNT, entries.size());
    for (int i = 0; i < chunks.size(); i++) {
      row.putString(chunkName(i), chunks.get(i));
    }
    TableRow built = row.build();
    return StoreLimits.entitySize(built) > StoreLimits.MAX_ENTITY_SIZE ? null : built;
  }

  /**
   * Checks, before an entity is written, that its list has room for its entry: refused when the entry would take
   * the list into the last chunk, which stays in reserve for writers racing past this check.
   *
   * @param subject the write, for the message: {@code insert of Employee (PartitionKey 'Sales', ...)}
   * @throws IndexFullException if it has none
   */
  void checkRoom(IndexMapping<?> index, Address address, String entry, String subject) {
    TableRow row = read(address);
    if (row == null || !index.copyType().equals(core.discriminator.typeOf(row))) {
      return;
    }
    List<String> entries = entries(row);
    if (Collections.binarySearch(entries, entry) >= 0) {
      return;
    }
    long length = text(entries).length() + 1L + entry.length();
    if (length > (long) (MAX_CHUNKS - 1) * CHUNK) {
      throw new IndexFullException("cannot " + subject + ": the list of index '" + index.name() + "' for its value "
          + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys() + " in table " + address.table()
          + " already holds " + entries.size() + " entities in " + text(entries).length() + " characters of keys,"
          + " the most one row of the store can take (1 MiB, less room kept for writers under way); index the"
          + " value with form = KEYS (a row per entity) instead, or with more of the value in its keys");
    }
  }

  /**
   * Lists an entity under a value: adds its entry to the list at {@code address} (creating the row) unless it is
   * there.
   *
   * @return null when the entity is listed, or the exception that makes the change fail for good: the row is full,
   *     or another type's row sits under the list's keys
   * @throws TableMapperException when other writers won every race for the row (the work stays recorded)
   */
  TableMapperException add(IndexMapping<?> index, Address address, String entry) {
    core.tables.ensure(address.table());
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      TableRow there = read(address);
      if (there != null && !index.copyType().equals(core.discriminator.typeOf(there))) {
        return foreign(index, address, there);
      }
      List<String> entries = there == null ? new ArrayList<>() : new ArrayList<>(entries(there));
      int at = Collections.binarySearch(entries, entry);
      if (at >= 0) {
        return null;
      }
      entries.add(-at - 1, entry);
      TableRow list = row(core.discriminator, index, address, entries);
      if (list == null) {
        return new IndexFullException("the list of index '" + index.name() + "' for its value "
            + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys() + " in table "
            + address.table() + " has no room for " + describe(entry) + " beside its " + (entries.size() - 1)
            + " entities: more writers than its reserve allows went past its room check at once");
      }
      try {
        core.backend.write(address.table(),
            there == null ? WriteOperation.insert(list) : WriteOperation.replace(list, there.etag()));
        return null;
      } catch (EntityExistsException | EntityNotFoundException | ConcurrencyConflictException moved) {
        pause(attempt);
      }
    }
    throw contended(index, address);
  }

  /**
   * Unlists an entity from a value: removes its entry from the list at {@code address} if it is there, deleting a
   * list that empties.
   *
   * @throws TableMapperException when other writers won every race for the row (the work stays recorded)
   */
  void remove(IndexMapping<?> index, Address address, String entry) {
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      TableRow there = read(address);
      if (there == null || !index.copyType().equals(core.discriminator.typeOf(there))) {
        return;
      }
      List<String> entries = new ArrayList<>(entries(there));
      int at = Collections.binarySearch(entries, entry);
      if (at < 0) {
        return;
      }
      entries.remove(at);
      try {
        if (entries.isEmpty()) {
          core.backend.write(address.table(),
              WriteOperation.delete(address.partitionKey(), address.rowKey(), there.etag()));
        } else {
          core.backend.write(address.table(),
              WriteOperation.replace(row(core.discriminator, index, address, entries), there.etag()));
        }
        return;
      } catch (EntityNotFoundException | ConcurrencyConflictException moved) {
        pause(attempt);
      }
    }
    throw contended(index, address);
  }

  /** A short random pause before trying a contended row again, longer with each attempt (at most 20 ms). */
  private static void pause(int attempt) {
    long bound = Math.min(20, attempt) * 1_000_000L;
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(bound));
  }

  private static TableMapperException contended(IndexMapping<?> index, Address address) {
    return new TableMapperException("the list of index '" + index.name() + "' for its value "
        + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys() + " in table " + address.table()
        + " changed under each of " + ATTEMPTS + " attempts to update it; the work stays recorded and is done again");
  }

  private TableMapperException foreign(IndexMapping<?> index, Address address, TableRow there) {
    return new TableMapperException("index '" + index.name() + "' cannot keep its list for the value "
        + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys() + " in table " + address.table()
        + ": a row of type '" + core.discriminator.typeOf(there) + "' is stored under those keys");
  }

  private static String describe(String entry) {
    return "the entity " + TableRow.keys(partitionKeyOf(entry), rowKeyOf(entry)).describeKeys();
  }

  private TableRow read(Address address) {
    return core.tables.read(address.table(),
        () -> core.backend.get(address.table(), address.partitionKey(), address.rowKey()), Optional.<TableRow>empty())
        .orElse(null);
  }
}
