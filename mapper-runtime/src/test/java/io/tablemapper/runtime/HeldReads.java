package io.tablemapper.runtime;

import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.ForwardingBackend;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;

/**
 * A backend around another that forwards every call, its async ones to the other's async ones (so that on Azure they
 * stay on the SDK's async client), and can hold the answer of the next async read: the store is read, then the answer
 * waits until the test releases it — a read that a write overtakes.
 */
final class HeldReads extends ForwardingBackend {
  private CompletableFuture<Void> release;
  private CountDownLatch answered;

  HeldReads(TableBackend delegate) {
    super(delegate);
  }

  /** Holds the answer of the next async point read or query; the returned latch opens once the store answered it. */
  synchronized CountDownLatch holdNextAsyncRead() {
    release = new CompletableFuture<>();
    answered = new CountDownLatch(1);
    return answered;
  }

  /** Lets the held answer go on. */
  synchronized void release() {
    release.complete(null);
  }

  private synchronized <R> CompletableFuture<R> held(CompletableFuture<R> read) {
    if (answered == null || answered.getCount() == 0) {
      return read;
    }
    CountDownLatch latch = answered;
    CompletableFuture<Void> gate = release;
    return read.thenCompose(result -> {
      latch.countDown();
      return gate.thenApply(released -> result);
    });
  }

  @Override
  public CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    return held(delegate.getAsync(table, partitionKey, rowKey, executor));
  }

  @Override
  public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    return held(delegate.queryAsync(query, executor));
  }
}
