package io.tablemapper.backend.h2;

import static io.tablemapper.backend.h2.Schema.ROWS;

import io.tablemapper.backend.h2.Catalog.TableRef;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.h2.jdbc.JdbcResultSet;

/**
 * Point reads and query pages, each page read in one snapshot transaction ({@link Database#snapshot}), so it sees
 * every batch whole or not at all.
 *
 * <p>A page is read in key order through the primary key (table, PartitionKey, RowKey), one SQL row per entity. The
 * residual filter is evaluated on each row as it is read ({@link RowFilter}: only the properties it names are
 * decoded), and only the rows it accepts are built, with the projection's properties. Every statement has a
 * {@code LIMIT} and runs eagerly: one row more than the page needs without a filter; with one, chunks of growing size
 * until the page is full ({@code Reading.read}). A page resumed from a token reads the rest of the token's
 * partition, then the partitions after it, so that both ranges start at an index position rather than at the
 * partition's first row. Pages carry tokens exactly as the in-memory backend's do: a full page carries one if
 * another row follows in the query's key range (the same partition up to the RowKey bound, or any later partition up
 * to the PartitionKey bound), whether or not that row matches the filter.
 *
 * <p>The SQL of a range depends only on which bounds it has and whether it fetches the PartitionKey (a range of one
 * partition does not, unless its filter compares keys); each shape's text is built once and its statement is the
 * session's, prepared once per connection. A row's keys and stored properties are read as H2 holds them, not copied.
 */
final class Queries {
  private static final String GET =
      "SELECT VERSION, TS, PROPS FROM " + ROWS + " WHERE TABLE_ID = ? AND PK = ? AND RK = ?";
  private static final String COLUMNS = "PK, RK, VERSION, TS, PROPS";
  /** The columns of a range of one partition whose filter reads no key: its PartitionKey is the query's. */
  private static final String ROW_COLUMNS = "RK, VERSION, TS, PROPS";
  private static final String EXISTS = "1";
  private static final ConcurrentHashMap<Integer, String> SHAPES = new ConcurrentHashMap<>();
  /** The fewest and the most rows a filtered page reads per statement after its first. */
  private static final int MIN_CHUNK = 64;
  private static final int MAX_CHUNK = 1024;

  private Queries() {}

  /** The row with these keys, with all its properties, or empty. */
  static Optional<TableRow> get(Session session, long tableId, String partitionKey, String rowKey)
      throws SQLException {
    PreparedStatement select = session.prepare(GET);
    select.setLong(1, tableId);
    select.setBytes(2, Encoding.text(partitionKey));
    select.setBytes(3, Encoding.text(rowKey));
    try (ResultSet result = select.executeQuery()) {
      if (!result.next()) {
        return Optional.empty();
      }
      JdbcResultSet values = result.unwrap(JdbcResultSet.class);
      return Optional.of(TableRow.of(partitionKey, rowKey, Versions.etag(values.getInternal(1).getLong()),
          Versions.instant(values.getInternal(2).getLong()), new StoredProperties(stored(values, 3))));
    }
  }

  /**
   * A {@code VARBINARY} column's bytes as H2 holds them in the current row, not copied (JDBC's {@code getBytes}
   * copies them): H2's values are immutable, so the array is never changed, and it is read-only to the caller too.
   * The columns read this way are {@code NOT NULL}.
   */
  private static byte[] stored(JdbcResultSet result, int column) {
    return result.getInternal(column).getBytesNoCopy();
  }

