package io.tablemapper.api;

/**
 * Observes repository queries; set with {@link TableMapper.Builder#queryListener}. {@link OperationListener} observes
 * every operation, with its duration and outcome.
 */
@FunctionalInterface
public interface QueryListener {

  /**
   * Called after a query completed (for streams, after each page). An exception it throws is logged and ignored: it
   * never reaches the query's caller.
   */
  void onQuery(QueryEvent event);
}
