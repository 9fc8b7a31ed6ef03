package io.tablemapper.api;

/**
 * The store refused a request for lack of permission (HTTP 403): the mapper's credential — a shared access
 * signature limited to some permissions, tables or key ranges, a role of its identity — does not allow it. The
 * message names the request, the table and the permission it needed; nothing of the request was applied.
 */
public class AccessDeniedException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  private final String permission;

  /**
   * Creates the exception.
   *
   * @param permission the permission the request needed, as a SAS writes it ({@code r}, {@code a}, {@code u},
   *     {@code d}, ...) with its meaning, or null when it cannot be told
   */
  public AccessDeniedException(String message, String permission, Throwable cause) {
    super(message, cause);
    this.permission = permission;
  }

  /**
   * The permission the request needed, as a shared access signature names it with its meaning (for example
   * {@code "a (add)"}), or null when it cannot be told.
   */
  public String permission() {
    return permission;
  }
}
