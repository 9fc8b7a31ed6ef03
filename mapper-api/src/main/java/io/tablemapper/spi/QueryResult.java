package io.tablemapper.spi;

import java.util.List;
import java.util.Objects;

/**
 * One page of a backend query.
 *
 * @param rows the matching rows in key order, at most the query's limit; may be empty even when more follow
 * @param continuation the token to read the next page with the same query, or null when there is none
 */
public record QueryResult(List<TableRow> rows, String continuation) {
  public QueryResult {
    rows = List.copyOf(Objects.requireNonNull(rows, "rows"));
  }
}
