package io.tablemapper.jakarta;

import io.tablemapper.api.Page;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A Jakarta Data {@code CursoredPage} over one tablemapper {@link Page}: its cursor is the page's continuation token
 * (one element, a {@code String}), so {@link #nextPageRequest()} reads the next page straight from where this one
 * ended, on any store, after any restart. A key-sorted store reads forwards from a token only: there is no previous
 * page ({@link #hasPrevious()} is false), and no cursor for an entity inside the page.
 *
 * @param <T> the entity class
 */
final class TokenCursoredPage<T> implements CursoredPage<T> {
  private final List<T> content;
  private final String token;
  private final PageRequest request;
  private final long total;

  /** @param total the number of matches of the query, or -1 when the request did not ask for totals */
  TokenCursoredPage(Page<T> page, PageRequest request, long total) {
    this.content = page.items();
    this.token = page.continuationToken().orElse(null);
    this.request = request;
    this.total = total;
  }

  /**
   * The tablemapper request of a Jakarta Data one: its first page (an {@code OFFSET} request of page 1, which
   * {@code PageRequest.ofSize} makes), or the page after a cursor this class made.
   *
   * @throws UnsupportedOperationException for a page by offset past the first, or a page before a cursor
   * @throws IllegalArgumentException for a cursor that holds no continuation token
   */
  static io.tablemapper.api.PageRequest tokenRequest(String method, PageRequest request) {
    int size = Math.min(request.size(), io.tablemapper.api.PageRequest.MAX_SIZE);
    switch (request.mode()) {
      case OFFSET:
        if (request.page() == 1) {
          return io.tablemapper.api.PageRequest.of(size);
        }
        throw new UnsupportedOperationException(method + ": asked for page " + request.page() + " by offset, which a"
            + " key-sorted store cannot skip to without reading every entity before it; ask for the first page"
            + " (PageRequest.ofSize(" + request.size() + ")) and follow each page's nextPageRequest()");
      case CURSOR_NEXT:
        PageRequest.Cursor cursor = request.cursor().orElseThrow();
        if (cursor.size() != 1 || !(cursor.get(0) instanceof String) || ((String) cursor.get(0)).isEmpty()) {
          // Jakarta Data's answer for a cursor the store cannot resume from: this one holds the caller's values
          throw new UnsupportedOperationException(method + ": the cursor " + cursor.elements() + " is not one of a"
              + " tablemapper page, which resumes from its continuation token; take the cursor of the next page"
              + " from CursoredPage.nextPageRequest()");
        }
        return io.tablemapper.api.PageRequest.after((String) cursor.get(0), size);
      default:
        throw new UnsupportedOperationException(method + ": asked for the page before a cursor; a key-sorted store"
            + " reads forwards from a continuation token only, so keep the requests of earlier pages to read them"
            + " again");
    }
  }

  @Override
  public List<T> content() {
    return content;
  }

  @Override
  public boolean hasContent() {
    return !content.isEmpty();
  }

  @Override
  public int numberOfElements() {
    return content.size();
  }

  @Override
  public Iterator<T> iterator() {
    return content.iterator();
  }

  @Override
  public boolean hasNext() {
    return token != null;
  }

  @Override
  public PageRequest nextPageRequest() {
    if (token == null) {
      throw new NoSuchElementException("this is the last page: there is no next page request");
    }
    return PageRequest.afterCursor(PageRequest.Cursor.forKey(token), request.page() + 1, request.size(),
        request.requestTotal());
  }

  @Override
  public PageRequest.Cursor cursor(int index) {
    if (index < 0 || index >= content.size()) {
      throw new IndexOutOfBoundsException("index " + index + " of a page of " + content.size());
    }
    if (index == content.size() - 1 && token != null) {
      return PageRequest.Cursor.forKey(token);
    }
    throw new UnsupportedOperationException("a tablemapper page has a cursor after its last entity only (its"
        + " continuation token); use nextPageRequest()");
  }

  @Override
  public boolean hasPrevious() {
    return false;
  }

  @Override
  public PageRequest previousPageRequest() {
    throw new NoSuchElementException("a key-sorted store reads forwards from a continuation token only: there is no"
        + " previous page request; keep the requests of earlier pages to read them again");
  }

  @Override
  public PageRequest pageRequest() {
    return request;
  }

  @Override
  public boolean hasTotals() {
    return total >= 0;
  }

  @Override
  public long totalElements() {
    if (total < 0) {
      throw new IllegalStateException("the page request did not ask for totals (PageRequest.withTotal())");
    }
    return total;
  }

  @Override
  public long totalPages() {
    long elements = totalElements();
    return (elements + request.size() - 1) / request.size();
  }

  @Override
  public String toString() {
    return "CursoredPage[" + content.size() + " items" + (token == null ? ", last]" : ", more]");
  }
}