  /** One page of the query. */
  static QueryResult page(Session session, TableRef table, TableQuery query) throws SQLException {
    PageToken resume = query.continuation() == null ? null : PageToken.decode(query.continuation(), table.name());
    if (isEmpty(query.rowFrom(), query.rowTo())) {
      return new QueryResult(List.of(), null);
    }
    Reading reading = new Reading(session, table.id(), query);
    if (resume == null) {
      reading.read(query.partitionFrom(), query.partitionTo(), query.rowFrom());
    } else {
      KeyBound resumed = KeyBound.inclusive(resume.partitionKey());
      if (admits(query.partitionFrom(), query.partitionTo(), resume.partitionKey())) {
        reading.read(resumed, resumed, KeyBound.higherLower(query.rowFrom(), KeyBound.exclusive(resume.rowKey())));
      }
      if (!reading.full()) {
        KeyBound partitionFrom = KeyBound.higherLower(query.partitionFrom(), KeyBound.exclusive(resume.partitionKey()));
        reading.read(partitionFrom, query.partitionTo(), query.rowFrom());
      }
    }
    List<TableRow> page = reading.page;
    if (!reading.full()) {
      return new QueryResult(page, null);
    }
    TableRow last = page.get(page.size() - 1);
    boolean more = reading.followed
        || exists(session, table.id(), KeyBound.inclusive(last.partitionKey()), KeyBound.inclusive(last.partitionKey()),
            KeyBound.exclusive(last.rowKey()), query.rowTo())
        || exists(session, table.id(), KeyBound.exclusive(last.partitionKey()), query.partitionTo(), null, null);
    return new QueryResult(page, more ? new PageToken(last.partitionKey(), last.rowKey()).encode() : null);
  }

  /** The rows of one page as its key ranges are read. */
  private static final class Reading {
    final Session session;
    final long tableId;
    final TableQuery query;
    final RowFilter filter;
    /** The stored bytes of the selected property names, or null for all. */
    final byte[][] select;
    final List<TableRow> page;
    /** Whether, when the page became full, another row followed in the range being read. */
    boolean followed;

    // Rows of a page mostly share their partition, and rows written by one batch their ETag and Timestamp: each is
    // built again only when it differs from the previous row's.
    private byte[] lastPartitionBytes;
    private String lastPartition;
    private long lastVersion = -1;
    private String lastEtag;
    private long lastTicks;
    private Instant lastTimestamp;
    /** The short String values the page's rows share ({@link StoredProperties#strings()}), made with its first row. */
    private String[] strings;
    /** Where a key's Latin-1 chars are gathered before they become a String ({@link Encoding#text(byte[], byte[])}). */
    private byte[] scratch = new byte[64];

    Reading(Session session, long tableId, TableQuery query) {
      this.session = session;
      this.tableId = tableId;
      this.query = query;
      this.filter = query.filter() == null ? null : RowFilter.of(query.filter());
      if (query.select() == null) {
        select = null;
      } else {
        select = new byte[query.select().size()][];
        for (int i = 0; i < select.length; i++) {
          select[i] = RowCodec.name(query.select().get(i));
        }
      }
      this.page = new ArrayList<>(Math.min(query.limit(), 128));
    }

    boolean full() {
      return page.size() >= query.limit();
    }


    private String partition(byte[] bytes) {
      if (!Arrays.equals(bytes, lastPartitionBytes)) {
        lastPartitionBytes = bytes;
        lastPartition = Encoding.text(bytes);
      }
      return lastPartition;
    }

    private String etag(long version) {
      if (version != lastVersion) {
        lastVersion = version;
        lastEtag = Versions.etag(version);
      }
      return lastEtag;
    }

    private Instant timestamp(long ticks) {
      if (lastTimestamp == null || ticks != lastTicks) {
        lastTicks = ticks;
        lastTimestamp = Versions.instant(ticks);
      }
      return lastTimestamp;
    }

    /**
     * Adds to the page the matching rows of one key range, up to the query's limit, in chunks: each statement has a
     * {@code LIMIT} and runs eagerly. Without a filter one chunk of one row more than the page needs is all (the
     * extra row says whether another follows); with one, a chunk that ends at its limit before the page is full is
     * followed by a larger one starting after its last row, matching or not.
     */
    void read(KeyBound partitionFrom, KeyBound partitionTo, KeyBound rowFrom) throws SQLException {
      read(partitionFrom, partitionTo, rowFrom, query.limit() - page.size() + 1);
    }

