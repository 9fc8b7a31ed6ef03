package io.tablemapper.runtime.observe;

import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationListener;
import io.tablemapper.api.OperationTracer;
import io.tablemapper.api.OperationTracer.Scope;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.QueryEvent;
import io.tablemapper.api.QueryKind;
import io.tablemapper.api.QueryListener;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.TableBackend;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.support.Log;

/**
 * One mapper's listeners: the operation listeners, the query listener and the operation tracer, and the one place
 * that tells them.
 *
 * <p>Each operation the application asks for runs through {@link #observe} once, at its entry point (a repository's
 * support, a stream's pages, a batch, a partition read, a dynamic table, a table's drop); with operation listeners or
 * a tracer, the backend is an {@link ObservedBackend} that counts (and traces) each request into the operation
 * running. A traced operation's span is started before its body runs and open on the calling thread while it runs
 * there, and ended after the listeners heard of it. A listener or tracer that throws is logged, never thrown into the
 * application's call.
 */
public final class Listeners {
  private static final Log LOG = new Log(Listeners.class);
  private static final Scope NO_SCOPE = () -> { };

  private final QueryListener listener;
  private final List<OperationListener> operationListeners;
  /** The listeners that threw once already: logged at WARN the first time, at DEBUG after. */
  private final Set<Object> failedListeners = ConcurrentHashMap.newKeySet();

  /** What traces the operations, or null. */
  private final Tracing tracing;

  /**
   * The listeners, and the tracer of every operation.
   *
   * @param tracer the tracer, or null for none
   * @param store the backend the requests go to (named in the tracer's spans); may be null without a tracer
   */
  public Listeners(List<OperationListener> operationListeners, QueryListener listener, OperationTracer tracer,
      TableBackend store) {
    this.operationListeners = operationListeners;
    this.listener = listener;
    this.tracing = tracer == null ? null : new Tracing(tracer, store.name(), store.profile(), describe(store));
  }

  /** The store's description, or the default one when the backend's throws or answers null (logged). */
  private static StoreDescription describe(TableBackend store) {
    try {
      StoreDescription description = store.description();
      if (description != null) {
        return description;
      }
      LOG.warn("the backend {} describes itself as null; traced as {}", store.name(),
          StoreDescription.unknown(store));
    } catch (RuntimeException e) {
      LOG.warn("the backend {} failed to describe itself; traced as {}", store.name(),
          StoreDescription.unknown(store), e);
    }
    return StoreDescription.unknown(store);
  }

  /**
   * Whether operation listeners or a tracer wait for operations (without them {@link #observe} only runs the body,
   * and the backend's requests need not be counted).
   */
  public boolean observing() {
    return !operationListeners.isEmpty() || tracing != null;
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
  @SuppressWarnings("try") // the scope is held open, not used
  public <R> R observe(
      OperationType type, String table, String entity, String method, QueryKind kind, String plan, Supplier<R> body) {
    if (!observing()) {
      return body.get();
    }
    Operation operation = new Operation(type, table, entity, method, kind, plan, tracing, false);
    R result;
    try (Scope scope = open(operation)) {
      result = Operation.within(operation, body);
    } catch (RuntimeException | Error e) {
      ended(operation, e);
      throw e;
    }
    ended(operation, null);
    return result;
  }

  /**
   * {@link #observe} on the async path: {@code body} starts the operation on this thread, within it (so the requests
   * it sends count into it; the steps that follow carry it themselves), and the listeners hear of it when the future
   * completes.
   */
  @SuppressWarnings("try") // the scope is held open, not used
  public <R> CompletableFuture<R> observeAsync(
      OperationType type, String table, String entity, EntityQuery query, Supplier<CompletableFuture<R>> body) {
    if (!observing()) {
      return Futures.start(body);
    }
    Operation operation = query == null ? new Operation(type, table, entity, null, null, null, tracing, false)
        : new Operation(type, table, entity, query.method(), query.kind(), query.plan(), tracing, false);
    CompletableFuture<R> started;
    try (Scope scope = open(operation)) {
      started = Operation.within(operation, () -> Futures.start(body));
    }
    return started.whenComplete(
        (result, failure) -> ended(operation, failure == null ? null : Futures.unwrap(failure)));
  }

  /**
   * Runs work the mapper does on its own, outside any call of the application's (the background completer's work on
   * one piece of pending work, on its thread): traced as an operation of its own, with its requests under it, when
   * there is a tracer and no operation of the application's is current on this thread (within
   * {@code completePending()} the same work is part of that operation); under the background work current on this
   * thread (a look for pending work, for the work it finds), else a span without a parent; reported to no listener,
   * since the application did not ask for it.
   */
  public <R> R background(OperationType type, String table, Supplier<R> body) {
    return background(type, table, null, body, result -> false);
  }

  /**
   * {@link #background(OperationType, String, Supplier)} for a look for pending work
   * ({@link OperationType#POLL_PENDING}): its event says whether the look found work ({@code found} of its result).
   *
   * @param method the call it is, as an event's {@link OperationEvent#method()}, or null
   */
  @SuppressWarnings("try") // the scope is held open, not used
  public <R> R background(OperationType type, String table, String method, Supplier<R> body,
      Predicate<? super R> found) {
    Operation outer = Operation.current();
    if (tracing == null || outer != null && !outer.background()) {
      return body.get();
    }
    Operation operation = new Operation(type, table, null, method, null, null, tracing, true);
    R result;
    try (Scope scope = open(operation)) {
      result = Operation.within(operation, body);
    } catch (RuntimeException | Error e) {
      endUnheard(operation, e, false);
      throw e;
    }
    endUnheard(operation, null, found.test(result));
    return result;
  }

  /** Ends a background operation's span, telling no listener. */
  private static void endUnheard(Operation operation, Throwable failure, boolean foundWork) {
    Tracing traced = operation.tracing();
    if (traced != null) {
      traced.end(operation.span(), operation.ended(failure, foundWork));
    }
  }

  /** Opens the operation's span on this thread, if it is traced. */
  private static Scope open(Operation operation) {
    Tracing tracing = operation.tracing();
    return tracing == null ? NO_SCOPE : tracing.open(operation.span());
  }

  /** Tells the listeners, then the tracer, how the operation ended. */
  private void ended(Operation operation, Throwable failure) {
    OperationEvent event = operation.ended(failure);
    notify(event);
    Tracing traced = operation.tracing();
    if (traced != null) {
      traced.end(operation.span(), event);
    }
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
