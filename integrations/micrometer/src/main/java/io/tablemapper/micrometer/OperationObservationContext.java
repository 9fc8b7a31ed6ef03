package io.tablemapper.micrometer;

import io.micrometer.observation.Observation;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationTracer.OperationStart;
import java.util.Objects;

/**
 * What an {@link TableMapperObservationDocumentation#OPERATION} observation's convention reads: the operation as it
 * started, and once it ended, what it did ({@link #getEvent()}).
 */
public class OperationObservationContext extends Observation.Context {
  private final OperationStart start;
  private OperationEvent event;

  /** The context of an operation starting. */
  public OperationObservationContext(OperationStart start) {
    this.start = Objects.requireNonNull(start, "start");
  }

  /** The operation as it started. */
  public OperationStart getStart() {
    return start;
  }

  /** What the operation did, once it ended; null while it runs. */
  public OperationEvent getEvent() {
    return event;
  }

  /** Sets what the operation did, as it ends. */
  public void setEvent(OperationEvent event) {
    this.event = event;
  }
}
