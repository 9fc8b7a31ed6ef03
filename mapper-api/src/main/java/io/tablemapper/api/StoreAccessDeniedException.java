package io.tablemapper.api;

/**
 * The store refused the credentials, or what they allow: an Azure account key that is wrong, a shared access
 * signature that expired or lacks the permission or the table, a disabled account, a clock too far off for the
 * request's signature. Nothing was done. The message names the store's answer and what to check.
 */
public class StoreAccessDeniedException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the store's answer and what to check. */
  public StoreAccessDeniedException(String message) {
    super(message);
  }

  /** Creates the exception with a message and the underlying cause. */
  public StoreAccessDeniedException(String message, Throwable cause) {
    super(message, cause);
  }
}
