package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import io.tablemapper.api.TableMapperException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The table calls of this backend, written once for both paths over a {@link Channel}, as {@link Writes} writes the
 * write and the batch: {@link #create} (what each answer to a table's creation means, and the wait for a table of the
 * same name that the service is still deleting) and {@link #exists} (the probe, and what its answer means). The
 * blocking channel completes each step at once on the caller's thread ({@link Writes#join} hands the outcome back);
 * the async one sends each with the SDK's async client and waits between attempts on a timer, holding no thread.
 * Each future fails with the contract's exception.
 */
final class TableCalls {
  private static final CompletableFuture<Boolean> TRUE = CompletableFuture.completedFuture(true);
  private static final CompletableFuture<Boolean> FALSE = CompletableFuture.completedFuture(false);

  private TableCalls() {}

  /**
   * Creates the table unless it exists: true if this call created it, false if it existed (409 {@code
   * TableAlreadyExists}, also when another caller created it meanwhile). A table of the same name that the service
   * is still deleting (409 {@code TableBeingDeleted}, for up to about 40 seconds after a delete) is tried again after
   * {@code wait}'s backoff, until its bound has passed; then, or when the blocking path's wait is interrupted, the
   * future fails with a {@link TableMapperException} saying so.
   */
  static CompletableFuture<Boolean> create(Channel channel, Retries.TableDeletionWait wait) {
    return attempt(channel, wait, System.nanoTime(), 1, wait.base());
  }

  private static CompletableFuture<Boolean> attempt(
      Channel channel, Retries.TableDeletionWait wait, long start, int attempt, Duration delay) {
    String what = "create table '" + channel.table + "'";
    return channel.createTable().handle((created, thrown) -> {
      if (thrown == null) {
        return TRUE;
      }
      Throwable failure = Transactions.unwrap(thrown);
      if (failure instanceof CancellationException) {
        return CompletableFuture.<Boolean>failedFuture(failure); // the async path abandoned
      }
      if (!(failure instanceof HttpResponseException)) {
        return CompletableFuture.<Boolean>failedFuture(Transactions.failure(failure, channel.table, what));
      }
      HttpResponseException answer = (HttpResponseException) failure;
      String code = ServiceErrors.code(answer);
      if (ServiceErrors.TABLE_ALREADY_EXISTS.equals(code)) {
        return FALSE;
      }
      if (!ServiceErrors.TABLE_BEING_DELETED.equals(code)) {
        return CompletableFuture.<Boolean>failedFuture(ServiceErrors.translate(answer, channel.table, what));
      }
      Duration waited = Duration.ofNanos(System.nanoTime() - start);
      if (waited.plus(delay).compareTo(wait.bound()) > 0) {
        return CompletableFuture.<Boolean>failedFuture(new TableMapperException("cannot " + what + ": Azure Table"
            + " Storage was still deleting a table of that name after " + attempt + " attempts over "
            + waited.toMillis() + " ms (409 TableBeingDeleted); the service takes up to about 40 seconds to delete a"
            + " table, so retry later or use another table name", answer));
      }
      Duration next = delay.multipliedBy(2).compareTo(wait.maxDelay()) > 0 ? wait.maxDelay() : delay.multipliedBy(2);
      return channel.pause(delay).handle((paused, stopped) -> {
        Throwable cause = stopped == null ? null : Transactions.unwrap(stopped);
        if (cause instanceof InterruptedException) {
          TableMapperException interrupted = new TableMapperException("cannot " + what + ": interrupted while"
              + " waiting for Azure Table Storage to finish deleting a table of that name", cause);
          interrupted.addSuppressed(answer);
          return CompletableFuture.<Boolean>failedFuture(interrupted);
        }
        return cause != null
            ? CompletableFuture.<Boolean>failedFuture(cause)
            : attempt(channel, wait, start, attempt + 1, next);
      }).thenCompose(Function.identity());
    }).thenCompose(Function.identity());
  }

  /**
   * Whether the table exists: the probe answered (true) or answered 404 {@code TableNotFound} (false); any other
   * failure is the contract's exception.
   */
  static CompletableFuture<Boolean> exists(Channel channel) {
    return channel.probe().handle((answered, thrown) -> {
      if (thrown == null) {
        return true;
      }
      Throwable failure = Transactions.unwrap(thrown);
      if (failure instanceof HttpResponseException
          && ServiceErrors.TABLE_NOT_FOUND.equals(ServiceErrors.code((HttpResponseException) failure))) {
        return false;
      }
      if (failure instanceof CancellationException) {
        throw (CancellationException) failure;
      }
      throw Transactions.failure(failure, channel.table, "check whether table '" + channel.table + "' exists");
    });
  }
}
