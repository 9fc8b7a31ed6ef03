package io.tablemapper.runtime.observe;

import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationListener;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.QueryListener;
import io.tablemapper.internal.mapping.EntityQuery;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.support.Log;

/**
 * One mapper's listeners: the operation listeners and the query listener, and the one place that tells them.
 *
 * <p>Each operation the application asks for runs through {@link #observe} once, at its entry point (a repository's
 * support, a stream's pages, a batch, a partition read, a dynamic table, a table's drop); with operation listeners,
 * the backend is an {@link ObservedBackend} that counts each request into the operation running. A listener that
 * throws is logged, never thrown into the application's call.
 */
public final class Listeners {
  private static final Log LOG = new Log(Listeners.class);

  private final QueryListener listener;
  private final List<OperationListener> operationListeners;
  /** The listeners that threw once already: logged at WARN the first time, at DEBUG after. */
  private final Set<Object> failedListeners = ConcurrentHashMap.newKeySet();

  public Listeners(List<OperationListener> operationListeners, QueryListener listener) {
    this.operationListeners = operationListeners;
    this.listener = listener;
  }

  /** Whether operation listeners wait for operations (without them {@link #observe} only runs the body). */
  public boolean observing() {
    return !operationListeners.isEmpty();
  }

  /** Whether a listener waits for query reports (so that none is built for nobody). */
  public boolean listening() {
    return listener != null;
  }

  /** Reports a query to the listener, if there is one. */
  public void report(QueryEvent event) {
    if (listener != null) {
      try {
        listener.onQuery(event);
      } catch (Exception e) {
        listenerFailed(listener, event, e);
      }
    }
  }

  /**
   * Runs one operation the application asked for and reports it to the operation listeners, if any: timed, with the
   * requests it sent and the rows it read and wrote, and how it ended. Its result or exception is the caller's,
   * whatever the listeners do.
   *
   * @param entity the simple name of the entity class it reads or writes, or null
   * @param query the planned query of a repository method, or null
   */
  public <R> R observe(OperationType type, String table, String entity, EntityQuery query, Supplier<R> body) {
    return query == null
        ? observe(type, table, entity, null, null, null, body)
        : observe(type, table, entity, query.method(), query.kind(), query.plan(), body);
  }

  /**
   * {@link #observe(OperationType, String, String, EntityQuery, Supplier)} for a repository method's query given by
   * its parts (a point read made without a query object).
   *
   * @param method the repository method, or null
   * @param kind its plan's kind, or null
   * @param plan its plan as text, or null
   */
  public <R> R observe(
      OperationType type, String table, String entity, String method, QueryKind kind, String plan, Supplier<R> body) {
    if (operationListeners.isEmpty()) {
      return body.get();
    }
    Operation operation = new Operation(type, table, entity, method, kind, plan);
    R result;
    try {
      result = Operation.within(operation, body);
    } catch (RuntimeException | Error e) {
      notify(operation.ended(e));
      throw e;
    }
    notify(operation.ended(null));
    return result;
  }

  /**
   * {@link #observe} on the async path: {@code body} starts the operation on this thread, within it (so the requests
   * it sends count into it; the steps that follow carry it themselves), and the listeners hear of it when the future
   * completes.
   */
  public <R> CompletableFuture<R> observeAsync(
      OperationType type, String table, String entity, EntityQuery query, Supplier<CompletableFuture<R>> body) {
    if (operationListeners.isEmpty()) {
      return Futures.start(body);
    }
    Operation operation = query == null ? new Operation(type, table, entity, null, null, null)
        : new Operation(type, table, entity, query.method(), query.kind(), query.plan());
    return Operation.within(operation, () -> Futures.start(body)).whenComplete(
        (result, failure) -> notify(operation.ended(failure == null ? null : Futures.unwrap(failure))));
  }

  private void notify(OperationEvent event) {
    for (OperationListener each : operationListeners) {
      try {
        each.onOperation(event);
      } catch (Exception e) {
        listenerFailed(each, event, e);
      }
    }
  }

  private void listenerFailed(Object listener, Record event, Exception e) {
    if (failedListeners.add(listener)) {
      LOG.warn("The listener {} threw on {}; ignored, the operation's caller is not affected (later failures of"
          + " this listener are logged at DEBUG)", listener, event, e);
    } else {
      LOG.debug("The listener {} threw on {}; ignored", listener, event, e);
    }
  }
}
