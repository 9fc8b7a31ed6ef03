package io.tablemapper.api;

/**
 * Observes every operation of a mapper — repository queries and writes, batches, partition reads, dynamic tables,
 * dropped tables — with what it read and wrote, how long it took and how it ended; added with
 * {@link TableMapper.Builder#operationListener}. Meant for metrics, tracing and logging: the Micrometer binder of
 * {@code io.tablemapper:tablemapper-micrometer} is one.
 *
 * <p>Called once per operation, after it ended, on the thread that ran it (for a lazy {@code Stream}, once per page
 * the stream read). An exception it throws is logged and ignored: it never reaches the application's call.
 */
@FunctionalInterface
public interface OperationListener {

  /** Called after an operation ended, successfully or not; should be quick, and must not call the mapper back. */
  void onOperation(OperationEvent event);
}
