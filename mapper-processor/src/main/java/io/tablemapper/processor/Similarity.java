package io.tablemapper.processor;

import io.tablemapper.internal.model.EntityRules;
import java.util.Collection;

/** "Did you mean" suggestions by edit distance ({@link EntityRules}, so the runtime suggests the same). */
final class Similarity {
  private Similarity() {}

  /** The candidate closest to {@code name}, if it is close enough to be a likely typo; else null. */
  static String closest(String name, Collection<String> candidates) {
    return EntityRules.closest(name, candidates);
  }

  /** " (did you mean 'x'?)" or "". */
  static String didYouMean(String name, Collection<String> candidates) {
    return EntityRules.didYouMean(name, candidates);
  }

  static int distance(String a, String b) {
    return EntityRules.distance(a, b);
  }
}
