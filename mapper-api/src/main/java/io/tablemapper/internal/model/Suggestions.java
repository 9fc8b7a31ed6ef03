package io.tablemapper.internal.model;

import java.util.Collection;
import java.util.Locale;

/**
 * "Did you mean" suggestions by edit distance, for every message that names something unknown (a key placeholder,
 * a copied property, a property in a method name), so the processor and the runtime suggest the same.
 */
public final class Suggestions {
  private Suggestions() {}

  /** " (did you mean 'x'?)", or "" when no candidate is close enough to be a likely typo. */
  public static String didYouMean(String name, Collection<String> candidates) {
    String closest = closest(name, candidates);
    return closest == null ? "" : " (did you mean '" + closest + "'?)";
  }

  /** The candidate closest to {@code name} by edit distance, if close enough to be a likely typo; else null. */
  public static String closest(String name, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String lower = name.toLowerCase(Locale.ROOT);
    for (String candidate : candidates) {
      int distance = distance(lower, candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        bestDistance = distance;
        best = candidate;
      }
    }
    int allowed = Math.max(2, name.length() / 3);
    return best != null && bestDistance <= allowed ? best : null;
  }

  /** The edit (Levenshtein) distance. */
  public static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