    private void read(KeyBound partitionFrom, KeyBound partitionTo, KeyBound rowFrom, int chunk)
        throws SQLException {
      while (!isEmpty(partitionFrom, partitionTo) && !isEmpty(rowFrom, query.rowTo())) {
        Range range = new Range(partitionFrom, partitionTo, rowFrom, query.rowTo());
        String[] last = readChunk(range, chunk);
        if (last == null) {
          return;
        }
        chunk = Math.min(Math.max(2 * chunk, MIN_CHUNK), MAX_CHUNK);
        KeyBound after = KeyBound.higherLower(rowFrom, KeyBound.exclusive(last[1]));
        if (range.onePartition()) {
          rowFrom = after;
          continue;
        }
        KeyBound partition = KeyBound.inclusive(last[0]);
        read(partition, partition, after, chunk); // the rest of the last row's partition: one partition, no deeper
        if (full()) {
          return;
        }
        partitionFrom = KeyBound.higherLower(partitionFrom, KeyBound.exclusive(last[0]));
      }
    }

    /**
     * Reads at most {@code chunk} rows of the range; returns the keys of the last one read if there were that many
     * and the page is not full yet (more may follow), else null.
     */
    private String[] readChunk(Range range, int chunk) throws SQLException {
      // a range of one partition knows its PartitionKey: unless a filter reads it, it is not fetched for each row
      String onePartition = range.onePartition() ? range.partitionFrom().key() : null;
      boolean fetchesPartition = onePartition == null || filter != null && filter.readsKeys();
      int rk = fetchesPartition ? 2 : 1; // the RowKey's column; VERSION, TS and PROPS follow it
      PreparedStatement statement = session.prepare(range.sql(fetchesPartition ? COLUMNS : ROW_COLUMNS, true));
      statement.setInt(range.bind(statement, tableId), chunk);
      int fetched = 0;
      byte[] partitionKey = null;
      byte[] rowKey = null;
      try (ResultSet rows = statement.executeQuery()) {
        JdbcResultSet result = rows.unwrap(JdbcResultSet.class);
        while (result.next()) {
          if (full()) {
            followed = true;
            return null;
          }
          fetched++;
          partitionKey = fetchesPartition ? stored(result, 1) : null;
          rowKey = stored(result, rk);
          long ticks = result.getInternal(rk + 2).getLong();
          byte[] props = stored(result, rk + 3);
          if (filter != null && !filter.matches(partitionKey, rowKey, ticks, props)) {
            continue;
          }
          String partition = onePartition == null ? partition(partitionKey) : onePartition;
          String rowKeyText = text(rowKey);
          long version = result.getInternal(rk + 1).getLong();
          if (select == null) {
            // the row is a view of the stored bytes, decoded as it is read (StoredProperties)
            if (strings == null) {
              strings = StoredProperties.strings();
            }
            page.add(TableRow.of(partition, rowKeyText, etag(version), timestamp(ticks),
                new StoredProperties(props, strings)));
            continue;
          }
          TableRow.Builder row = TableRow.builder(partition, rowKeyText, select.length)
              .etag(etag(version))
              .timestamp(timestamp(ticks));
          if (select.length > 0) {
            RowCodec.decodeInto(props, select, row);
          }
          page.add(row.build());
        }
      }
      if (fetched < chunk || full()) {
        return null;
      }
      return new String[] {onePartition == null ? partition(partitionKey) : onePartition, Encoding.text(rowKey)};
    }

    /** A key of the page's rows, decoded through the page's scratch buffer (one copy: the String's own). */
    private String text(byte[] key) {
      if (scratch.length < key.length / 2) {
        scratch = new byte[Math.max(key.length / 2, 2 * scratch.length)];
      }
      return Encoding.text(key, scratch);
    }
  }

