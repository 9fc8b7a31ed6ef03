package io.tablemapper.runtime;

import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.IndexFullException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.PendingStep.Address;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The rows of key-list indexes ({@link io.tablemapper.annotations.IndexForm#KEY_LIST}, the guide's index entities):
 * one list per index value, under the index's keys for that value, listing the keys of every entity that has it.
 *
 * <p><b>Layout</b>: a list is a <i>head row</i> under the value's keys and, once it outgrows one row, <i>part
 * rows</i> beside it in the same partition, under the head's RowKey followed by {@code ~0001}, {@code ~0002}, ... (at
 * most {@link #MAX_PARTS}), so that one range read gets every part. Each row carries the discriminator {@code
 * type#index} and its own share of the list — entries, one per entity: its PartitionKey, a tab, its RowKey — in key
 * order, separated by newlines (neither character may appear in a key), written as one text cut into string
 * properties of at most 32,768 characters each: {@code Keys}, {@code Keys1}, {@code Keys2}, ... (never between the
 * two halves of a surrogate pair), at most {@link #MAX_CHUNKS} of them, which keeps each row under the store's 1 MiB.
 * The head also holds {@link #COUNT}, the number of entities in the whole list, and {@link #PARTS}, the number of its
 * part rows; a part row holds {@link #PART}, its number (which no head has). An entry sits in exactly one row, and
 * stays there until it is removed: a new entry goes into the head while it has room, then into the first part with
 * room, then into a new part; a part that empties is deleted, and a list that empties (its head with it) too. The
 * whole list is the entries of all its rows, merged in key order.
 *
 * <p><b>Changes</b> are read-modify-writes conditional on the ETags read (insert when there is no row), retried with
 * a short random pause when another writer changed a row in between. Every change rewrites the head (its count), so
 * that changes of one list are serialized by the head's ETag; a change of a part is one transaction of the part's
 * write and a merge of the head's count (the list's rows share a partition). Adding an entry already there, or
 * removing one that is not, changes nothing, so replays and concurrent completers converge, and no crash leaves a
 * list half changed. A row of another type under a list's keys is never touched.
 */
final class IndexLists {
  /** The number of entities listed (an Int32), on the head row, kept beside the list for readers of the raw row. */
  static final String COUNT = "KeyCount";
  /** The number of part rows of the list (an Int32), on the head row; absent while there is none. */
  static final String PARTS = "KeyParts";
  /** The number of a part row (an Int32): what tells a part from a head. */
  static final String PART = "KeyPart";
  /** The name of the first chunk of a row's share of the list; the next are {@code Keys1}, {@code Keys2}, ... */
  static final String KEYS = "Keys";
  /** The characters of one chunk: the store's limit for a string. */
  static final int CHUNK = StoreLimits.MAX_STRING_LENGTH;
  /** The chunks of one row: 15 × 64 KiB, with the keys and markers, stays under the store's 1 MiB. */
  static final int MAX_CHUNKS = 15;
  /** The part rows of one list: with its head, some 4.9 billion characters of keys. */
  static final int MAX_PARTS = 9999;
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

  /** The name of chunk {@code i} of a row's share of a list. */
  static String chunkName(int i) {
    return i == 0 ? KEYS : KEYS + i;
  }

  /** The RowKey of part {@code number} of the list whose head is at {@code headRowKey}. */
  static String partRowKey(String headRowKey, int number) {
    return headRowKey + '~' + String.format("%04d", number);
  }

  /** The number of part rows a list's head counts. */
  static int parts(TableRow head) {
    Object parts = head.get(PARTS);
    return parts instanceof Integer ? (Integer) parts : 0;
  }

  /** The query of the part rows of the list whose head is at {@code head}: one range read after the head. */
  static TableQuery partsQuery(Address head) {
    return TableQuery.builder(head.table())
        .partitionKey(head.partitionKey())
        .rowFrom(KeyBound.inclusive(partRowKey(head.rowKey(), 1)))
        .rowTo(KeyBound.inclusive(partRowKey(head.rowKey(), MAX_PARTS)))
        .build();
  }

  /**
   * Whether a row the {@link #partsQuery} of a list found is one of its parts: of the index's type, marked as a
   * part, under a part's RowKey of that head (a longer key in the range, a list of another value, is none).
   */
  static boolean isPartOf(Discriminator discriminator, IndexMapping<?> index, String headRowKey, TableRow row) {
    return row.rowKey().length() == headRowKey.length() + 5 && row.get(PART) instanceof Integer
        && index.copyType().equals(discriminator.typeOf(row));
  }

  /**
   * Whether a row under a list's keys is the head of a list of the index: of its type, and no part (which a list of
   * another value, whose RowKey is this one's with {@code ~nnnn} cut off, may have put there).
   */
  static boolean isHead(Discriminator discriminator, IndexMapping<?> index, TableRow row) {
    return index.copyType().equals(discriminator.typeOf(row)) && row.get(PART) == null;
  }

  /** The entries one row of a list holds, in key order; empty for a row without any. */
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

  /** The entries of a whole list, its head's and its parts', in key order. */
  static List<String> entries(TableRow head, List<TableRow> parts) {
    List<String> all = new ArrayList<>(entries(head));
    for (TableRow part : parts) {
      all.addAll(entries(part));
    }
    Collections.sort(all);
    return all;
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

  /**
   * The head row of a list without parts, holding these entries, under the list's keys; null when they do not fit in
   * one row.
   */
  static TableRow row(Discriminator discriminator, IndexMapping<?> index, Address address, List<String> entries) {
    return head(discriminator, index, address, entries, entries.size(), 0);
  }

  /** A head row holding {@code entries} of a list of {@code count} entities with {@code parts} part rows. */
  private static TableRow head(Discriminator discriminator, IndexMapping<?> index, Address address,
      List<String> entries, int count, int parts) {
    TableRow.Builder row = TableRow.builder(address.partitionKey(), address.rowKey(), MAX_CHUNKS + 3)
        .putString(discriminator.name(), index.copyType())
        .putInt32(COUNT, count);
    if (parts > 0) {
      row.putInt32(PARTS, parts);
    }
    return fill(row, entries);
  }

  /** Part row {@code number} of a list, holding {@code entries}; null when they do not fit in one row. */
  private static TableRow part(Discriminator discriminator, IndexMapping<?> index, Address address, int number,
      List<String> entries) {
    return fill(TableRow.builder(address.partitionKey(), partRowKey(address.rowKey(), number), MAX_CHUNKS + 2)
        .putString(discriminator.name(), index.copyType())
        .putInt32(PART, number), entries);
  }

  private static TableRow fill(TableRow.Builder row, List<String> entries) {
    List<String> chunks = chunks(text(entries));
    if (chunks.size() > MAX_CHUNKS) {
      return null;
    }
    for (int i = 0; i < chunks.size(); i++) {
      row.putString(chunkName(i), chunks.get(i));
    }
    TableRow built = row.build();
    return StoreLimits.entitySize(built) > StoreLimits.MAX_ENTITY_SIZE ? null : built;
  }

  /** The merge of a head's counts, conditional on the head's ETag: what serializes a change of a part. */
  private WriteOperation counts(IndexMapping<?> index, Address address, TableRow there, int count, int parts) {
    TableRow.Builder row = TableRow.builder(there.partitionKey(), there.rowKey(), 3)
        .putString(core.discriminator.name(), index.copyType())
        .putInt32(COUNT, count);
    if (parts > 0) {
      row.putInt32(PARTS, parts);
    }
    TableRow merged = row.build();
    return parts > 0 || parts(there) == 0
        ? WriteOperation.merge(merged, there.etag())
        // the last part goes: the head is rewritten whole, without the count of parts
        : WriteOperation.replace(head(core.discriminator, index, address, entries(there), count, 0), there.etag());
  }

  /**
   * Lists an entity under a value: adds its entry to the list at {@code address} (creating the list's head, or a
   * part, when needed) unless it is there.
   *
   * @return null when the entity is listed, or the exception that makes the change fail for good: the list has all
   *     its {@link #MAX_PARTS} parts full, or another type's row sits under the list's keys
   * @throws TableMapperException when other writers won every race for the list (the work stays recorded)
   */
  TableMapperException add(IndexMapping<?> index, Address address, String entry) {
    core.tables.ensure(address.table());
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      TableRow there = read(address);
      if (there != null && !isHead(core.discriminator, index, there)) {
        return foreign(index, address, there);
      }
      if (there == null) {
        if (write(address, List.of(WriteOperation.insert(row(core.discriminator, index, address, List.of(entry)))))) {
          return null;
        }
        pause(attempt);
        continue;
      }
      List<TableRow> parts = parts(index, address, there);
      List<String> own = new ArrayList<>(entries(there));
      if (holds(own, entry) || parts.stream().anyMatch(part -> holds(entries(part), entry))) {
        return null;
      }
      int count = entries(there, parts).size() + 1;
      List<WriteOperation> change = new ArrayList<>(2);
      TableRow head = head(core.discriminator, index, address, inserted(own, entry), count, parts.size());
      if (head != null) {
        change.add(WriteOperation.replace(head, there.etag()));
      } else {
        for (TableRow part : parts) {
          TableRow grown = part(core.discriminator, index, address, part.getInt32(PART),
              inserted(entries(part), entry));
          if (grown != null) {
            change.add(counts(index, address, there, count, parts.size()));
            change.add(WriteOperation.replace(grown, part.etag()));
            break;
          }
        }
        if (change.isEmpty()) {
          int number = freePart(address, parts);
          if (number > MAX_PARTS) {
            return new IndexFullException("the list of index '" + index.name() + "' for its value "
                + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys() + " in table "
                + address.table() + " has no room for " + describe(entry) + ": its " + MAX_PARTS
                + " part rows beside its head are full (" + (count - 1) + " entities)");
          }
          change.add(counts(index, address, there, count, parts.size() + 1));
          change.add(WriteOperation.insert(part(core.discriminator, index, address, number, List.of(entry))));
        }
      }
      if (write(address, change)) {
        return null;
      }
      pause(attempt);
    }
    throw contended(index, address);
  }

  /**
   * Unlists an entity from a value: removes its entry from the list at {@code address} if it is there, deleting a
   * part that empties, and the list when it empties.
   *
   * @throws TableMapperException when other writers won every race for the list (the work stays recorded)
   */
  void remove(IndexMapping<?> index, Address address, String entry) {
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      TableRow there = read(address);
      if (there == null || !isHead(core.discriminator, index, there)) {
        return;
      }
      List<TableRow> parts = parts(index, address, there);
      int count = entries(there, parts).size() - 1;
      List<WriteOperation> change = new ArrayList<>(2);
      List<String> own = new ArrayList<>(entries(there));
      if (own.remove(entry)) {
        change.add(count == 0
            ? WriteOperation.delete(address.partitionKey(), address.rowKey(), there.etag())
            : WriteOperation.replace(head(core.discriminator, index, address, own, count, parts.size()),
                there.etag()));
      } else {
        for (TableRow part : parts) {
          List<String> kept = new ArrayList<>(entries(part));
          if (!kept.remove(entry)) {
            continue;
          }
          if (count == 0) {
            change.add(WriteOperation.delete(address.partitionKey(), address.rowKey(), there.etag()));
          } else {
            change.add(counts(index, address, there, count, kept.isEmpty() ? parts.size() - 1 : parts.size()));
          }
          change.add(kept.isEmpty()
              ? WriteOperation.delete(part.partitionKey(), part.rowKey(), part.etag())
              : WriteOperation.replace(part(core.discriminator, index, address, part.getInt32(PART), kept),
                  part.etag()));
          break;
        }
      }
      if (change.isEmpty() || write(address, change)) {
        return;
      }
      pause(attempt);
    }
    throw contended(index, address);
  }

  /** Whether a row's sorted entries hold {@code entry}. */
  private static boolean holds(List<String> entries, String entry) {
    return Collections.binarySearch(entries, entry) >= 0;
  }

  /** The sorted entries with {@code entry} in its place. */
  private static List<String> inserted(List<String> entries, String entry) {
    List<String> grown = new ArrayList<>(entries);
    int at = Collections.binarySearch(grown, entry);
    if (at < 0) {
      grown.add(-at - 1, entry);
    }
    return grown;
  }

  /** The lowest part number no row of the partition occupies (a list of another value may hold one). */
  private int freePart(Address address, List<TableRow> parts) {
    Set<String> taken = new HashSet<>();
    for (TableRow row : rows(partsQuery(address))) {
      taken.add(row.rowKey());
    }
    int number = 1;
    while (number <= MAX_PARTS && taken.contains(partRowKey(address.rowKey(), number))) {
      number++;
    }
    return number;
  }

  /** The part rows of the list whose head is {@code head} (none without a count of parts), by one range read. */
  private List<TableRow> parts(IndexMapping<?> index, Address address, TableRow head) {
    if (parts(head) == 0) {
      return List.of();
    }
    List<TableRow> parts = new ArrayList<>();
    for (TableRow row : rows(partsQuery(address))) {
      if (isPartOf(core.discriminator, index, address.rowKey(), row)) {
        parts.add(row);
      }
    }
    return parts;
  }

  private List<TableRow> rows(TableQuery query) {
    List<TableRow> rows = new ArrayList<>();
    QueryResult page = core.tables.read(query.table(), () -> core.backend.query(query), Tables.NO_ROWS);
    while (true) {
      rows.addAll(page.rows());
      if (page.continuation() == null) {
        return rows;
      }
      TableQuery next = query.withContinuation(page.continuation());
      page = core.tables.read(query.table(), () -> core.backend.query(next), Tables.NO_ROWS);
    }
  }

  /**
   * Writes one change of a list: a lone operation, or a transaction of the list's partition.
   *
   * @return false when another writer changed a row meanwhile (read again and retry)
   */
  private boolean write(Address address, List<WriteOperation> change) {
    try {
      if (change.size() == 1) {
        core.backend.write(address.table(), change.get(0));
      } else {
        core.backend.batch(address.table(), change);
      }
      return true;
    } catch (EntityExistsException | EntityNotFoundException | ConcurrencyConflictException moved) {
      return false;
    } catch (BatchException refused) {
      Throwable cause = refused.getCause();
      if (refused.reason() == BatchException.Reason.REJECTED && (cause instanceof EntityExistsException
          || cause instanceof EntityNotFoundException || cause instanceof ConcurrencyConflictException)) {
        return false;
      }
      throw refused;
    }
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
        + ": a row of type '" + core.discriminator.typeOf(there) + "'" + (there.get(PART) == null ? ""
            : " (a part row of the list of another value)") + " is stored under those keys");
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
