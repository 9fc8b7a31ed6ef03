package io.tablemapper.runtime.rows;

import io.tablemapper.api.IndexFullException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.key.KeySpec;
import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.runtime.rows.PendingStep.Address;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import io.tablemapper.runtime.mapping.Discriminator;

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
public final class IndexLists {
  /** The number of entities listed (an Int32), on the head row, kept beside the list for readers of the raw row. */
  public static final String COUNT = "KeyCount";
  /** The number of part rows of the list (an Int32), on the head row; absent while there is none. */
  public static final String PARTS = "KeyParts";
  /** The number of a part row (an Int32): what tells a part from a head. */
  public static final String PART = "KeyPart";
  /** The name of the first chunk of a row's share of the list; the next are {@code Keys1}, {@code Keys2}, ... */
  public static final String KEYS = "Keys";
  /** The characters of one chunk: the store's limit for a string. */
  public static final int CHUNK = StoreLimits.MAX_STRING_LENGTH;
  /** The chunks of one row: 15 × 64 KiB, with the keys and markers, stays under the store's 1 MiB. */
  public static final int MAX_CHUNKS = 15;
  /** The part rows of one list: with its head, some 4.9 billion characters of keys. */
  static final int MAX_PARTS = 9999;
  private IndexLists() {}

  /** The entry of an entity in a list: its PartitionKey and RowKey. */
  public static String entry(String partitionKey, String rowKey) {
    return partitionKey + '\t' + rowKey;
  }

  /** The PartitionKey of the entity an entry names. */
  public static String partitionKeyOf(String entry) {
    return entry.substring(0, entry.indexOf('\t'));
  }

  /** The RowKey of the entity an entry names. */
  public static String rowKeyOf(String entry) {
    return entry.substring(entry.indexOf('\t') + 1);
  }

  /** The name of chunk {@code i} of a row's share of a list. */
  public static String chunkName(int i) {
    return i == 0 ? KEYS : KEYS + i;
  }

  /** The RowKey of part {@code number} of the list whose head is at {@code headRowKey}. */
  static String partRowKey(String headRowKey, int number) {
    return headRowKey + IndexRules.LIST_PART_SEPARATOR + String.format("%04d", number);
  }

  /** The number of part rows a list's head counts. */
  public static int parts(TableRow head) {
    Object parts = head.get(PARTS);
    return parts instanceof Integer ? (Integer) parts : 0;
  }

