package io.tablemapper.tck;

import io.tablemapper.api.TableMapper;
import io.tablemapper.spi.TableBackend;
import java.lang.reflect.Method;
import java.time.Duration;

/**
 * Mappers with a grace period of {@link #GRACE} rather than a minute (the runtime's test setting, not part of the
 * public API), for the kit's tests whose work a run left held, or a dead writer left registered, and that complete
 * it within the test: the history checker, and the tests of a store that stops answering after a transaction.
 */
final class KitGrace {
  /** The grace period of the kit's mappers that finish work left held or registered. */
  static final Duration GRACE = Duration.ofSeconds(2);

  private KitGrace() {}

  /** A mapper builder over {@code backend} with the kit's grace period. */
  static TableMapper.Builder builder(TableBackend backend) {
    TableMapper.Builder builder = TableMapper.builder().backend(backend);
    try {
      Method grace = builder.getClass().getDeclaredMethod("pendingGrace", Duration.class);
      grace.setAccessible(true);
      grace.invoke(builder, GRACE);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("the kit needs the runtime's pendingGrace(Duration) to finish work a run or a"
          + " dead mapper left within a test: " + builder.getClass().getName() + " has none", e);
    }
    return builder;
  }
}
