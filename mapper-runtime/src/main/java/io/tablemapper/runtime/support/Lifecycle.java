package io.tablemapper.runtime.support;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether one mapper is still open: what everything it handed out (repositories, batches, partitions, dynamic
 * tables, the background completer) asks before it acts, so that nothing is sent after {@code close()}.
 */
public final class Lifecycle {
  private final AtomicBoolean closing = new AtomicBoolean();
  private final AtomicBoolean closed = new AtomicBoolean();

  /** Starts closing; true only for the one call that does, which then calls {@link #markClosed()}. */
  public boolean beginClose() {
    return closing.compareAndSet(false, true);
  }

  /** Marks the mapper closed: from now on {@link #checkOpen()} refuses. */
  public void markClosed() {
    closed.set(true);
  }

  public boolean closed() {
    return closed.get();
  }

  /**
   * Refuses use after close, by anything the mapper handed out.
   *
   * @throws IllegalStateException if the mapper is closed
   */
  public void checkOpen() {
    if (closed.get()) {
      throw new IllegalStateException("this TableMapper is closed (and its backend with it); build a new one");
    }
  }
}
