package io.tablemapper.api;

/**
 * The store could not be reached or opened, so the operation did not happen (or, for a request without an answer,
 * may not have): an H2 database file open in another process, damaged, not an H2 database, of another schema
 * version, or not readable or writable; an Azure endpoint that did not answer (refused connection, unknown host,
 * timeout) after the configured retries. The message names the store and says what to check.
 */
public class StoreUnavailableException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the store and what to check. */
  public StoreUnavailableException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public StoreUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
