package io.tablemapper.api;

/**
 * Hears of the rows reads left out or returned as {@link DynamicEntity} under {@link MalformedRowPolicy#SKIP} and
 * {@link MalformedRowPolicy#DYNAMIC}; set with {@link TableMapper.Builder#malformedRowListener}. For logging, metrics
 * and tests: under {@link MalformedRowPolicy#FAIL} the exception is thrown instead and the listener is not called.
 */
@FunctionalInterface
public interface MalformedRowListener {

  /**
   * Called on the reading thread, once for each malformed row a read met, before the read returns; must not throw.
   *
   * @param row what was wrong, with the table, the row's keys and the property
   */
  void onMalformedRow(MalformedRowException row);
}
