package io.tablemapper.backend.memory;

import io.tablemapper.spi.KeyBound;
import java.util.Collections;
import java.util.NavigableMap;

/** Key-range navigation on sorted maps: O(log n) to find a range, then only the range is read. */
final class KeyRanges {
  private KeyRanges() {}

  /**
   * Whether no key lies between the bounds (either null for unbounded): they cross, or they meet and one of them
   * excludes the key they meet at.
   */
  static boolean isEmpty(KeyBound from, KeyBound to) {
    if (from == null || to == null) {
      return false;
    }
    int order = from.key().compareTo(to.key());
    return order > 0 || (order == 0 && !(from.inclusive() && to.inclusive()));
  }

  /** The part of the map between the bounds (either null for unbounded); empty if the bounds cross. */
  static <V> NavigableMap<String, V> range(NavigableMap<String, V> map, KeyBound from, KeyBound to) {
    if (isEmpty(from, to)) {
      return Collections.emptyNavigableMap();
    }
    if (from != null && to != null) {
      return map.subMap(from.key(), from.inclusive(), to.key(), to.inclusive());
    }
    if (from != null) {
      return map.tailMap(from.key(), from.inclusive());
    }
    if (to != null) {
      return map.headMap(to.key(), to.inclusive());
    }
    return map;
  }
}
