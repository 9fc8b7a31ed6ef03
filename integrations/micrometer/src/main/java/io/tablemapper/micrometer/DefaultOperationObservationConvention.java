package io.tablemapper.micrometer;

import static io.tablemapper.micrometer.StoreNames.NONE;
import static io.tablemapper.micrometer.StoreNames.lower;
import static io.tablemapper.micrometer.StoreNames.orNone;

import io.micrometer.common.KeyValues;
import io.tablemapper.api.OperationEvent;
import io.tablemapper.api.OperationType;
import io.tablemapper.api.OperationTracer.OperationStart;
import io.tablemapper.micrometer.TableMapperObservationDocumentation.OperationHighCardinalityKeys;
import io.tablemapper.micrometer.TableMapperObservationDocumentation.OperationLowCardinalityKeys;

/**
 * The default names and keys of an {@link TableMapperObservationDocumentation#OPERATION} observation: named
 * {@value #NAME}, its span named after the repository method (or {@code "<operation> <table>"}), with the keys
 * {@link TableMapperObservationDocumentation} lists.
 */
public class DefaultOperationObservationConvention implements OperationObservationConvention {
  /** The one instance; extend the class to change some of its names or keys. */
  public static final DefaultOperationObservationConvention INSTANCE = new DefaultOperationObservationConvention();

  /** The name of the observation, and of its timer: {@value}. */
  public static final String NAME = "tablemapper.operation";

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getContextualName(OperationObservationContext context) {
    OperationStart start = context.getStart();
    return start.method() != null ? start.method() : StoreNames.span(lower(start.type()), start.table());
  }

  @Override
  public KeyValues getLowCardinalityKeyValues(OperationObservationContext context) {
    OperationStart start = context.getStart();
    OperationEvent event = context.getEvent();
    Throwable failure = event != null ? event.failure() : context.getError();
    String outcome = failure != null ? "failure" : event == null ? "unknown"
        : start.type() != OperationType.POLL_PENDING ? "success" : event.foundWork() ? "found" : "none";
    return KeyValues.of(
        OperationLowCardinalityKeys.DB_SYSTEM_NAME.withValue(start.description().system()),
        OperationLowCardinalityKeys.DB_COLLECTION_NAME.withValue(orNone(start.table())),
        OperationLowCardinalityKeys.DB_OPERATION_NAME.withValue(lower(start.type())),
        OperationLowCardinalityKeys.ENTITY.withValue(orNone(start.entity())),
        OperationLowCardinalityKeys.METHOD.withValue(orNone(start.method())),
        OperationLowCardinalityKeys.QUERY_KIND.withValue(lower(start.kind())),
        OperationLowCardinalityKeys.OUTCOME.withValue(outcome),
        OperationLowCardinalityKeys.ERROR_TYPE.withValue(
            failure != null ? failure.getClass().getName() : event != null ? NONE : "unknown"));
  }

  @Override
  public KeyValues getHighCardinalityKeyValues(OperationObservationContext context) {
    OperationEvent event = context.getEvent();
    KeyValues where = StoreNames.where(context.getStart().description(), OperationHighCardinalityKeys.DB_NAMESPACE,
        OperationHighCardinalityKeys.SERVER_ADDRESS, OperationHighCardinalityKeys.SERVER_PORT);
    if (event == null) {
      return where;
    }
    KeyValues values = where.and(
        OperationHighCardinalityKeys.ROWS_READ.withValue(Integer.toString(event.rowsRead())),
        OperationHighCardinalityKeys.ROWS_WRITTEN.withValue(Integer.toString(event.rowsWritten())),
        OperationHighCardinalityKeys.REQUESTS.withValue(Integer.toString(event.requests())));
    if (event.partitionKey() != null) {
      values = values.and(OperationHighCardinalityKeys.PARTITION_KEY.withValue(event.partitionKey()));
    }
    if (event.plan() != null) {
      values = values.and(OperationHighCardinalityKeys.DB_QUERY_TEXT.withValue(event.plan()));
    }
    return values;
  }
}
