package io.tablemapper.runtime.store;

import io.tablemapper.spi.TableBackend;
import java.util.concurrent.Future;
import io.tablemapper.runtime.support.AsyncRunner;
import io.tablemapper.runtime.mapping.Discriminator;

/**
 * The two paths of one mapper's writes ({@link WriteChannel}): the blocking one, and an async one per operation.
 *
 * @param backend the store
 * @param tables the existence of tables, under the mapper's policy
 * @param discriminator the property that holds each row's entity type (the wide entities' parts are read by it)
 * @param runner the runner of the mapper's async operations, whose executor the async path's blocking work runs on
 */
public record Channels(TableBackend backend, Tables tables, Discriminator discriminator, AsyncRunner runner) {
  /** The blocking path: each request made at once, on the caller's thread. */
  WriteChannel blocking() {
    return WriteChannel.blocking(backend, tables, discriminator);
  }

  /**
   * The async path of one operation.
   *
   * @param caller the future the caller holds: once it is cancelled, nothing more is sent
   */
  public WriteChannel.Async async(Future<?> caller) {
    return new WriteChannel.Async(this, caller);
  }
}
