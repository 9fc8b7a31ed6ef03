package io.tablemapper.backend.h2;

import static io.tablemapper.backend.h2.Schema.ENTITIES;
import static io.tablemapper.backend.h2.Schema.PROPERTIES;

import io.tablemapper.backend.h2.Catalog.TableRef;
import io.tablemapper.spi.KeyBound;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Point reads and query pages, each page read by one statement per key range it spans, so it sees every batch
 * whole or not at all.
 *
 * <p>A page is read in key order through the primary key (table, PartitionKey, RowKey), with the residual filter
 * in the same statement ({@link FilterSql}) and the projection applied to the properties it joins, and stops
 * when it holds the query's limit. A page resumed from a token reads the rest of the token's partition, then the
 * partitions after it, so that both ranges start at an index position rather than at the partition's first row.
 * Pages carry tokens exactly as the in-memory backend's do: a full page carries one if another row follows in the
 * query's key range (the same partition up to the RowKey bound, or any later partition up to the PartitionKey
 * bound), whether or not that row matches the filter.
 */
final class Queries {
  private Queries() {}

  /** The row with these keys, with all its properties, or empty. */
  static Optional<TableRow> get(Connection connection, long tableId, String partitionKey, String rowKey)
      throws SQLException {
    String sql = "SELECT e.PK, e.RK, e.VERSION, e.TS, p.NAME, p.TYPE, p.VAL FROM " + ENTITIES + " e"
        + " LEFT JOIN " + PROPERTIES + " p ON p.TABLE_ID = e.TABLE_ID AND p.PK = e.PK AND p.RK = e.RK"
        + " WHERE e.TABLE_ID = ? AND e.PK = ? AND e.RK = ? ORDER BY p.ORD";
    try (PreparedStatement select = connection.prepareStatement(sql)) {
      select.setLong(1, tableId);
      select.setBytes(2, Encoding.text(partitionKey));
      select.setBytes(3, Encoding.text(rowKey));
      List<TableRow> rows = new ArrayList<>(1);
      try (ResultSet result = select.executeQuery()) {
        collect(result, true, rows);
      }
      return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }
  }

  /** One page of the query. */
  static QueryResult page(Connection connection, TableRef table, TableQuery query) throws SQLException {
    PageToken resume = query.continuation() == null ? null : PageToken.decode(query.continuation(), table.name());
    if (isEmpty(query.rowFrom(), query.rowTo())) {
      return new QueryResult(List.of(), null);
    }
    List<TableRow> page = new ArrayList<>(Math.min(query.limit(), 64));
    if (resume == null) {
      read(connection, table.id(), query, query.partitionFrom(), query.partitionTo(), query.rowFrom(), page);
    } else {
      KeyBound resumed = KeyBound.inclusive(resume.partitionKey());
      if (admits(query.partitionFrom(), query.partitionTo(), resume.partitionKey())) {
        KeyBound rowFrom = KeyBound.higherLower(query.rowFrom(), KeyBound.exclusive(resume.rowKey()));
        read(connection, table.id(), query, resumed, resumed, rowFrom, page);
      }
      if (page.size() < query.limit()) {
        KeyBound partitionFrom = KeyBound.higherLower(query.partitionFrom(), KeyBound.exclusive(resume.partitionKey()));
        read(connection, table.id(), query, partitionFrom, query.partitionTo(), query.rowFrom(), page);
      }
    }
    if (page.size() < query.limit()) {
      return new QueryResult(page, null);
    }
    TableRow last = page.get(page.size() - 1);
    boolean more = exists(connection, table.id(), KeyBound.inclusive(last.partitionKey()),
            KeyBound.inclusive(last.partitionKey()), KeyBound.exclusive(last.rowKey()), query.rowTo())
        || exists(connection, table.id(), KeyBound.exclusive(last.partitionKey()), query.partitionTo(), null, null);
    return new QueryResult(page, more ? new PageToken(last.partitionKey(), last.rowKey()).encode() : null);
  }

