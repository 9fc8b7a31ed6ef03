package io.tablemapper.runtime;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import java.time.Duration;

/**
 * Mappers for the tests of pending work, which decide when work is completed: no background completer, so work is
 * completed only by {@code completePending()} (or by the writer itself).
 */
final class ManualCompletion {
  private ManualCompletion() {}

  /** A builder of a mapper without a background completer. */
  static TableMapperBuilder builder(TableBackend backend) {
    return (TableMapperBuilder) TableMapper.builder().backend(backend).pendingCompleters(0);
  }

  /**
   * A builder of a mapper without a background completer that retires a registry entry without its record at once
   * (no grace period): for tests in which no writer is still on its way when work is completed.
   */
  static TableMapperBuilder retiringAtOnce(TableBackend backend) {
    return builder(backend).pendingGrace(Duration.ZERO);
  }
}
