package io.tablemapper.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a query's results, in key order, and the token to resume after it.
 *
 * <p>A page holds at most the requested number of items (and never more than 1000, like the store). The
 * continuation token is opaque, URL-safe text; it can be stored and handed to {@link PageRequest#after} in
 * another process, even after a restart, to read the next page of the same query. When there is no token, this
 * is the last page.
 *
 * @param <T> the item type
 */
public final class Page<T> {
  private final List<T> items;
  private final String continuationToken;

  private Page(List<T> items, String continuationToken) {
    this.items = List.copyOf(items);
    this.continuationToken = continuationToken;
  }

  /** Creates a page; a null token marks the last page. */
  public static <T> Page<T> of(List<T> items, String continuationToken) {
    return new Page<>(Objects.requireNonNull(items, "items"), continuationToken);
  }

  /** The items of this page, in key order. */
  public List<T> items() {
    return items;
  }

  /** The token that reads the next page, empty on the last page. */
  public Optional<String> continuationToken() {
    return Optional.ofNullable(continuationToken);
  }

  /** Whether another page may follow. */
  public boolean hasNext() {
    return continuationToken != null;
  }

  @Override
  public String toString() {
    return "Page[" + items.size() + " items" + (continuationToken == null ? ", last]" : ", more]");
  }
}