  /** Adds to the page the matching rows of one key range, up to the query's limit. */
  private static void read(Connection connection, long tableId, TableQuery query, KeyBound partitionFrom,
      KeyBound partitionTo, KeyBound rowFrom, List<TableRow> page) throws SQLException {
    if (isEmpty(partitionFrom, partitionTo) || isEmpty(rowFrom, query.rowTo())) {
      return;
    }
    List<Object> parameters = new ArrayList<>();
    StringBuilder entities = new StringBuilder("SELECT e.TABLE_ID, e.PK, e.RK, e.VERSION, e.TS FROM ")
        .append(ENTITIES).append(" e WHERE ");
    appendKeyRanges(entities, parameters, tableId, partitionFrom, partitionTo, rowFrom, query.rowTo());
    if (query.filter() != null) {
      entities.append(" AND ");
      FilterSql.append(query.filter(), entities, parameters);
    }
    entities.append(" ORDER BY e.TABLE_ID, e.PK, e.RK FETCH FIRST ? ROWS ONLY");
    parameters.add(query.limit() - page.size());

    List<String> select = query.select();
    boolean withProperties = select == null || !select.isEmpty();
    String sql;
    if (withProperties) {
      StringBuilder joined = new StringBuilder("SELECT q.PK, q.RK, q.VERSION, q.TS, p.NAME, p.TYPE, p.VAL FROM (")
          .append(entities).append(") q LEFT JOIN ").append(PROPERTIES)
          .append(" p ON p.TABLE_ID = q.TABLE_ID AND p.PK = q.PK AND p.RK = q.RK");
      if (select != null) {
        joined.append(" AND p.NAME IN (");
        for (int i = 0; i < select.size(); i++) {
          joined.append(i == 0 ? "?" : ", ?");
          parameters.add(select.get(i));
        }
        joined.append(')');
      }
      sql = joined.append(" ORDER BY q.PK, q.RK, p.ORD").toString();
    } else {
      sql = "SELECT q.PK, q.RK, q.VERSION, q.TS FROM (" + entities + ") q ORDER BY q.PK, q.RK";
    }
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, parameters);
      try (ResultSet result = statement.executeQuery()) {
        collect(result, withProperties, page);
      }
    }
  }

  /** Whether any row lies in the key ranges, filter aside. */
  private static boolean exists(Connection connection, long tableId, KeyBound partitionFrom, KeyBound partitionTo,
      KeyBound rowFrom, KeyBound rowTo) throws SQLException {
    if (isEmpty(partitionFrom, partitionTo) || isEmpty(rowFrom, rowTo)) {
      return false;
    }
    List<Object> parameters = new ArrayList<>();
    StringBuilder sql = new StringBuilder("SELECT 1 FROM ").append(ENTITIES).append(" e WHERE ");
    appendKeyRanges(sql, parameters, tableId, partitionFrom, partitionTo, rowFrom, rowTo);
    sql.append(" FETCH FIRST ROW ONLY");
    try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
      bind(statement, parameters);
      try (ResultSet result = statement.executeQuery()) {
        return result.next();
      }
    }
  }

  private static void appendKeyRanges(StringBuilder sql, List<Object> parameters, long tableId,
      KeyBound partitionFrom, KeyBound partitionTo, KeyBound rowFrom, KeyBound rowTo) {
    sql.append("e.TABLE_ID = ?");
    parameters.add(tableId);
    if (partitionFrom != null && partitionTo != null && partitionFrom.inclusive() && partitionTo.inclusive()
        && partitionFrom.key().equals(partitionTo.key())) {
      sql.append(" AND e.PK = ?");
      parameters.add(Encoding.text(partitionFrom.key()));
    } else {
      appendBound(sql, parameters, "e.PK", partitionFrom, ">");
      appendBound(sql, parameters, "e.PK", partitionTo, "<");
    }
    appendBound(sql, parameters, "e.RK", rowFrom, ">");
    appendBound(sql, parameters, "e.RK", rowTo, "<");
  }

  private static void appendBound(
      StringBuilder sql, List<Object> parameters, String column, KeyBound bound, String operator) {
    if (bound != null) {
      sql.append(" AND ").append(column).append(' ').append(operator).append(bound.inclusive() ? "= ?" : " ?");
      parameters.add(Encoding.text(bound.key()));
    }
  }

  private static void bind(PreparedStatement statement, List<Object> parameters) throws SQLException {
    for (int i = 0; i < parameters.size(); i++) {
      Object parameter = parameters.get(i);
      if (parameter instanceof byte[]) {
        statement.setBytes(i + 1, (byte[]) parameter);
      } else if (parameter instanceof Long) {
        statement.setLong(i + 1, (Long) parameter);
      } else if (parameter instanceof Integer) {
        statement.setInt(i + 1, (Integer) parameter);
      } else if (parameter instanceof Byte) {
        statement.setByte(i + 1, (Byte) parameter);
      } else {
        statement.setString(i + 1, (String) parameter);
      }
    }
  }

  /**
   * Reads rows from a result of columns PK, RK, VERSION, TS and, with properties, NAME, TYPE, VAL (null for a row
   * without properties), ordered by keys, then by property order.
   */
  private static void collect(ResultSet result, boolean withProperties, List<TableRow> rows) throws SQLException {
    byte[] partitionKey = null;
    byte[] rowKey = null;
    TableRow.Builder row = null;
    while (result.next()) {
      byte[] nextPartitionKey = result.getBytes(1);
      byte[] nextRowKey = result.getBytes(2);
      if (row == null || !Arrays.equals(partitionKey, nextPartitionKey) || !Arrays.equals(rowKey, nextRowKey)) {
        if (row != null) {
          rows.add(row.build());
        }
        partitionKey = nextPartitionKey;
        rowKey = nextRowKey;
        row = TableRow.builder(Encoding.text(partitionKey), Encoding.text(rowKey))
            .etag(Versions.etag(result.getLong(3)))
            .timestamp(Encoding.instant(result.getBytes(4)));
      }
      if (withProperties) {
        String name = result.getString(5);
        if (name != null) {
          row.put(name, Encoding.value(result.getByte(6), result.getBytes(7)));
        }
      }
    }
    if (row != null) {
      rows.add(row.build());
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