  /** The query of the part rows of the list whose head is at {@code head}: one range read after the head. */
  public static TableQuery partsQuery(Address head) {
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
  public static boolean isPartOf(Discriminator discriminator, IndexMapping<?> index, String headRowKey, TableRow row) {
    return row.rowKey().length() == headRowKey.length() + 1 + IndexRules.LIST_PART_DIGITS
        && row.get(PART) instanceof Integer
        && index.copyType().equals(discriminator.typeOf(row));
  }

  /**
   * Whether a row under a list's keys is the head of a list of the index: of its type, and no part (which a list of
   * another value, whose RowKey is this one's with {@code ~nnnn} cut off, may have put there).
   */
  public static boolean isHead(Discriminator discriminator, IndexMapping<?> index, TableRow row) {
    return index.copyType().equals(discriminator.typeOf(row)) && row.get(PART) == null;
  }

  /** The entries one row of a list holds, in key order; empty for a row without any. */
  public static List<String> entries(TableRow row) {
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
  public static List<String> entries(TableRow head, List<TableRow> parts) {
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
  public static List<String> chunks(String text) {
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
  public static TableRow row(Discriminator discriminator, IndexMapping<?> index, Address address,
      List<String> entries) {
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

  /**
   * A list as read: its head (null when the value has none yet) and its part rows, with the RowKeys of every row in
   * its parts' range (a part may only be added under a free one).
   */
  public record Stored(Address address, TableRow head, List<TableRow> parts, Set<String> taken) {}

  /**
   * Reads a list: its head by one point read and, when the head counts parts or may need its first (it may have no
   * room for one more entry of the longest keys), every row of its parts' range by one range read.
   *
   * @param get the point read of a row of the list's table (null for none), on the write's path
   * @param query the rows of a query, all its pages, on the write's path
   */
  public static CompletableFuture<Stored> load(Address address, Function<Address, CompletableFuture<TableRow>> get,
      Function<TableQuery, CompletableFuture<List<TableRow>>> query) {
    return get.apply(address).thenCompose(head -> {
      if (head == null || parts(head) == 0 && !nearlyFull(head)) {
        return CompletableFuture.completedFuture(new Stored(address, head, List.of(), Set.of()));
      }
      return query.apply(partsQuery(address)).thenApply(rows -> {
        Set<String> taken = new HashSet<>();
        rows.forEach(row -> taken.add(row.rowKey()));
        return new Stored(address, head, rows, taken);
      });
    });
  }

  /** Whether a head may have no room for one more entry: less than two keys of the longest left in its last chunk. */
  private static boolean nearlyFull(TableRow head) {
    Object last = head.get(chunkName(MAX_CHUNKS - 1));
    return last instanceof String && ((String) last).length() + 2 * StoreLimits.MAX_KEY_LENGTH + 2 > CHUNK
        || StoreLimits.entitySize(head) + 4 * (2 * StoreLimits.MAX_KEY_LENGTH + 2) > StoreLimits.MAX_ENTITY_SIZE;
  }

  /**
   * The operations that bring a list from its stored state to one without the entries {@code leaving} and with
   * those {@code joining} (an entry already there, or not there, is left as it is): none when nothing changes. Every
   * change writes the head — replaced (inserted) when its own entries change, else its counts merged — so that
   * every operation is conditional on the head's ETag as read; a part is replaced, inserted under the first free
   * part number, or deleted when it empties; a list that empties is deleted whole.
   *
   * @throws IndexFullException when an entry fits in no row and no part number is free
   */
  public static List<WriteOperation> change(Discriminator discriminator, IndexMapping<?> index, Stored list,
      Collection<String> leaving, Collection<String> joining) {
    Address address = list.address();
    List<String> own = list.head() == null ? new ArrayList<>() : new ArrayList<>(entries(list.head()));
    TreeMap<Integer, List<String>> parts = new TreeMap<>();
    Map<Integer, TableRow> stored = new HashMap<>();
    for (TableRow part : list.parts()) {
      if (isPartOf(discriminator, index, address.rowKey(), part)) {
        parts.put(part.getInt32(PART), new ArrayList<>(entries(part)));
        stored.put(part.getInt32(PART), part);
      }
    }
    boolean headChanged = false;
    Set<Integer> changed = new HashSet<>();
    for (String entry : leaving) {
      if (own.remove(entry)) {
        headChanged = true;
        continue;
      }
      for (Map.Entry<Integer, List<String>> part : parts.entrySet()) {
        if (part.getValue().remove(entry)) {
          changed.add(part.getKey());
          break;
        }
      }
    }
    for (String entry : new TreeSet<>(joining)) {
      if (holds(own, entry) || parts.values().stream().anyMatch(entries -> holds(entries, entry))) {
        continue;
      }
      List<String> grown = inserted(own, entry);
      if (head(discriminator, index, address, grown, Integer.MAX_VALUE, MAX_PARTS) != null) {
        own = grown;
        headChanged = true;
        continue;
      }
      Integer into = null;
      for (Map.Entry<Integer, List<String>> part : parts.entrySet()) {
        List<String> more = inserted(part.getValue(), entry);
        if (part(discriminator, index, address, part.getKey(), more) != null) {
          part.setValue(more);
          into = part.getKey();
          break;
        }
      }
      if (into == null) {
        into = 1;
        while (into <= MAX_PARTS && (parts.containsKey(into)
            || list.taken().contains(partRowKey(address.rowKey(), into)) && !stored.containsKey(into))) {
          into++;
        }
        if (into > MAX_PARTS) {
          throw new IndexFullException("the list of index '" + index.name() + "' for its value "
              + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys() + " in table "
              + address.table() + " has no room for " + describe(entry) + ": its " + MAX_PARTS
              + " part rows beside its head are full");
        }
        parts.put(into, new ArrayList<>(List.of(entry)));
      }
      changed.add(into);
    }
    if (!headChanged && changed.isEmpty()) {
      return List.of();
    }
    int count = own.size();
    int partCount = 0;
    for (List<String> entries : parts.values()) {
      count += entries.size();
      partCount += entries.isEmpty() ? 0 : 1;
    }
    List<WriteOperation> operations = new ArrayList<>();
    TableRow head = list.head();
    if (count == 0) {
      if (head != null) {
        operations.add(WriteOperation.delete(address.partitionKey(), address.rowKey(), head.etag()));
      }
      stored.values().forEach(part ->
          operations.add(WriteOperation.delete(part.partitionKey(), part.rowKey(), part.etag())));
      return operations;
    }
    TableRow newHead = head(discriminator, index, address, own, count, partCount);
    if (head == null) {
      operations.add(WriteOperation.insert(newHead));
    } else if (headChanged || partCount == 0 && parts(head) > 0) {
      operations.add(WriteOperation.replace(newHead, head.etag())); // also drops a count of parts gone to none
    } else {
      TableRow.Builder counts = TableRow.builder(address.partitionKey(), address.rowKey(), 3)
          .putString(discriminator.name(), index.copyType())
          .putInt32(COUNT, count);
      if (partCount > 0) {
        counts.putInt32(PARTS, partCount);
      }
      operations.add(WriteOperation.merge(counts.build(), head.etag()));
    }
    for (int number : new TreeSet<>(changed)) {
      List<String> entries = parts.get(number);
      TableRow before = stored.get(number);
      if (entries.isEmpty()) {
        if (before != null) {
          operations.add(WriteOperation.delete(before.partitionKey(), before.rowKey(), before.etag()));
        }
      } else if (before == null) {
        operations.add(WriteOperation.insert(part(discriminator, index, address, number, entries)));
      } else {
        operations.add(WriteOperation.replace(part(discriminator, index, address, number, entries),
            before.etag()));
      }
    }
    return operations;
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

  /**
   * Why a list cannot be kept under its value's keys, where {@code there}, a row other than its head, is stored: a
   * part row of the list of another value (whose RowKey is this one's with {@code ~nnnn} cut off; what the
   * processor's {@code [IndexListRowKey]} warns of), refused with {@link IndexFullException} — the value's list
   * has no room, and a head cannot move — or a row of another type.
   */
  public static TableMapperException foreign(Discriminator discriminator, IndexMapping<?> index, Address address,
      TableRow there) {
    String subject = "index '" + index.name() + "' cannot keep its list for the value "
        + TableRow.keys(address.partitionKey(), address.rowKey()).describeKeys() + " in table " + address.table()
        + ": a row of type '" + discriminator.typeOf(there) + "'";
    if (there.get(PART) instanceof Integer && index.copyType().equals(discriminator.typeOf(there))) {
      KeySpec rowKey = index.rowKeySpec();
      String component = IndexRules.listPartCollision(rowKey.template(), rowKey.shape());
      return new IndexFullException(subject + " (a part row of the list of another value, whose RowKey is this one's"
          + " without its last " + (1 + IndexRules.LIST_PART_DIGITS) + " characters) is stored under those keys,"
          + " and a head cannot move; the index's RowKeys '" + rowKey.template() + "' can end in '~' and four digits"
          + (component == null ? "" : " through " + component) + " ([" + Rule.INDEX_LIST_ROW_KEY.id() + "]): "
          + EntityRules.indexListRowKeyFix(rowKey.template()));
    }
    return new TableMapperException(subject + " is stored under those keys");
  }

  private static String describe(String entry) {
    return "the entity " + TableRow.keys(partitionKeyOf(entry), rowKeyOf(entry)).describeKeys();
  }
}
