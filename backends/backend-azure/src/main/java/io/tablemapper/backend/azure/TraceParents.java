package io.tablemapper.backend.azure;

import com.azure.core.util.tracing.Tracer;
import reactor.core.publisher.Mono;

/**
 * The trace context of the thread that sends a request on the async path, handed to the SDK's async client so that
 * the SDK's own spans (its method's, its HTTP request's) nest under the span current there — a mapper's store
 * request, say — rather than start traces of their own on the Reactor thread that runs them, where no context is
 * current. The SDK's tracing plugin ({@code azure-core-tracing-opentelemetry}) takes the parent of a span it starts
 * from the request's context under {@link Tracer#PARENT_TRACE_CONTEXT_KEY}, where the async client copies the Reactor
 * subscriber context; the value is OpenTelemetry's {@code io.opentelemetry.context.Context}, which this class reads
 * only when OpenTelemetry is on the class path (an optional dependency: without it, and without a span current,
 * nothing is added).
 */
final class TraceParents {
  /** Whether OpenTelemetry's context API is on the class path. */
  private static final boolean OPEN_TELEMETRY = openTelemetry();

  private TraceParents() {}

  /** The trace context current on this thread, or null: none, or no OpenTelemetry on the class path. */
  static Object current() {
    return OPEN_TELEMETRY ? OpenTelemetryContext.current() : null;
  }

  /** {@code request} with {@code parent} (null: none) as the parent of the spans the SDK starts for it. */
  static <T> Mono<T> within(Mono<T> request, Object parent) {
    return parent == null ? request
        : request.contextWrite(reactor -> reactor.put(Tracer.PARENT_TRACE_CONTEXT_KEY, parent));
  }

  private static boolean openTelemetry() {
    try {
      Class.forName("io.opentelemetry.context.Context", false, TraceParents.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }

  /** OpenTelemetry's side, in a class of its own: loaded only when OpenTelemetry is on the class path. */
  private static final class OpenTelemetryContext {
    static Object current() {
      io.opentelemetry.context.Context current = io.opentelemetry.context.Context.current();
      return current == io.opentelemetry.context.Context.root() ? null : current;
    }
  }
}
