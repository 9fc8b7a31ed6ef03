package io.tablemapper.backend.h2;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The properties of a row read from the database as a read-only map over their stored bytes ({@link RowCodec}):
 * what a {@link io.tablemapper.spi.TableRow} from this backend holds, so that reading a row builds no map of its
 * own and decodes a value only when it is asked for.
 *
 * <p>Where each property lies is found, and the whole value checked, when the map is made ({@link RowCodec#index}),
 * so a damaged row fails as it is read, with the same error as before. A lookup compares the name asked for with
 * the stored name's bytes in place, starting where the last one was found: a mapping reads properties in the order
 * it wrote them, so each lookup usually finds its name at the first or second place it looks. A value is decoded on
 * every lookup and not kept, so the map is immutable and safe to share between threads; a Binary value is a fresh
 * copy each time. The bytes are this map's own (H2 hands out a copy), and are never changed.
 */
final class StoredProperties extends AbstractMap<String, Object> {
  private final byte[] props;
  /** Per property i: its name's bytes from {@code offsets[2i]} to {@code offsets[2i + 1]}, where its value starts. */
  private final int[] offsets;
  /** Where the next lookup starts: the property found last (only a hint; any value in range is correct). */
  private int hint;

  StoredProperties(byte[] props) {
    this.props = props;
    this.offsets = RowCodec.index(props);
  }

  @Override
  public int size() {
    return offsets.length / 2;
  }

  @Override
  public boolean isEmpty() {
    return offsets.length == 0;
  }

  @Override
  public boolean containsKey(Object name) {
    return name instanceof String && indexOf((String) name) >= 0;
  }

  @Override
  public Object get(Object name) {
    if (!(name instanceof String)) {
      return null;
    }
    int i = indexOf((String) name);
    return i < 0 ? null : value(i);
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<String, Object>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < size();
          }

          @Override
          public Entry<String, Object> next() {
            if (next >= size()) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(name(i), value(i));
          }
        };
      }

      @Override
      public int size() {
        return StoredProperties.this.size();
      }
    };
  }

  private String name(int i) {
    int start = offsets[2 * i];
    return RowCodec.Names.of(props, start, offsets[2 * i + 1] - start);
  }

  private Object value(int i) {
    return RowCodec.valueAt(props, offsets[2 * i + 1]);
  }

  private int indexOf(String name) {
    int count = offsets.length / 2;
    int start = hint < count ? hint : 0;
    for (int i = start; i < count; i++) {
      if (matches(name, i)) {
        hint = i;
        return i;
      }
    }
    for (int i = 0; i < start; i++) {
      if (matches(name, i)) {
        hint = i;
        return i;
      }
    }
    return -1;
  }

  /** Whether property {@code i} has this name: its UTF-8 bytes compared in place, ASCII without encoding it. */
  private boolean matches(String name, int i) {
    int start = offsets[2 * i];
    int length = offsets[2 * i + 1] - start;
    int chars = name.length();
    if (chars > length) {
      return false; // UTF-8 takes at least a byte per char
    }
    for (int j = 0; j < chars; j++) {
      char c = name.charAt(j);
      if (c >= 0x80) {
        byte[] utf8 = RowCodec.name(name);
        return Arrays.equals(props, start, start + length, utf8, 0, utf8.length);
      }
      if (props[start + j] != c) {
        return false;
      }
    }
    return chars == length;
  }
}
