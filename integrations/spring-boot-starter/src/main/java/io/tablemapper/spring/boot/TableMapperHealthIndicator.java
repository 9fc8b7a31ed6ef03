package io.tablemapper.spring.boot;

import io.tablemapper.spi.TableBackend;
import java.util.Objects;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of the store under the application's mapper: UP when the store answers a request (whether a table
 * exists), DOWN with the exception when it does not (a network, credential or file problem). Reported by Actuator's
 * health endpoint as {@code tableMapper}.
 */
public class TableMapperHealthIndicator extends AbstractHealthIndicator {
  /** The table whose existence is asked: any name does; this one names the asker. */
  static final String PROBE_TABLE = "tablemapperhealth";

  private final TableBackend backend;

  /** The health of {@code backend}. */
  public TableMapperHealthIndicator(TableBackend backend) {
    super("tablemapper: the store did not answer");
    this.backend = Objects.requireNonNull(backend, "backend");
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    long started = System.nanoTime();
    backend.tableExists(PROBE_TABLE);
    builder.up()
        .withDetail("backend", backend.name())
        .withDetail("responseMillis", (System.nanoTime() - started) / 1_000_000);
    // Hook for the work an eventually consistent index or EventualBatch leaves pending: once the mapper can say
    // how much of it waits (beside TableMapper.completePending()), add it here as a detail, and report
    // OUT_OF_SERVICE when it grows beyond a bound. This indicator would then take the TableMapper as well.
  }
}
