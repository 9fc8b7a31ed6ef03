package io.tablemapper.spring.boot;

import io.tablemapper.api.TableMapperException;

/**
 * The {@code tablemapper.*} properties, or the beans beside them, do not describe a store the starter can open; the
 * message names the property and what to set.
 */
public class TableMapperConfigurationException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception with a message that names the property and says what to set. */
  public TableMapperConfigurationException(String message) {
    super(message);
  }

  /** Creates an exception with a message and the underlying cause. */
  public TableMapperConfigurationException(String message, Throwable cause) {
    super(message, cause);
  }
}