  /** Whether any row lies in the key ranges, filter aside. */
  private static boolean exists(Session session, long tableId, KeyBound partitionFrom, KeyBound partitionTo,
      KeyBound rowFrom, KeyBound rowTo) throws SQLException {
    if (isEmpty(partitionFrom, partitionTo) || isEmpty(rowFrom, rowTo)) {
      return false;
    }
    Range range = new Range(partitionFrom, partitionTo, rowFrom, rowTo);
    PreparedStatement statement = session.prepare(range.sql(EXISTS, true));
    statement.setInt(range.bind(statement, tableId), 1);
    try (ResultSet result = statement.executeQuery()) {
      return result.next();
    }
  }

  /** A key range of one table: a single partition or a PartitionKey range, and a RowKey range. */
  private record Range(KeyBound partitionFrom, KeyBound partitionTo, KeyBound rowFrom, KeyBound rowTo) {
    boolean onePartition() {
      return partitionFrom != null && partitionTo != null && partitionFrom.inclusive() && partitionTo.inclusive()
          && partitionFrom.key().equals(partitionTo.key());
    }

    /**
     * The statement's text: the columns ({@link #COLUMNS}, {@link #ROW_COLUMNS} or {@link #EXISTS}), then the
     * conditions of the bounds present, key order, maybe a limit.
     */
    String sql(String columns, boolean limited) {
      int partitions = onePartition() ? 15 : shape(partitionFrom) | shape(partitionTo) << 2;
      int shape = partitions | shape(rowFrom) << 4 | shape(rowTo) << 6 | (limited ? 1 << 8 : 0)
          | (columns.equals(EXISTS) ? 1 << 9 : columns.equals(ROW_COLUMNS) ? 1 << 10 : 0);
      return SHAPES.computeIfAbsent(shape, s -> {
        StringBuilder sql = new StringBuilder("SELECT ").append(columns).append(" FROM ").append(ROWS)
            .append(" WHERE TABLE_ID = ?");
        if (onePartition()) {
          sql.append(" AND PK = ?");
        } else {
          condition(sql, "PK", partitionFrom, ">");
          condition(sql, "PK", partitionTo, "<");
        }
        condition(sql, "RK", rowFrom, ">");
        condition(sql, "RK", rowTo, "<");
        sql.append(" ORDER BY TABLE_ID, PK, RK");
        if (limited) {
          sql.append(" FETCH FIRST ? ROWS ONLY");
        }
        return sql.toString();
      });
    }

    /** Binds the table and the bounds; returns the index of the next parameter. */
    int bind(PreparedStatement statement, long tableId) throws SQLException {
      int index = 1;
      statement.setLong(index++, tableId);
      if (onePartition()) {
        statement.setBytes(index++, Encoding.text(partitionFrom.key()));
      } else {
        index = bind(statement, index, partitionFrom);
        index = bind(statement, index, partitionTo);
      }
      index = bind(statement, index, rowFrom);
      return bind(statement, index, rowTo);
    }

    private static int bind(PreparedStatement statement, int index, KeyBound bound) throws SQLException {
      if (bound == null) {
        return index;
      }
      statement.setBytes(index, Encoding.text(bound.key()));
      return index + 1;
    }

    private static int shape(KeyBound bound) {
      return bound == null ? 0 : bound.inclusive() ? 1 : 2;
    }

    private static void condition(StringBuilder sql, String column, KeyBound bound, String operator) {
      if (bound != null) {
        sql.append(" AND ").append(column).append(' ').append(operator).append(bound.inclusive() ? "= ?" : " ?");
      }
    }
  }

  /** Whether no key lies between the bounds (either null for unbounded). */
  private static boolean isEmpty(KeyBound from, KeyBound to) {
    if (from == null || to == null) {
      return false;
    }
    int order = from.key().compareTo(to.key());
    return order > 0 || (order == 0 && !(from.inclusive() && to.inclusive()));
  }

  private static boolean admits(KeyBound from, KeyBound to, String key) {
    return (from == null || from.admitsFromBelow(key)) && (to == null || to.admitsFromAbove(key));
  }
}
