package io.tablemapper.jakarta;

import jakarta.data.Limit;
import jakarta.data.Order;
import jakarta.data.Sort;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.MappingException;
import jakarta.data.exceptions.NonUniqueResultException;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.Page;
import jakarta.data.page.PageRequest;
import jakarta.data.page.impl.CursoredPageRecord;
import jakarta.data.page.impl.PageRecord;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The steps the client takes over every match of a Jakarta Data method's query, compiled under
 * {@code -Atablemapper.jakarta.allowScan=true} where the store cannot take them: sort (the method's {@code OrderBy},
 * then its {@code Sort} and {@code Order} parameters, a stable sort of the matches, which come in key order), skip
 * and limit ({@code Limit}, {@code First}), then the result: a list, a stream, an array, the one entity, an offset
 * {@code Page} of the sorted list, or a {@code CursoredPage} whose cursor is the values of the sort's attributes
 * (and of the keys, appended where the sort does not name them), so that a cursor made by the caller with
 * {@code PageRequest.Cursor.forKey} works too. The whole list of matches is read for every call.
 *
 * @param <T> the entity class
 */
public final class ClientResults<T> {
  /**
   * The value of an entity's attribute by its name: a switch over the entity's properties, generated (no
   * reflection).
   *
   * @param <T> the entity class
   */
  @FunctionalInterface
  public interface Attributes<T> {
    /**
     * The attribute's value.
     *
     * @throws jakarta.data.exceptions.MappingException for a name that is no attribute of the entity
     */
    Object value(T entity, String attribute);
  }

  private record SortKey(String attribute, boolean descending, boolean ignoreCase) {}

  private final String method;
  private final List<T> matches;
  private final Attributes<T> attributes;
  private final List<String> keys;
  private final List<SortKey> order = new ArrayList<>();
  private long skip;
  private long max = Long.MAX_VALUE;

  private ClientResults(String method, List<T> matches, Attributes<T> attributes, List<String> keys) {
    this.method = method;
    this.matches = matches;
    this.attributes = attributes;
    this.keys = keys;
  }

  /**
   * The client steps of a method over the matches its query read.
   *
   * @param method the repository method, for messages
   * @param keys the attributes of the entity's keys: a cursor's last values, unique together
   */
  public static <T> ClientResults<T> of(String method, List<T> matches, Attributes<T> attributes, String... keys) {
    return new ClientResults<>(method, new ArrayList<>(matches), attributes, List.of(keys));
  }

  /**
   * What {@link Attributes#value} throws for a name that is no attribute of the entity (a {@code Sort} of a typo).
   *
   * @param attributes the entity's attribute names, for the message
   */
  public static MappingException noAttribute(String entity, String attribute, String attributes) {
    return new MappingException("'" + attribute + "' is not an attribute of " + entity + ", which has " + attributes
        + "; sort by one of those");
  }

  /** Keeps the matches that pass a test of the conditions the store cannot evaluate. */
  public ClientResults<T> where(Predicate<? super T> test) {
    matches.removeIf(test.negate());
    return this;
  }

