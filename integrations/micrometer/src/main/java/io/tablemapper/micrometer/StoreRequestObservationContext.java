package io.tablemapper.micrometer;

import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.SenderContext;
import io.tablemapper.api.OperationTracer.StoreRequest;
import java.util.Objects;

/**
 * What a {@link TableMapperObservationDocumentation#STORE_REQUEST} observation's convention reads: the request. A
 * {@link SenderContext} of kind {@link Kind#CLIENT}, as a database client's span is, with no carrier: the store's
 * requests carry no trace headers of tablemapper's (the Azure SDK adds its own where its tracing is on).
 */
public class StoreRequestObservationContext extends SenderContext<Object> {
  private final StoreRequest request;

  /** The context of a request starting. */
  public StoreRequestObservationContext(StoreRequest request) {
    super((carrier, key, value) -> { }, Kind.CLIENT);
    this.request = Objects.requireNonNull(request, "request");
    setRemoteServiceName(request.description().system());
  }

  private volatile boolean ended;

  /** The request. */
  public StoreRequest getRequest() {
    return request;
  }

  /** Whether the request ended (then {@link #getError()} says whether it failed). */
  public boolean isEnded() {
    return ended;
  }

  /** Marks the request ended, as its observation stops. */
  public void setEnded() {
    this.ended = true;
  }
}
