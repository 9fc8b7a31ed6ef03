package io.tablemapper.processor;

/** A condition's operator in a derived method name, with the keyword that writes it and how many parameters it takes. */
enum Operator {
  GREATER_THAN_EQUAL("GreaterThanEqual", 1, "ge"),
  GREATER_THAN("GreaterThan", 1, "gt"),
  LESS_THAN_EQUAL("LessThanEqual", 1, "le"),
  LESS_THAN("LessThan", 1, "lt"),
  BETWEEN("Between", 2, "between"),
  STARTS_WITH("StartsWith", 1, "starts with"),
  EQUAL("", 1, "eq");

  private final String keyword;
  private final int arity;
  private final String text;

  Operator(String keyword, int arity, String text) {
    this.keyword = keyword;
    this.arity = arity;
    this.text = text;
  }

  /** The suffix in a method name ({@code ""} for equality). */
  String keyword() {
    return keyword;
  }

  /** The number of parameters the condition takes. */
  int arity() {
    return arity;
  }

  /** How plans write it. */
  String text() {
    return text;
  }

  /** Whether it needs an ordered property. */
  boolean isRange() {
    return this != EQUAL && this != STARTS_WITH;
  }

  /** The operator with reversed order, for descending key components. */
  Operator reversed() {
    switch (this) {
      case GREATER_THAN:
        return LESS_THAN;
      case GREATER_THAN_EQUAL:
        return LESS_THAN_EQUAL;
      case LESS_THAN:
        return GREATER_THAN;
      case LESS_THAN_EQUAL:
        return GREATER_THAN_EQUAL;
      default:
        return this;
    }
  }
}