  /**
   * Whether a value meets a condition the client evaluates: {@code operator} is the name of the processor's
   * operator ({@code EQUAL}, {@code NOT}, {@code GREATER_THAN}, {@code BETWEEN}, {@code IN}, {@code NOT_IN},
   * {@code STARTS_WITH}, {@code CONTAINS}, {@code ENDS_WITH}, {@code LIKE}, {@code NULL}, {@code TRUE}, …). A null
   * value meets only {@code NULL}, {@code IS_NULL} and {@code NOT_IN}, as a store's comparisons never match it.
   */
  public static boolean test(String operator, boolean ignoreCase, Object value, Object... operands) {
    switch (operator) {
      case "IS_NULL":
      case "NULL":
        return value == null;
      case "IS_NOT_NULL":
      case "NOT_NULL":
        return value != null;
      case "TRUE":
        return Boolean.TRUE.equals(value);
      case "FALSE":
        return Boolean.FALSE.equals(value);
      case "NOT_IN":
        return value == null || ((Collection<?>) operands[0]).stream().noneMatch(o -> order(value, o, ignoreCase) == 0);
      default:
        break;
    }
    if (value == null) {
      return false;
    }
    switch (operator) {
      case "EQUAL":
        return order(value, operands[0], ignoreCase) == 0;
      case "NOT":
        return order(value, operands[0], ignoreCase) != 0;
      case "GREATER_THAN":
        return order(value, operands[0], ignoreCase) > 0;
      case "GREATER_THAN_EQUAL":
        return order(value, operands[0], ignoreCase) >= 0;
      case "LESS_THAN":
        return order(value, operands[0], ignoreCase) < 0;
      case "LESS_THAN_EQUAL":
        return order(value, operands[0], ignoreCase) <= 0;
      case "BETWEEN":
        return order(value, operands[0], ignoreCase) >= 0 && order(value, operands[1], ignoreCase) <= 0;
      case "NOT_BETWEEN":
        return order(value, operands[0], ignoreCase) < 0 || order(value, operands[1], ignoreCase) > 0;
      case "NOT_LIKE":
        return !like(text(value, ignoreCase), text(operands[0], ignoreCase));
      case "IN":
        return ((Collection<?>) operands[0]).stream().anyMatch(o -> order(value, o, ignoreCase) == 0);
      case "STARTS_WITH":
        return text(value, ignoreCase).startsWith(text(operands[0], ignoreCase));
      case "CONTAINS":
        return text(value, ignoreCase).contains(text(operands[0], ignoreCase));
      case "ENDS_WITH":
        return text(value, ignoreCase).endsWith(text(operands[0], ignoreCase));
      case "LIKE":
        return like(text(value, ignoreCase), text(operands[0], ignoreCase));
      default:
        throw new IllegalArgumentException("no client test " + operator);
    }
  }

  private static String text(Object value, boolean ignoreCase) {
    String text = String.valueOf(value);
    return ignoreCase ? text.toLowerCase(Locale.ROOT) : text;
  }

