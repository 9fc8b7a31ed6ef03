package io.tablemapper.api;

/** Observes repository queries; set with {@link TableMapper.Builder#queryListener}. */
@FunctionalInterface
public interface QueryListener {

  /** Called after a query completed (for streams, after each page); must not throw. */
  void onQuery(QueryEvent event);
}
