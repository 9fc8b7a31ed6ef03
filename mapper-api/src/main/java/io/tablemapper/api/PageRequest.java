package io.tablemapper.api;

import java.util.Objects;
import java.util.Optional;

/** Asks for one page of a query: its size (1 to 1000) and, after the first, the token of the previous page. */
public final class PageRequest {
  /** The largest page the store returns. */
  public static final int MAX_SIZE = 1000;

  private final int size;
  private final String token;

  private PageRequest(int size, String token) {
    if (size < 1 || size > MAX_SIZE) {
      throw new IllegalArgumentException(
          "page size must be between 1 and " + MAX_SIZE + " (the store's page limit), was " + size);
    }
    this.size = size;
    this.token = token;
  }

  /** The first page, of at most {@code size} items. */
  public static PageRequest of(int size) {
    return new PageRequest(size, null);
  }

  /** The page after the one that returned {@code continuationToken}. */
  public static PageRequest after(String continuationToken, int size) {
    Objects.requireNonNull(continuationToken, "continuationToken");
    if (continuationToken.isEmpty()) {
      throw new IllegalArgumentException("continuation token is empty; use PageRequest.of(size) for the first page");
    }
    return new PageRequest(size, continuationToken);
  }

  /** The most items the page may hold. */
  public int size() {
    return size;
  }

  /** The token of the previous page, empty for the first page. */
  public Optional<String> token() {
    return Optional.ofNullable(token);
  }

  @Override
  public String toString() {
    return token == null ? "PageRequest.of(" + size + ")" : "PageRequest.after(<token>, " + size + ")";
  }
}