  /** SQL's LIKE: {@code %} any run of characters, {@code _} any one, the rest literally. */
  private static boolean like(String text, String pattern) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (char c : pattern.toCharArray()) {
      if (c == '%' || c == '_') {
        regex.append(Pattern.quote(literal.toString())).append(c == '%' ? ".*" : ".");
        literal.setLength(0);
      } else {
        literal.append(c);
      }
    }
    regex.append(Pattern.quote(literal.toString()));
    return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(text).matches();
  }

  /** Sorts by an attribute the method declares ({@code OrderBy}, {@code @OrderBy}). */
  public ClientResults<T> orderBy(String attribute, boolean descending) {
    order.add(new SortKey(attribute, descending, false));
    return this;
  }

  /** Sorts by a {@code Sort} parameter, after the sorts before it. */
  public ClientResults<T> orderBy(Sort<?> sort) {
    Objects.requireNonNull(sort, () -> method + ": a Sort parameter is null; pass a Sort, or Order.by() for none");
    order.add(new SortKey(sort.property(), sort.isDescending(), sort.ignoreCase()));
    return this;
  }

  /** Sorts by each of a {@code Sort...} parameter, in order. */
  public ClientResults<T> orderBy(Sort<?>[] sorts) {
    Objects.requireNonNull(sorts, () -> method + ": the Sort parameters are null; pass none for no order");
    for (Sort<?> sort : sorts) {
      orderBy(sort);
    }
    return this;
  }

  /** Sorts by each sort of an {@code Order} parameter, in order. */
  public ClientResults<T> orderBy(Order<?> sorts) {
    Objects.requireNonNull(sorts, () -> method + ": the Order parameter is null; pass Order.by() for no order");
    for (Sort<?> sort : sorts) {
      orderBy(sort);
    }
    return this;
  }

  /** Skips to the {@code Limit}'s start and keeps at most its maximum. */
  public ClientResults<T> limit(Limit limit) {
    Objects.requireNonNull(limit, () -> method + ": the Limit parameter is null; pass Limit.of(n)");
    skip += limit.startAt() - 1;
    max = Math.min(max, limit.maxResults());
    return this;
  }

  /** Keeps at most the {@code First}/{@code FirstN} of the method's name. */
  public ClientResults<T> first(int first) {
    max = Math.min(max, first);
    return this;
  }

  /**
   * The values of one attribute of the results (a JDQL {@code SELECT attribute}), in their order, with the skip and
   * limit taken so far.
   */
  public ClientResults<Object> select(String attribute) {
    List<Object> values = new ArrayList<>();
    for (T entity : sorted()) {
      values.add(attributes.value(entity, attribute));
    }
    ClientResults<Object> selected = new ClientResults<>(method, values, (value, name) -> {
      throw noAttribute(attribute, name, "(a selected value)");
    }, List.of());
    selected.skip = skip;
    selected.max = max;
    return selected;
  }

  /** The number of results (a JDQL {@code SELECT COUNT(THIS)}). */
  public long count() {
    return list().size();
  }

  /** The results, as a list. */
  public List<T> list() {
    List<T> sorted = sorted();
    int from = (int) Math.min(skip, sorted.size());
    int to = (int) Math.min(sorted.size(), from + Math.min(max, Integer.MAX_VALUE));
    return new ArrayList<>(sorted.subList(from, to));
  }

  /** The results, as a stream. */
  public Stream<T> stream() {
    return list().stream();
  }

  /** The results, as an array. */
  public T[] array(IntFunction<T[]> array) {
    return list().toArray(array.apply(0));
  }

  /**
   * The one result.
   *
   * @throws EmptyResultException when none matches
   * @throws NonUniqueResultException when several do
   */
  public T single() {
    return optional().orElseThrow(() -> new EmptyResultException(method + ": no entity matches"));
  }

  /**
   * The one result, or none.
   *
   * @throws NonUniqueResultException when several match
   */
  public Optional<T> optional() {
    List<T> results = list();
    if (results.size() > 1) {
      throw new NonUniqueResultException(method + ": " + results.size() + " entities match where it returns one;"
          + " add conditions, or name it findFirstBy... to take the first");
    }
    return results.stream().findFirst();
  }

  /** The offset page the request asks for: the pages before it read and skipped. */
  public Page<T> page(PageRequest request) {
    Objects.requireNonNull(request, () -> method + ": the PageRequest is null; pass PageRequest.ofSize(n)");
    if (request.mode() != PageRequest.Mode.OFFSET) {
      throw new IllegalArgumentException(method + ": returns an offset Page, but the PageRequest is by cursor ("
          + request.mode() + "); ask for a page by number (PageRequest.ofPage)");
    }
    List<T> sorted = sorted();
    long from = (request.page() - 1) * request.size();
    List<T> content = from >= sorted.size() ? List.of()
        : new ArrayList<>(sorted.subList((int) from, (int) Math.min(sorted.size(), from + request.size())));
    return new PageRecord<>(request, content, request.requestTotal() ? sorted.size() : -1,
        from + content.size() < sorted.size());
  }

  /**
   * The cursored page the request asks for: by offset for a first page, else the entities after (or before) its
   * cursor in this order. Each entity's cursor is the values of the order's attributes, then of the keys it does not
   * name.
   */
  public CursoredPage<T> cursoredPage(PageRequest request) {
    Objects.requireNonNull(request, () -> method + ": the PageRequest is null; pass PageRequest.ofSize(n)");
    List<T> sorted = sorted();
    List<String> cursorAttributes = new ArrayList<>();
    order.forEach(key -> cursorAttributes.add(key.attribute()));
    keys.stream().filter(key -> !cursorAttributes.contains(key)).forEach(cursorAttributes::add);
    int from;
    int to;
    switch (request.mode()) {
      case CURSOR_NEXT:
        from = 0;
        while (from < sorted.size() && compare(sorted.get(from), request.cursor().orElseThrow(), cursorAttributes)
            <= 0) {
          from++;
        }
        to = Math.min(sorted.size(), from + request.size());
        break;
      case CURSOR_PREVIOUS:
        to = 0;
        while (to < sorted.size() && compare(sorted.get(to), request.cursor().orElseThrow(), cursorAttributes) < 0) {
          to++;
        }
        from = Math.max(0, to - request.size());
        break;
      default:
        long offset = (request.page() - 1) * request.size();
        from = (int) Math.min(sorted.size(), offset);
        to = (int) Math.min(sorted.size(), offset + request.size());
    }
    List<T> content = new ArrayList<>(sorted.subList(from, to));
    List<PageRequest.Cursor> cursors = new ArrayList<>();
    for (T entity : content) {
      Object[] values = new Object[cursorAttributes.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = attributes.value(entity, cursorAttributes.get(i));
      }
      cursors.add(PageRequest.Cursor.forKey(values));
    }
    PageRequest next = content.isEmpty() || to >= sorted.size() ? null
        : PageRequest.afterCursor(cursors.get(cursors.size() - 1), request.page() + 1, request.size(),
            request.requestTotal());
    PageRequest previous = content.isEmpty() || from == 0 ? null
        : PageRequest.beforeCursor(cursors.get(0), Math.max(1, request.page() - 1), request.size(),
            request.requestTotal());
    return new CursoredPageRecord<>(content, cursors, request.requestTotal() ? sorted.size() : -1, request, next,
        previous);
  }

  /** The matches, stably sorted by every key of the order (key order where none decides). */
  private List<T> sorted() {
    List<T> sorted = new ArrayList<>(matches);
    if (!order.isEmpty()) {
      Comparator<T> comparator = (a, b) -> 0;
      for (SortKey key : order) {
        Comparator<T> byKey = (a, b) -> compareValues(attributes.value(a, key.attribute()),
            attributes.value(b, key.attribute()), key.ignoreCase());
        comparator = comparator.thenComparing(key.descending() ? byKey.reversed() : byKey);
      }
      sorted.sort(comparator);
    }
    return sorted;
  }

  /** An entity against a cursor, over the cursor's values: negative when the entity comes before it. */
  private int compare(T entity, PageRequest.Cursor cursor, List<String> cursorAttributes) {
    if (cursor.size() > cursorAttributes.size()) {
      throw new IllegalArgumentException(method + ": the cursor " + cursor.elements() + " has " + cursor.size()
          + " values, but the order is by " + cursorAttributes + "; make it of the values of those attributes");
    }
    for (int i = 0; i < cursor.size(); i++) {
      String attribute = cursorAttributes.get(i);
      SortKey key = i < order.size() ? order.get(i) : new SortKey(attribute, false, false);
      int compared = compareValues(attributes.value(entity, attribute), cursor.get(i), key.ignoreCase());
      if (compared != 0) {
        return key.descending() ? -compared : compared;
      }
    }
    return 0;
  }

  /** Values of one attribute, nulls last; numbers of any type by value; text ignoring case when asked. */
  private int compareValues(Object a, Object b, boolean ignoreCase) {
    if (a == null || b == null) {
      return a == b ? 0 : a == null ? 1 : -1;
    }
    try {
      return order(a, b, ignoreCase);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(method + ": " + e.getMessage(), e);
    }
  }

  /** Two values that are not null: numbers of any type by value, text ignoring case when asked, else as they sort. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int order(Object a, Object b, boolean ignoreCase) {
    if (a instanceof Number && b instanceof Number && a.getClass() != b.getClass()) {
      return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
    }
    if (ignoreCase && a instanceof CharSequence && b instanceof CharSequence) {
      return a.toString().compareToIgnoreCase(b.toString());
    }
    if (a instanceof Comparable && a.getClass().isInstance(b)) {
      return ((Comparable) a).compareTo(b);
    }
    if (a instanceof Character && b instanceof CharSequence || a instanceof CharSequence && b instanceof Character) {
      return ignoreCase ? a.toString().compareToIgnoreCase(b.toString()) : a.toString().compareTo(b.toString());
    }
    throw new IllegalArgumentException("cannot compare " + a + " (" + (a == null ? "null" : a.getClass().getSimpleName())
        + ") with " + b + " (" + (b == null ? "null" : b.getClass().getSimpleName()) + ")");
  }
}
