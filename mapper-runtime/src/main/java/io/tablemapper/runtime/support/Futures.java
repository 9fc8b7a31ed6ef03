package io.tablemapper.runtime.support;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The few compositions the async read path needs: a loop of dependent requests that does not grow the stack when
 * they complete at once (the blocking defaults of an embedded backend, a cached page), the failure inside a
 * {@code CompletionException}, and a start that turns what a synchronous first step throws into a failed future.
 */
public final class Futures {
  private Futures() {}

  /** The failure a stage saw: the cause of a {@code CompletionException} or {@code ExecutionException}, else itself. */
  public static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /** The future {@code start} returns, or a future failed with what it threw. */
  public static <R> CompletableFuture<R> start(Supplier<CompletableFuture<R>> start) {
    try {
      return start.get();
    } catch (RuntimeException | Error e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * {@code step.thenCompose(next)}, without a stage of its own when {@code step} has completed normally already (the
   * blocking write path, whose requests complete at once): {@code next} then runs here, what it throws failing the
   * future it gives.
   */
  public static <T, R> CompletableFuture<R> compose(CompletableFuture<T> step, Function<? super T,
      CompletableFuture<R>> next) {
    if (step.isDone() && !step.isCompletedExceptionally()) {
      try {
        return next.apply(step.join());
      } catch (RuntimeException | Error e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    return step.thenCompose(next);
  }

  /** How a completed future failed (the cause of its {@code CompletionException}), or null if it did not. */
  public static Throwable failure(CompletableFuture<?> done) {
    if (!done.isCompletedExceptionally()) {
      return null;
    }
    try {
      done.join();
      return null;
    } catch (CompletionException | java.util.concurrent.CancellationException e) {
      return unwrap(e);
    }
  }

  /** Waits for a future on the blocking path, throwing what it failed with as it is. */
  public static <R> R join(CompletableFuture<R> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      Throwable cause = unwrap(e);
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw e;
    }
  }

  /**
   * Runs {@code step} while {@code more} says so, each step once the one before has completed: the future completes
   * when {@code more} is false, or fails with the first failure. A step that completes at once is followed in the same
   * loop, not in a nested callback.
   */
  public static CompletableFuture<Void> loop(BooleanSupplier more, Supplier<? extends CompletableFuture<?>> step) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    new Runnable() {
      @Override
      public void run() {
        try {
          while (more.getAsBoolean()) {
            CompletableFuture<?> next = step.get();
            if (!next.isDone()) {
              next.whenComplete((result, failure) -> {
                if (failure != null) {
                  done.completeExceptionally(unwrap(failure));
                } else {
                  run();
                }
              });
              return;
            }
            if (next.isCompletedExceptionally()) {
              next.whenComplete((result, failure) -> done.completeExceptionally(unwrap(failure)));
              return;
            }
          }
          done.complete(null);
        } catch (RuntimeException | Error e) {
          done.completeExceptionally(e);
        }
      }
    }.run();
    return done;
  }
}
