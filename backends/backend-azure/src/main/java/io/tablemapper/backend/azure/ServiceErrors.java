package io.tablemapper.backend.azure;

import com.azure.core.exception.ClientAuthenticationException;
import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.data.tables.models.TableServiceError;
import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.StoreBusyException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import reactor.core.Exceptions;

/**
 * Turns the service's answers into the contract's exceptions, so that no SDK exception reaches a caller: the
 * error code (from the error body, or the {@code x-ms-error-code} header) decides, the status code where there is
 * none. A throttling answer (429, 503 {@code ServerBusy}), which reaches here only once the retries are spent, is a
 * {@link StoreBusyException} naming the partition.
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
    String message = "cannot " + what + ": Azure Table Storage answered " + Secrets.redact(answer(failure));
    if (failure instanceof ClientAuthenticationException && failure.getResponse() == null) {
      return new AccessDeniedException("cannot " + what + ": the credential could not authenticate ("
          + Secrets.redact(firstLine(String.valueOf(failure.getMessage()))) + "); check the identity and its"
          + " configuration", null, failure);
    }
    if (status == 401 || "AuthenticationFailed".equals(code)) {
      return new AccessDeniedException(message + "; the credential was not accepted: a shared access signature that"
          + " expired, is not valid yet, or is not signed with this account's key, or a token the service refuses",
          null, failure);
    }
    if (status == 403 || code != null && code.startsWith("Authoriz")) {
      return denied(failure, table, message);
    }
    if (Attempts.throttling(status, code)) {
      return busy(failure, table, partitionKey(failure), what);
    }
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
      return new AccessDeniedException(message + "; the account refused the credentials or what they allow:"
          + " check the account name and key of the connection string, or the shared access signature (its expiry,"
          + " its permissions, the tables and IP addresses it allows), and that this machine's clock is right",
          null, failure);
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
   * The exception for a request the service still refused as too busy (429, 503 {@code ServerBusy}) when the retry
   * budget was spent, naming the table and the partition ({@code partitionKey} null: several, or not known).
   */
  static StoreBusyException busy(HttpResponseException failure, String table, String partitionKey, String what) {
    String where = partitionKey == null
        ? (table == null ? "the account" : "table '" + table + "'")
        : "partition '" + partitionKey + "' of table '" + table + "'";
    return new StoreBusyException("cannot " + what + ": Azure Table Storage answered "
        + Secrets.redact(answer(failure)) + " to every attempt the retry budget allowed: " + where + " is over its"
        + " scalability target (about 2,000 entities per second for one partition, 20,000 for an account); spread"
        + " the load over more partitions (a PartitionKey that is not a constant, a time or a counter), slow the"
        + " writers down, or give the backend a larger retry budget"
        + " (AzureTablesBackend.fromConnectionString(connectionString, RetryBudget))", table, partitionKey, failure);
  }

  private static final Pattern KEYED = Pattern.compile("PartitionKey='((?:[^']|'')*)'");
  private static final Pattern EQUAL = Pattern.compile("PartitionKey eq '((?:[^']|'')*)'");

  /**
   * The one PartitionKey a failed request addressed, read from its URL: the keys of a point request, or a query's
   * filter naming exactly one partition by equality; null otherwise (a batch, whose keys are in its body).
   */
  static String partitionKey(HttpResponseException failure) {
    HttpRequest request = failure.getResponse() == null ? null : failure.getResponse().getRequest();
    if (request == null || request.getUrl() == null) {
      return null;
    }
    String url;
    try {
      url = URLDecoder.decode(request.getUrl().toString().replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException undecodable) {
      return null;
    }
    Matcher keyed = KEYED.matcher(url);
    if (keyed.find()) {
      return keyed.group(1).replace("''", "'");
    }
    Matcher equal = EQUAL.matcher(url);
    if (equal.find() && url.indexOf("PartitionKey", url.indexOf("PartitionKey") + 1) < 0) {
      return equal.group(1).replace("''", "'");
    }
    return null;
  }

  /**
   * A refusal for lack of permission, naming the permission the request needed: told by its HTTP method and path,
   * as a shared access signature names permissions ({@code sp=raud} on a table, {@code sp=c}/{@code d} and
   * {@code srt=s} for tables themselves in an account SAS).
   */
  private static AccessDeniedException denied(HttpResponseException failure, String table, String message) {
    HttpRequest request = failure.getResponse() == null ? null : failure.getResponse().getRequest();
    String permission = request == null ? null : permission(request.getHttpMethod(), request.getUrl().getPath());
    String code = code(failure);
    String notAccepted = "AuthorizationFailure".equals(code)
        ? "; or the credential was not accepted at all (a wrong key, an expired or foreign signature)" : "";
    return new AccessDeniedException(message + "; the credential does not allow this on table '" + table + "'"
        + (permission == null ? "" : ": it needs the permission " + permission)
        + " (a shared access signature also needs to be unexpired, and to cover the table and the keys)"
        + notAccepted, permission, failure);
  }

  /** The permission a request needs, as a SAS names it, with its meaning. */
  static String permission(HttpMethod method, String path) {
    boolean tables = path.endsWith("/Tables") || path.contains("/Tables('");
    switch (method) {
      case GET:
        return tables ? "to list tables (an account SAS with srt=s and sp=l)" : "r (query)";
      case POST:
        if (tables) {
          return "to create tables (an account SAS with srt=s and sp=c, or a TableCreation policy that creates none)";
        }
        return path.endsWith("$batch") ? "a, u or d (add, update, delete: what the batch's operations do)"
            : "a (add)";
      case PUT:
      case PATCH:
        return "u (update), and a (add) for an upsert";
      case DELETE:
        return tables ? "to delete tables (an account SAS with srt=s and sp=d)" : "d (delete)";
      default:
        return "u (update), and a (add) for an upsert"; // MERGE, which HttpMethod has no constant for
    }
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
    String seen = Secrets.redact(failure.toString());
    if (failure instanceof VirtualMachineError) {
      throw (VirtualMachineError) failure;
    }
    if (failure instanceof TableMapperException) {
      return (TableMapperException) failure;
    }
    if (failure instanceof ClientAuthenticationException) {
      return new AccessDeniedException("cannot " + what + ": the credential could not authenticate ("
          + Secrets.redact(firstLine(String.valueOf(failure.getMessage()))) + "); check the identity and its"
          + " configuration", null, failure);
    }
    if (failure instanceof LinkageError) {
      return new TableMapperException(
          "cannot " + what + ": the Azure SDK failed with " + seen + ", so a library it needs is missing or of"
              + " another version than the SDK was built with (azure-core parses XML error answers with"
              + " com.fasterxml.jackson.dataformat:jackson-dataformat-xml, which backend-azure depends on); align"
              + " the versions on the class path (mvn dependency:tree shows them) and restart the JVM, since the"
              + " SDK class that failed stays unusable in this one", failure);
    }
    if (failure instanceof Error) {
      return new TableMapperException(
          "cannot " + what + ": the Azure SDK failed with " + seen + " before an answer of the service was"
              + " read; this is a failure of the SDK or of its configuration, not of the request", failure);
    }
    if (isIo(failure)) {
      return new StoreUnavailableException(
          "cannot " + what + ": the request to Azure Table Storage failed without an answer (" + seen
              + "); check the endpoint and the network, the request was retried as configured", failure);
    }
    return new TableMapperException(
        "cannot " + what + ": the Azure SDK failed unexpectedly with " + seen + "; the request may or may not"
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
