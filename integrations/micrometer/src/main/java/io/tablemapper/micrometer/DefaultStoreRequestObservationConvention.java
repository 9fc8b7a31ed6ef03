package io.tablemapper.micrometer;

import static io.tablemapper.micrometer.StoreNames.NONE;
import static io.tablemapper.micrometer.StoreNames.lower;
import static io.tablemapper.micrometer.StoreNames.orNone;

import io.micrometer.common.KeyValues;
import io.tablemapper.api.OperationTracer.StoreRequest;
import io.tablemapper.micrometer.TableMapperObservationDocumentation.RequestHighCardinalityKeys;
import io.tablemapper.micrometer.TableMapperObservationDocumentation.RequestLowCardinalityKeys;

/**
 * The default names and keys of a {@link TableMapperObservationDocumentation#STORE_REQUEST} observation: named
 * {@value #NAME}, its span {@code "<db.operation.name> <db.collection.name>"}, with the keys
 * {@link TableMapperObservationDocumentation} lists.
 */
public class DefaultStoreRequestObservationConvention implements StoreRequestObservationConvention {
  /** The one instance; extend the class to change some of its names or keys. */
  public static final DefaultStoreRequestObservationConvention INSTANCE =
      new DefaultStoreRequestObservationConvention();

  /** The name of the observation, and of its timer: {@value}. */
  public static final String NAME = "tablemapper.store.request";

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getContextualName(StoreRequestObservationContext context) {
    StoreRequest request = context.getRequest();
    return StoreNames.span(operationName(request), request.table());
  }

  /** The {@code db.operation.name} of a request: a write's kind, else the request's. */
  protected String operationName(StoreRequest request) {
    return request.kind() == StoreRequest.Kind.WRITE && request.write() != null ? lower(request.write())
        : lower(request.kind());
  }

  @Override
  public KeyValues getLowCardinalityKeyValues(StoreRequestObservationContext context) {
    StoreRequest request = context.getRequest();
    Throwable failure = context.getError();
    return KeyValues.of(
        RequestLowCardinalityKeys.DB_SYSTEM_NAME.withValue(request.description().system()),
        RequestLowCardinalityKeys.DB_COLLECTION_NAME.withValue(orNone(request.table())),
        RequestLowCardinalityKeys.DB_OPERATION_NAME.withValue(operationName(request)),
        RequestLowCardinalityKeys.OUTCOME.withValue(
            failure != null ? "failure" : context.isEnded() ? "success" : "unknown"),
        RequestLowCardinalityKeys.ERROR_TYPE.withValue(
            failure != null ? failure.getClass().getName() : context.isEnded() ? NONE : "unknown"));
  }

  @Override
  public KeyValues getHighCardinalityKeyValues(StoreRequestObservationContext context) {
    StoreRequest request = context.getRequest();
    KeyValues values = StoreNames.where(request.description(), RequestHighCardinalityKeys.DB_NAMESPACE,
        RequestHighCardinalityKeys.SERVER_ADDRESS, RequestHighCardinalityKeys.SERVER_PORT);
    if (request.partitionKey() != null) {
      values = values.and(RequestHighCardinalityKeys.PARTITION_KEY.withValue(request.partitionKey()));
    }
    if (request.kind() == StoreRequest.Kind.BATCH) {
      values = values.and(RequestHighCardinalityKeys.DB_OPERATION_BATCH_SIZE.withValue(
          Integer.toString(request.batchSize())));
    }
    return values;
  }
}
