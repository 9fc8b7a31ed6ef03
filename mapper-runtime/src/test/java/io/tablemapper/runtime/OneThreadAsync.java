package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The set-up of the async tests: mappers whose async operations have one thread, which a test can take (to see that
 * nothing of an operation waits for it) and then let go. Registered on an instance field with
 * {@code @RegisterExtension}, so each test has its own thread; after each test the thread is stopped and every
 * mapper built here closed.
 */
final class OneThreadAsync implements AfterEachCallback {
  private final ExecutorService one = Executors.newSingleThreadExecutor();
  private final List<TableMapper> mappers = new CopyOnWriteArrayList<>();

  /** The mappers' one async thread. */
  ExecutorService executor() {
    return one;
  }

  /** The mapper the builder makes with the one thread as its async executor, closed after the test. */
  TableMapper mapper(TableMapper.Builder builder) {
    TableMapper mapper = builder.asyncExecutor(one).build();
    mappers.add(mapper);
    return mapper;
  }

  /** Takes the one thread until {@code release} is opened (or 60 s have passed, see {@link Waits#await}). */
  void take(CountDownLatch release) {
    one.execute(() -> Waits.await(release));
  }

  /** Waits, at most 30 s, until the thread has run everything handed to it so far. */
  void drain() throws InterruptedException, ExecutionException, TimeoutException {
    one.submit(() -> null).get(30, TimeUnit.SECONDS);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    one.shutdownNow();
    mappers.forEach(TableMapper::close);
  }

  /**
   * The future's value, waited for at most 60 s; its failure, which must come as a {@link RuntimeException} cause of a
   * {@code CompletionException}, thrown.
   */
  static <R> R join(CompletableFuture<R> future) {
    return join(future, RuntimeException.class);
  }

  /** The future's value, as {@link #join(CompletableFuture)}; its failure must be a {@code failureType}. */
  static <R> R join(CompletableFuture<R> future, Class<? extends RuntimeException> failureType) {
    try {
      return future.orTimeout(60, TimeUnit.SECONDS).join();
    } catch (CompletionException e) {
      assertThat(e.getCause()).isInstanceOf(failureType);
      throw (RuntimeException) e.getCause();
    }
  }
}
