package io.tablemapper.processor;

/** A type refers to a type that is not generated yet; processing it is retried in the next round. */
final class DeferException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  DeferException(String missing) {
    super(missing, null, false, false);
  }
}
