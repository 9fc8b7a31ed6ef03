package io.tablemapper.spi;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Where a backend reports what its requests met before their answer: the retries it (or its client library) made
 * and the throttling answers among them (HTTP 429, or 503 {@code ServerBusy}). The mapper counts them into the
 * {@code OperationEvent} of the operation that sent the request ({@code retries()}, {@code throttled()}).
 *
 * <p>A backend takes {@link #current()} on the thread that calls it, when the call starts (on the async path too,
 * before handing the request to another thread), and reports to it from any thread, once the request ended or
 * attempt by attempt (the counts add up):
 *
 * <pre>{@code
 * RequestTally.Sink tally = RequestTally.current();
 * ... send the request, retrying ...
 * tally.attempted(retries, throttled);
 * }</pre>
 *
 * <p>Outside the mapper's observed calls the current sink ignores what it is told, so a backend reports
 * unconditionally. A backend that retries nothing reports nothing.
 */
public final class RequestTally {
  /** What one request met; implementations are thread-safe. */
  @FunctionalInterface
  public interface Sink {
    /**
     * Attempts of a request: all of them once it ended, or some as they happen.
     *
     * @param retries the attempts made after its first
     * @param throttled the answers among these attempts that refused it as too busy (429, 503 ServerBusy)
     */
    void attempted(int retries, int throttled);
  }

  /** The sink that ignores everything. */
  public static final Sink NONE = (retries, throttled) -> { };

  private static final ThreadLocal<Sink> CURRENT = new ThreadLocal<>();

  private RequestTally() {}

  /** The sink of this thread's current call: where its requests report; {@link #NONE} outside any. */
  public static Sink current() {
    Sink sink = CURRENT.get();
    return sink == null ? NONE : sink;
  }

  /** Runs {@code body} with {@code sink} as this thread's current sink, restoring the one before after. */
  public static <R> R within(Sink sink, Supplier<R> body) {
    Objects.requireNonNull(sink, "sink");
    Sink outer = CURRENT.get();
    CURRENT.set(sink);
    try {
      return body.get();
    } finally {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }
}
