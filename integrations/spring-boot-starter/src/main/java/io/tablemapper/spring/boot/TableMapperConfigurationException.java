package io.tablemapper.spring.boot;

import io.tablemapper.api.TableMapperException;

/**
 * The {@code tablemapper.*} properties, or the beans beside them, do not describe a store the starter can open; the
 * message names the property and what to set. Its {@link #description()} and {@link #action()} are the two halves
 * of that message, which the starter's failure analyzer gives Spring Boot's "APPLICATION FAILED TO START" report.
 */
public class TableMapperConfigurationException extends TableMapperException {
  private static final long serialVersionUID = 1L;

  private final String description;
  private final String action;

  /** Creates an exception with a message that names the property and says what to set. */
  public TableMapperConfigurationException(String message) {
    this(message, (Throwable) null);
  }

  /** Creates an exception with a message and the underlying cause. */
  public TableMapperConfigurationException(String message, Throwable cause) {
    super(message, cause);
    this.description = message;
    this.action = null;
  }

  /**
   * Creates an exception whose message is what is wrong, then what to do.
   *
   * @param description what is wrong, naming the property and the value seen (never a secret)
   * @param action what to set or add, as a sentence
   * @param cause the underlying failure, or null
   */
  public TableMapperConfigurationException(String description, String action, Throwable cause) {
    super(description + ". " + action, cause);
    this.description = description;
    this.action = action;
  }

  /** What is wrong: the message without its action. */
  public String description() {
    return description;
  }

  /** What to set or add, or null when the message says it. */
  public String action() {
    return action;
  }
}
