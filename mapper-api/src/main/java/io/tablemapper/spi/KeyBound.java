package io.tablemapper.spi;

import java.util.Objects;

/**
 * One end of a key range: a key and whether the range includes it.
 *
 * @param key the bounding key
 * @param inclusive whether the key itself is in the range
 */
public record KeyBound(String key, boolean inclusive) {
  public KeyBound {
    Objects.requireNonNull(key, "key");
  }

  /** A bound that includes its key. */
  public static KeyBound inclusive(String key) {
    return new KeyBound(key, true);
  }

  /** A bound that excludes its key. */
  public static KeyBound exclusive(String key) {
    return new KeyBound(key, false);
  }

  /** The stricter (higher) of two lower bounds, either of which may be null (no bound). */
  public static KeyBound higherLower(KeyBound a, KeyBound b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    int order = a.key().compareTo(b.key());
    if (order != 0) {
      return order > 0 ? a : b;
    }
    return a.inclusive() ? b : a;
  }

  /** Whether {@code key} is at or above this bound, taken as a lower bound. */
  public boolean admitsFromBelow(String key) {
    int order = key.compareTo(this.key);
    return inclusive ? order >= 0 : order > 0;
  }

  /** Whether {@code key} is at or below this bound, taken as an upper bound. */
  public boolean admitsFromAbove(String key) {
    int order = key.compareTo(this.key);
    return inclusive ? order <= 0 : order < 0;
  }

  /**
   * The smallest string greater than every string that starts with {@code prefix}: the exclusive upper bound of a
   * prefix range. Keys hold no U+FFFF in practice; a prefix of only U+FFFF has no bound and returns null.
   */
  public static String prefixEnd(String prefix) {
    StringBuilder end = new StringBuilder(prefix);
    while (end.length() > 0) {
      char last = end.charAt(end.length() - 1);
      if (last != Character.MAX_VALUE) {
        end.setCharAt(end.length() - 1, (char) (last + 1));
        return end.toString();
      }
      end.setLength(end.length() - 1);
    }
    return null;
  }
}
