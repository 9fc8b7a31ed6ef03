package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpResponse;
import com.azure.data.tables.models.TableServiceError;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import java.util.Set;

/**
 * Turns the service's answers into the contract's exceptions, so that no SDK exception reaches a caller: the
 * error code (from the error body, or the {@code x-ms-error-code} header) decides, the status code where there is
 * none.
 */
final class ServiceErrors {
  static final HttpHeaderName ERROR_CODE = HttpHeaderName.fromString("x-ms-error-code");
  static final String TABLE_NOT_FOUND = "TableNotFound";
  static final String TABLE_ALREADY_EXISTS = "TableAlreadyExists";
  private static final Set<String> ENTITY_NOT_FOUND = Set.of("ResourceNotFound", "EntityNotFound");
  private static final Set<String> INVALID_ENTITY = Set.of(
      "PropertiesNeedValue", "TooManyProperties", "EntityTooLarge", "PropertyValueTooLarge", "PropertyNameTooLong",
      "PropertyNameInvalid", "InvalidValueType", "OutOfRangeInput", "InvalidDuplicateRow", "DuplicatePropertiesSpecified",
      "RequestBodyTooLarge");
  private static final Set<String> INVALID_KEY = Set.of("KeyValueTooLarge", "PrimaryKeyPropertyIsInvalidType");

  private ServiceErrors() {}

  /** The error code of a failed answer, or null. */
  static String code(HttpResponseException failure) {
    if (failure.getValue() instanceof TableServiceError) {
      TableServiceError error = (TableServiceError) failure.getValue();
      if (error.getErrorCode() != null) {
        return error.getErrorCode().toString();
      }
    }
    return failure.getResponse() == null ? null : code(failure.getResponse());
  }

  /** The error code of an answer from its {@code x-ms-error-code} header, or null. */
  static String code(HttpResponse response) {
    return response.getHeaderValue(ERROR_CODE);
  }

  /** The status code of a failed answer, or -1 when the SDK did not keep the answer (a failed batch). */
  static int status(HttpResponseException failure) {
    return failure.getResponse() == null ? -1 : failure.getResponse().getStatusCode();
  }

  /**
   * The contract's exception for a failed answer.
   *
   * @param what what was attempted, for example {@code insert of (PartitionKey 'p', RowKey 'r') in table 'Orders'}
   */
  static TableMapperException translate(HttpResponseException failure, String table, String what) {
    String code = code(failure);
    int status = status(failure);
    String message = "cannot " + what + ": Azure Table Storage answered " + describe(status, code, failure);
    if (TABLE_NOT_FOUND.equals(code)) {
      return new TableNotFoundException(
          "table '" + table + "' does not exist in Azure Table Storage; create it with createTableIfNotExists ("
              + message + ")", failure);
    }
    if ((code != null && ENTITY_NOT_FOUND.contains(code)) || (code == null && status == 404)) {
      return new EntityNotFoundException(message + "; no entity with these keys exists", failure);
    }
    if ("EntityAlreadyExists".equals(code) || (code == null && status == 409)) {
      return new EntityExistsException(message + "; an entity with these keys already exists", failure);
    }
    if ("UpdateConditionNotSatisfied".equals(code) || status == 412) {
      return new ConcurrencyConflictException(message + "; the entity changed since it was read", failure);
    }
    if (code != null && INVALID_KEY.contains(code)) {
      return new InvalidKeyException(message, failure);
    }
    if (code != null && INVALID_ENTITY.contains(code)) {
      return new InvalidEntityException(message, failure);
    }
    return new TableMapperException(message, failure);
  }

  /** An exception for a failure with no answer of the service (it could not be reached, or its answer not read). */
  static TableMapperException unreachable(RuntimeException failure, String what) {
    return new TableMapperException(
        "cannot " + what + ": the request to Azure Table Storage failed (" + failure + ")", failure);
  }

  private static String describe(int status, String code, HttpResponseException failure) {
    StringBuilder text = new StringBuilder();
    if (status >= 0) {
      text.append("HTTP ").append(status);
    }
    if (code != null) {
      text.append(text.length() > 0 ? " " : "").append(code);
    }
    String detail = failure.getValue() instanceof TableServiceError
        ? ((TableServiceError) failure.getValue()).getErrorMessage()
        : null;
    if (detail != null && !detail.isBlank()) {
      text.append(" (").append(firstLine(detail)).append(')');
    }
    return text.length() == 0 ? firstLine(String.valueOf(failure.getMessage())) : text.toString();
  }

  private static String firstLine(String text) {
    int end = text.indexOf('\n');
    return (end < 0 ? text : text.substring(0, end)).trim();
  }
}
