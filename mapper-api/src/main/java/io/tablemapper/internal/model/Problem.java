package io.tablemapper.internal.model;

import java.util.Objects;

/**
 * A broken rule with its message: what is wrong, what was found, and how to fix it.
 *
 * @param rule the rule
 * @param message the message, without the id
 */
public record Problem(Rule rule, String message) {
  public Problem {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(message, "message");
  }

  /** The message with its id in brackets: {@code [KeyUnknownProperty] @RowKey of ...}. */
  @Override
  public String toString() {
    return "[" + rule.id() + "] " + message;
  }
}
