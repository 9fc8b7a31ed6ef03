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
import io.tablemapper.api.StoreAccessDeniedException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import reactor.core.Exceptions;

/**
 * Turns the service's answers into the contract's exceptions, so that no SDK exception reaches a caller: the
 * error code (from the error body, or the {@code x-ms-error-code} header) decides, the status code where there is
 * none.
 */
final class ServiceErrors {
  static final HttpHeaderName ERROR_CODE = HttpHeaderName.fromString("x-ms-error-code");
  static final String TABLE_NOT_FOUND = "TableNotFound";
  static final String TABLE_ALREADY_EXISTS = "TableAlreadyExists";
  static final String TABLE_BEING_DELETED = "TableBeingDeleted";
  static final String REQUEST_BODY_TOO_LARGE = "RequestBodyTooLarge";
  private static final Set<String> ENTITY_NOT_FOUND = Set.of("ResourceNotFound", "EntityNotFound");
  private static final Set<String> INVALID_ENTITY = Set.of(
      "PropertiesNeedValue", "TooManyProperties", "EntityTooLarge", "PropertyValueTooLarge", "PropertyNameTooLong",
      "PropertyNameInvalid", "InvalidValueType", "OutOfRangeInput", "InvalidDuplicateRow", "DuplicatePropertiesSpecified",
      REQUEST_BODY_TOO_LARGE);
  private static final Set<String> INVALID_KEY = Set.of("KeyValueTooLarge", "PrimaryKeyPropertyIsInvalidType");
  /** The service's codes for credentials it refuses, or that do not allow the request. */
  private static final Set<String> ACCESS_DENIED = Set.of(
      "AuthenticationFailed", "AuthorizationFailure", "AuthorizationPermissionMismatch",
      "AuthorizationResourceTypeMismatch", "AuthorizationServiceMismatch", "AuthorizationProtocolMismatch",
      "AuthorizationSourceIPMismatch", "InsufficientAccountPermissions", "AccountIsDisabled",
      "InvalidAuthenticationInfo", "NoAuthenticationInformation");

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

  /** Whether an answer refuses a request as too large: HTTP 413, or the error code RequestBodyTooLarge. */
  static boolean tooLarge(HttpResponseException failure) {
    return status(failure) == 413 || REQUEST_BODY_TOO_LARGE.equals(code(failure));
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
    String message = "cannot " + what + ": Azure Table Storage answered " + answer(failure);
    if (TABLE_NOT_FOUND.equals(code)) {
      return new TableNotFoundException(
          "table '" + table + "' does not exist in Azure Table Storage; create it with createTableIfNotExists ("
              + message + ")", failure);
    }
    if ((code != null && ENTITY_NOT_FOUND.contains(code)) || (code == null && status == 404)) {
      return new EntityNotFoundException(message + "; no entity with these keys exists", failure);
    }
    if (TABLE_BEING_DELETED.equals(code)) {
      return new TableMapperException(message + "; the table is being deleted (the service takes up to about 40"
          + " seconds), so nothing can be read from or written to it until it is created again", failure);
    }
    if ("EntityAlreadyExists".equals(code) || (code == null && status == 409)) {
      return new EntityExistsException(message + "; an entity with these keys already exists", failure);
    }
    if ("UpdateConditionNotSatisfied".equals(code) || status == 412) {
      return new ConcurrencyConflictException(message + "; the entity changed since it was read", failure);
    }
    if ((code != null && ACCESS_DENIED.contains(code)) || (code == null && (status == 401 || status == 403))) {
      return new StoreAccessDeniedException(message + "; the account refused the credentials or what they allow:"
          + " check the account name and key of the connection string, or the shared access signature (its expiry,"
          + " its permissions, the tables and IP addresses it allows), and that this machine's clock is right",
          failure);
    }
    if (code != null && INVALID_KEY.contains(code)) {
      return new InvalidKeyException(message, failure);
    }
    if ((code != null && INVALID_ENTITY.contains(code)) || (code == null && status == 413)) {
      return new InvalidEntityException(message, failure);
    }
    return new TableMapperException(message, failure);
  }

  /**
   * The contract's exception for anything but an error answer that a request through the SDK threw: a request
   * that never got an answer (connection refused or lost, timeout), an SDK that failed on its own
   * ({@link LinkageError} when a library it needs is missing or of another version, an unexpected exception), so
   * that none of them reaches a caller. A {@link VirtualMachineError} (out of memory, stack overflow) is not the
   * request's failure and is thrown on unchanged.
   *
   * @param what what was attempted, for the message
   */
  static TableMapperException unexpected(Throwable thrown, String what) {
    // Reactor wraps what a blocking call of the SDK met in a ReactiveException; judge what it wraps.
    Throwable failure = Exceptions.unwrap(thrown);
    if (failure instanceof VirtualMachineError) {
      throw (VirtualMachineError) failure;
    }
    if (failure instanceof TableMapperException) {
      return (TableMapperException) failure;
    }
    if (failure instanceof LinkageError) {
      return new TableMapperException(
          "cannot " + what + ": the Azure SDK failed with " + failure + ", so a library it needs is missing or of"
              + " another version than the SDK was built with (azure-core parses XML error answers with"
              + " com.fasterxml.jackson.dataformat:jackson-dataformat-xml, which backend-azure depends on); align"
              + " the versions on the class path (mvn dependency:tree shows them) and restart the JVM, since the"
              + " SDK class that failed stays unusable in this one", failure);
    }
    if (failure instanceof Error) {
      return new TableMapperException(
          "cannot " + what + ": the Azure SDK failed with " + failure + " before an answer of the service was"
              + " read; this is a failure of the SDK or of its configuration, not of the request", failure);
    }
    if (isIo(failure)) {
      return new StoreUnavailableException(
          "cannot " + what + ": the request to Azure Table Storage failed without an answer (" + failure
              + "); check the endpoint and the network, the request was retried as configured", failure);
    }
    return new TableMapperException(
        "cannot " + what + ": the Azure SDK failed unexpectedly with " + failure + "; the request may or may not"
            + " have reached the service", failure);
  }

  /** Whether a failure, or one of its causes, is an I/O failure or a timeout: the request had no answer. */
  static boolean isIo(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof IOException || cause instanceof UncheckedIOException
          || cause instanceof TimeoutException) {
        return true;
      }
    }
    return false;
  }

  /** The answer as text for messages: status, error code and the first line of the error's message. */
  static String answer(HttpResponseException failure) {
    int status = status(failure);
    String code = code(failure);
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
