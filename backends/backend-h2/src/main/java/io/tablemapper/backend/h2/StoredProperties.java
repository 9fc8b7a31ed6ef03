package io.tablemapper.backend.h2;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The properties of a row read from the database as a read-only map over their stored bytes ({@link RowCodec}):
 * what a {@link io.tablemapper.spi.TableRow} from this backend holds, so that reading a row builds no map (nor
 * index) of its own and decodes a value only when it is asked for.
 *
 * <p>The whole value is walked and checked when the map is made ({@link RowCodec#check}), so a damaged row fails as
 * it is read, with the same error as before; nothing is kept of the walk but where the properties end. A lookup
 * walks the properties from where the last one found ended, comparing the name asked for with each stored name's
 * bytes in place (a name of another length without reading it) and wrapping around once: a mapping reads
 * properties in the order it wrote them, so each lookup usually finds its name at the first place it looks. A value
 * is decoded in place on every lookup and not kept, so the map is immutable and safe to share between threads (the
 * position a lookup starts from is only a hint: any property's start is correct); a Binary value is a fresh copy
 * each time. The bytes are the value H2 holds for the row, not copied ({@code Queries} reads them in place): H2's
 * values are immutable, and this map never changes them either.
 */
final class StoredProperties extends AbstractMap<String, Object> {
  private final byte[] props;
  /** Where the first property starts. */
  private final int first;
  /** Where the last property ends. */
  private final int end;
  /**
   * Where the next lookup starts: the end of the property found last (or {@link #first}), where a mapping reading
   * in the order it wrote finds its next name (only a hint; the start of any property, or {@link #end}, is correct).
   */
  private int next;
  /** Where the property found last starts (or {@link #first}): a hint, as {@link #next} is. */
  private int last;
  /** Short ASCII String values decoded before, shared by the rows of one page ({@link #strings()}), or null. */
  private final String[] strings;

  /** A view of a row read alone. */
  StoredProperties(byte[] props) {
    this(props, null);
  }

  /**
   * A view of a row of a page, sharing {@code strings} ({@link #strings()}, or null) with the page's other rows: a
   * short ASCII String value equal to one decoded before for a row of the page (a discriminator, an enum's name, a
   * currency) is that same String, not a new one. The table holds only values of the page's own rows, and lives as
   * long as they do.
   */
  StoredProperties(byte[] props, String[] strings) {
    this.strings = strings;
    this.props = props;
    this.end = RowCodec.check(props);
    this.first = RowCodec.firstProperty(props);
    this.next = first;
    this.last = first;
  }

  @Override
  public int size() {
    return RowCodec.count(props);
  }

  @Override
  public boolean isEmpty() {
    return first == end;
  }

  @Override
  public boolean containsKey(Object name) {
    return name instanceof String && find((String) name) >= 0;
  }

  @Override
  public Object get(Object name) {
    if (!(name instanceof String)) {
      return null;
    }
    int value = find((String) name);
    if (value < 0) {
      return null;
    }
    return strings != null && props[value] == RowCodec.STRING
        ? string((String) name, value) : RowCodec.valueAt(props, value);
  }

  /** A new table of decoded Strings for the rows of one page. */
  static String[] strings() {
    return new String[STRINGS];
  }

  private static final int STRINGS = 64;
  private static final int SHORT = 24;

  /**
   * The String value of property {@code name} whose type tag is at {@code value}: the one in {@link #strings} if it
   * has the same bytes, else decoded (and kept there if short and ASCII). The slot follows the name (its hash, which
   * a String keeps) and the value's length and outer bytes, without a pass over the value, so a property whose rows
   * repeat a few values (a discriminator, an enum's names, a currency) finds each with one comparison of its bytes;
   * values that share a slot just replace each other there. Entries are whole immutable Strings: a race between rows
   * read on several threads only replaces one with another.
   */
  private String string(String name, int value) {
    int length = RowCodec.nameLength(props, value + 1); // a String's length is a varint, as a name's is
    if (length > SHORT) {
      return (String) RowCodec.valueAt(props, value);
    }
    int start = RowCodec.nameStart(props, value + 1);
    // the name's hash (kept by the String), mixed with the value's length and its first and last bytes, so that the
    // few values a property takes in turn (an enum's names) mostly keep a slot each
    int hash = name.hashCode() + 31 * length;
    if (length > 0) {
      hash += 961 * props[start] + 29_791 * props[start + length - 1];
    }
    hash ^= hash >>> 7;
    int slot = (hash ^ (hash >>> 16)) & (STRINGS - 1);
    String cached = strings[slot];
    if (cached != null && cached.length() == length) {
      int i = 0;
      // cached holds ASCII only: a byte beyond it (negative) never equals one of its chars
      while (i < length && cached.charAt(i) == props[start + i]) {
        i++;
      }
      if (i == length) {
        return cached;
      }
    }
    String decoded = new String(props, start, length, StandardCharsets.UTF_8);
    if (decoded.length() == length) { // as many chars as bytes: ASCII, the same chars in Latin-1
      strings[slot] = decoded;
    }
    return decoded;
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<String, Object>> iterator() {
        return new Iterator<>() {
          private int property = first;

          @Override
          public boolean hasNext() {
            return property < end;
          }

          @Override
          public Entry<String, Object> next() {
            if (property >= end) {
              throw new NoSuchElementException();
            }
            int nameStart = RowCodec.nameStart(props, property);
            int value = nameStart + RowCodec.nameLength(props, property);
            property = RowCodec.valueEnd(props, value);
            return new SimpleImmutableEntry<>(RowCodec.Names.of(props, nameStart, value - nameStart),
                RowCodec.valueAt(props, value));
          }
        };
      }

      @Override
      public int size() {
        return StoredProperties.this.size();
      }
    };
  }

  /**
   * Where the value of the property with this name starts (its type tag), or -1 if the row has none: looked for
   * where the last lookup's property ended, then at that property itself (a name asked for again), then in every
   * property from there on, wrapping around once.
   */
  private int find(String name) {
    int start = next < end ? next : first; // each field read once: another thread may change it meanwhile
    int previous = last;
    int found = at(name, start);
    if (found >= 0) {
      return found;
    }
    if (previous != start) {
      found = at(name, previous);
      if (found >= 0) {
        return found;
      }
    }
    if (first == end) {
      return -1;
    }
    int property = start;
    do {
      int nameLength = RowCodec.nameLength(props, property);
      int nameStart = RowCodec.nameStart(props, property);
      int value = nameStart + nameLength;
      int after = RowCodec.valueEnd(props, value);
      if (property != start && property != previous && matches(name, nameStart, nameLength)) {
        last = property;
        next = after;
        return value;
      }
      property = after < end ? after : first;
    } while (property != start);
    return -1;
  }

  /** Where the value of the property at {@code property} starts if it has this name (and none is past the end). */
  private int at(String name, int property) {
    if (property >= end) {
      return -1;
    }
    int nameLength = RowCodec.nameLength(props, property);
    int nameStart = RowCodec.nameStart(props, property);
    if (!matches(name, nameStart, nameLength)) {
      return -1;
    }
    int value = nameStart + nameLength;
    last = property;
    next = RowCodec.valueEnd(props, value);
    return value;
  }

  /**
   * Whether the stored name at {@code start} is this name: its UTF-8 bytes compared in place. An ASCII name has as
   * many bytes as chars, so a name of another length is rejected without reading it; only a name beyond ASCII is
   * encoded.
   */
  private boolean matches(String name, int start, int length) {
    int chars = name.length();
    if (chars == length) {
      for (int j = 0; j < chars; j++) {
        if (props[start + j] != name.charAt(j)) {
          return false; // or a char beyond ASCII, whose UTF-8 would be longer than the stored name
        }
      }
      return true;
    }
    // UTF-8 takes at least a byte per char, and more only beyond ASCII
    return chars < length && !isAscii(name) && matchesEncoded(name, start, length);
  }

  private boolean matchesEncoded(String name, int start, int length) {
    byte[] utf8 = RowCodec.name(name);
    return Arrays.equals(props, start, start + length, utf8, 0, utf8.length);
  }

  private static boolean isAscii(String name) {
    for (int j = 0; j < name.length(); j++) {
      if (name.charAt(j) >= 0x80) {
        return false;
      }
    }
    return true;
  }
}
