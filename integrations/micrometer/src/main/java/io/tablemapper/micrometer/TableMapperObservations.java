package io.tablemapper.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationTracer;
import java.util.Objects;

/**
 * Traces every operation of a {@link io.tablemapper.api.TableMapper}, and each store request it sends, as Micrometer
 * {@link Observation}s in an {@link ObservationRegistry}: spans where the registry has a tracing handler (Micrometer
 * Tracing's Brave or OpenTelemetry bridge), timers where it has a meter handler.
 *
 * <pre>{@code
 * TableMapper mapper = TableMapper.builder()
 *     .backend(backend)
 *     .operationTracer(new TableMapperObservations(observationRegistry))
 *     .build();
 * }</pre>
 *
 * <p>Each operation is a {@link TableMapperObservationDocumentation#OPERATION} observation, its parent the
 * observation current on the calling thread (an HTTP request's, say); each request it sends, from whichever thread,
 * is a {@link TableMapperObservationDocumentation#STORE_REQUEST} observation under it, open on the sending thread
 * while the backend is called, so that the Azure SDK's own spans nest under it where its tracing is on. An error
 * ends its observation as {@link Observation#error}. Names and keys are those of
 * {@link DefaultOperationObservationConvention} and {@link DefaultStoreRequestObservationConvention}, unless
 * conventions of the application's replace them ({@link #TableMapperObservations(ObservationRegistry,
 * OperationObservationConvention, StoreRequestObservationConvention)}) or the registry's global ones do.
 *
 * <p>With a registry that has no handler ({@link ObservationRegistry#NOOP}, or none configured yet) nothing is
 * observed: each call only finds that and returns a span that does nothing. Thread-safe; one instance may serve
 * several mappers.
 */
public final class TableMapperObservations implements OperationTracer {
  /** What a span does with nothing to observe: nothing. */
  private static final Span NONE = new Span() {
    @Override
    public Scope open() {
      return NO_SCOPE;
    }

    @Override
    public void end(Throwable failure) {}

    @Override
    public void end(OperationEvent event) {}
  };
  private static final Scope NO_SCOPE = () -> { };

  private final ObservationRegistry registry;
  private final OperationObservationConvention operationConvention;
  private final StoreRequestObservationConvention requestConvention;

  /** Observes into {@code registry} with the default conventions. */
  public TableMapperObservations(ObservationRegistry registry) {
    this(registry, null, null);
  }

  /**
   * Observes into {@code registry} with the application's conventions.
   *
   * @param operationConvention the names and keys of the operations' observations, or null for the default
   * @param requestConvention the names and keys of the requests' observations, or null for the default
   */
  public TableMapperObservations(ObservationRegistry registry, OperationObservationConvention operationConvention,
      StoreRequestObservationConvention requestConvention) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.operationConvention = operationConvention;
    this.requestConvention = requestConvention;
  }

  @Override
  public Span operationStarted(OperationStart operation) {
    if (registry.isNoop()) {
      return NONE;
    }
    OperationObservationContext context = new OperationObservationContext(operation);
    Observation observation = TableMapperObservationDocumentation.OPERATION.observation(operationConvention,
        DefaultOperationObservationConvention.INSTANCE, () -> context, registry).start();
    return new Observed(observation) {
      @Override
      public void end(OperationEvent event) {
        context.setEvent(event);
        end(event.failure());
      }
    };
  }

  @Override
  public Span requestStarted(StoreRequest request, Span parent) {
    if (!(parent instanceof Observed observed) || registry.isNoop() || observed.observation.isNoop()) {
      return NONE; // the requests of an observation the registry declined (its ObservationPredicate) are declined too
    }
    StoreRequestObservationContext context = new StoreRequestObservationContext(request);
    Observation observation = TableMapperObservationDocumentation.STORE_REQUEST.observation(requestConvention,
        DefaultStoreRequestObservationConvention.INSTANCE, () -> context, registry)
        .parentObservation(observed.observation)
        .start();
    return new Observed(observation) {
      @Override
      public void end(Throwable failure) {
        context.setEnded();
        super.end(failure);
      }
    };
  }

  /** The span of one observation. */
  private static class Observed implements Span {
    final Observation observation;

    Observed(Observation observation) {
      this.observation = observation;
    }

    @Override
    public Scope open() {
      Observation.Scope scope = observation.openScope();
      return scope::close;
    }

    @Override
    public void end(Throwable failure) {
      if (failure != null) {
        observation.error(failure);
      }
      observation.stop();
    }
  }

  @Override
  public String toString() {
    return "TableMapperObservations[" + registry.getClass().getSimpleName() + "]";
  }
}
