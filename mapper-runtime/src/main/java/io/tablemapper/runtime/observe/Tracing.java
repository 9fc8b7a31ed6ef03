package io.tablemapper.runtime.observe;

import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationTracer;
import io.tablemapper.api.OperationTracer.OperationStart;
import io.tablemapper.api.OperationTracer.Scope;
import io.tablemapper.api.OperationTracer.Span;
import io.tablemapper.api.OperationTracer.StoreRequest;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.WriteOperation;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A mapper's {@link OperationTracer}, called so that nothing it does reaches the application's call: a call that
 * throws is logged (at WARN the first time, at DEBUG after) and its span is dropped, so that its children and its
 * end are not traced either. Knows the store every request goes to (its name, profile and
 * {@link StoreDescription description}), for the {@link OperationStart}s and {@link StoreRequest}s.
 */
final class Tracing {
  private static final Log LOG = new Log(Tracing.class);
  /** A scope that does nothing: of a span that could not be opened. */
  private static final Scope NO_SCOPE = () -> { };

  private final OperationTracer tracer;
  private final String store;
  private final StoreProfile profile;
  private final StoreDescription description;
  private final AtomicBoolean failedBefore = new AtomicBoolean();

  Tracing(OperationTracer tracer, String store, StoreProfile profile, StoreDescription description) {
    this.tracer = tracer;
    this.store = store;
    this.profile = profile;
    this.description = description;
  }

  /** The span of an operation starting, or null when the tracer failed. */
  Span operation(Operation operation) {
    try {
      return tracer.operationStarted(new OperationStart(operation.type(), operation.table(), operation.entity(),
          operation.method(), operation.kind(), store, profile, description));
    } catch (RuntimeException e) {
      failed("operationStarted", e);
      return null;
    }
  }

  /**
   * The span of a request (or pending step) starting under {@code parent}, or null when the tracer failed. It is
   * started with the parent's scope open on this thread: a tracer that takes the span current on the thread as the
   * parent (Micrometer Tracing's handlers prefer it to the parent given) finds the right one, whatever thread this is
   * and whatever ran on it before (an async step runs on the thread that completed the previous request).
   */
  @SuppressWarnings("try") // the scope is held open, not used
  Span request(StoreRequest.Kind kind, String table, String partitionKey, WriteOperation.Kind write, int batchSize,
      Span parent) {
    try (Scope scope = open(parent)) {
      return tracer.requestStarted(new StoreRequest(kind, table, partitionKey, write, batchSize, store, profile,
          description),
          parent);
    } catch (RuntimeException e) {
      failed("requestStarted", e);
      return null;
    }
  }

  /** Opens {@code span}'s scope on this thread (none for a null span). */
  Scope open(Span span) {
    if (span == null) {
      return NO_SCOPE;
    }
    try {
      Scope scope = span.open();
      return () -> {
        try {
          scope.close();
        } catch (RuntimeException e) {
          failed("Scope.close", e);
        }
      };
    } catch (RuntimeException e) {
      failed("Span.open", e);
      return NO_SCOPE;
    }
  }

  /** Ends a request's or a step's span (none for a null span). */
  void end(Span span, Throwable failure) {
    if (span != null) {
      try {
        span.end(failure);
      } catch (RuntimeException e) {
        failed("Span.end", e);
      }
    }
  }

  /** Ends an operation's span (none for a null span). */
  void end(Span span, OperationEvent event) {
    if (span != null) {
      try {
        span.end(event);
      } catch (RuntimeException e) {
        failed("Span.end", e);
      }
    }
  }

  private void failed(String call, RuntimeException e) {
    if (failedBefore.compareAndSet(false, true)) {
      LOG.warn("The operation tracer {} threw in {}; ignored, the operation's caller is not affected (later failures"
          + " of this tracer are logged at DEBUG)", tracer, call, e);
    } else {
      LOG.debug("The operation tracer {} threw in {}; ignored", tracer, call, e);
    }
  }
}
