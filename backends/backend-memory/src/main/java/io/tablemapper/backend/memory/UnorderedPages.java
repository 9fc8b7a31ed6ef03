package io.tablemapper.backend.memory;

import io.tablemapper.spi.Filter;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.NavigableMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The pages of a store that keeps no key order, as the Cosmos DB Table API ({@code StoreProfile.COSMOS_TABLE}):
 * each query (a first page, without a token) draws an order of its own from the backend's seed, in which its rows
 * come — within a partition too — and its continuation token is opaque: it names the query's order and a position in
 * it, not a key, and only it resumes the query.
 *
 * <p>A row's place in a query's order is a keyed hash of its keys ({@link #position}), so the order holds across
 * pages and while the data changes: a page resumes after the position its token names, each row that stays in the
 * range is returned exactly once, and a row written between pages is returned if its place lies after the token's.
 * A page reads the whole key range (the store has no order to seek in), returns at most {@code limit} matches, and
 * carries a token when a row of the range lies after its last one.
 *
 * <p>A token is {@code "c1"} and the base64url of the order's seed, the last position, and the keys of the last
 * row (for a tie of positions); a text this store did not issue is an {@link IllegalArgumentException}.
 */
final class UnorderedPages {
  private static final String VERSION = "c1";

  private final AtomicLong queries;
  private final long seed;

  UnorderedPages(long seed) {
    this.seed = seed;
    this.queries = new AtomicLong();
  }

  /** Where a row stands in the order of one query. */
  private record Place(long position, String partitionKey, String rowKey) implements Comparable<Place> {
    @Override
    public int compareTo(Place other) {
      int order = Long.compare(position, other.position);
      if (order == 0) {
        order = partitionKey.compareTo(other.partitionKey);
      }
      return order != 0 ? order : rowKey.compareTo(other.rowKey);
    }
  }

  private record Candidate(Place place, TableRow row) {}

  /** One page of the query over the table's partitions, in the query's own order. */
  QueryResult page(TableQuery query, NavigableMap<String, MemoryPartition> partitions, String table, ScanListener listener) {
    long order;
    Place after = null;
    if (query.continuation() == null) {
      order = mix(seed + queries.incrementAndGet() * 0x9E3779B97F4A7C15L);
    } else {
      after = decode(query.continuation(), table);
      order = orderOf(query.continuation(), table);
    }
    List<Candidate> candidates = new ArrayList<>();
    for (MemoryPartition partition
        : KeyRanges.range(partitions, query.partitionFrom(), query.partitionTo()).values()) {
      partition.each(query.rowFrom(), query.rowTo(), row -> {
        Place place = new Place(position(order, row.partitionKey(), row.rowKey()), row.partitionKey(), row.rowKey());
        candidates.add(new Candidate(place, row));
      });
    }
    listener.visited(candidates.size());
    Place from = after;
    if (from != null) {
      candidates.removeIf(candidate -> candidate.place.compareTo(from) <= 0);
    }
    candidates.sort((a, b) -> a.place.compareTo(b.place));
    Filter filter = query.filter();
    List<TableRow> page = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      TableRow row = candidates.get(i).row;
      if (filter == null || filter.test(row)) {
        page.add(query.project(row));
        if (page.size() == query.limit()) {
          boolean more = i + 1 < candidates.size();
          return new QueryResult(page, more ? encode(order, candidates.get(i).place) : null);
        }
      }
    }
    return new QueryResult(page, null);
  }

  /** A row's place in the order {@code order}: a 64-bit hash of its keys keyed by the order. */
  private static long position(long order, String partitionKey, String rowKey) {
    long hash = order;
    hash = mix(hash ^ partitionKey.hashCode()) + partitionKey.length();
    hash = mix(hash ^ rowKey.hashCode()) + rowKey.length();
    return mix(hash);
  }

  /** SplitMix64's finalizer: every bit of the input moves every bit of the output. */
  private static long mix(long value) {
    long z = value;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private static String encode(long order, Place last) {
    byte[] partition = last.partitionKey.getBytes(StandardCharsets.UTF_16BE);
    byte[] row = last.rowKey.getBytes(StandardCharsets.UTF_16BE);
    ByteBuffer bytes = ByteBuffer.allocate(8 + 8 + 4 + partition.length + row.length);
    bytes.putLong(order).putLong(last.position).putInt(partition.length).put(partition).put(row);
    return VERSION + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
  }

  private static long orderOf(String token, String table) {
    return buffer(token, table).getLong(0);
  }

  private static Place decode(String token, String table) {
    ByteBuffer bytes = buffer(token, table);
    if (bytes.remaining() >= 20) {
      bytes.getLong();
      long position = bytes.getLong();
      int partitionLength = bytes.getInt();
      if (partitionLength >= 0 && partitionLength % 2 == 0 && partitionLength <= bytes.remaining()
          && (bytes.remaining() - partitionLength) % 2 == 0) {
        byte[] partition = new byte[partitionLength];
        bytes.get(partition);
        byte[] row = new byte[bytes.remaining()];
        bytes.get(row);
        return new Place(position, new String(partition, StandardCharsets.UTF_16BE),
            new String(row, StandardCharsets.UTF_16BE));
      }
    }
    throw invalid(token, table);
  }

  private static ByteBuffer buffer(String token, String table) {
    if (token.startsWith(VERSION)) {
      try {
        return ByteBuffer.wrap(Base64.getUrlDecoder().decode(token.substring(VERSION.length())));
      } catch (IllegalArgumentException notBase64) {
        // reported below
      }
    }
    throw invalid(token, table);
  }

  private static IllegalArgumentException invalid(String token, String table) {
    String shown = token.length() <= 40 ? token : token.substring(0, 40) + "…";
    return new IllegalArgumentException("invalid continuation token '" + shown + "' for a query of table '" + table
        + "': pass back only a token the in-memory backend (COSMOS_TABLE) returned");
  }
}
