package io.tablemapper.internal.key;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.ToIntFunction;

/**
 * What every key of a bound template looks like, as far as its encodings make it certain: the characters each
 * leading position can hold (a literal's own character; a digit, a sign, a hex digit...), up to the first component
 * whose length varies, and the shortest and longest key. It lets the annotation processor prove, before anything
 * runs, that two key spaces sharing a partition never produce the same key: when at some leading position their
 * characters cannot be equal, or when one's keys are always longer than the other's. It also knows the characters
 * of the trailing positions, back to the last component whose end varies (a String's, say), to prove that no key
 * ends with a given suffix ({@link #endingWith}).
 *
 * <p>The shapes follow {@link KeyCodec}'s encodings exactly (the tests check every encoded value against its
 * shape). Immutable.
 */
public final class KeyShape {
  private static final String DIGITS = "0123456789";
  private static final String SIGN = "-0";
  private static final String HEX = "0123456789abcdef";
  private static final String YEAR_START = "-0123456789~";

  private final List<String> positions;
  private final int minLength;
  private final int maxLength;
  /** The characters of the trailing positions, in key order (the last is the key's last character). */
  private final List<String> trailing;
  /** For each trailing position, the index of the template segment it belongs to. */
  private final List<Integer> trailingSegments;
  /** The segment whose varying end stops the trailing positions, or -1 when they reach the key's start. */
  private final int openSegment;

  private KeyShape(List<String> positions, int minLength, int maxLength, List<String> trailing,
      List<Integer> trailingSegments, int openSegment) {
    this.positions = List.copyOf(positions);
    this.minLength = minLength;
    this.maxLength = maxLength;
    this.trailing = List.copyOf(trailing);
    this.trailingSegments = List.copyOf(trailingSegments);
    this.openSegment = openSegment;
  }

  /**
   * The shape of a template bound to its key types.
   *
   * @param types the key type of each placeholder, in placeholder order
   * @param values for each placeholder, the finite set of texts it can take (an enum's constant names), or null
   *     when any text of its type can appear; may itself be null
   */
  public static KeyShape of(KeyTemplate template, List<KeyType> types, List<? extends Collection<String>> values) {
    Objects.requireNonNull(template, "template");
    if (types.size() != template.placeholders().size()) {
      throw new IllegalArgumentException(
          "template '" + template + "' has " + template.placeholders().size() + " placeholders, got " + types.size()
              + " types");
    }
    List<String> positions = new ArrayList<>();
    List<Part> parts = new ArrayList<>();
    boolean open = true;
    long min = 0;
    long max = 0;
    for (KeyTemplate.Segment segment : template.segments()) {
      Part part;
      if (segment instanceof KeyTemplate.Literal) {
        part = Part.literal(((KeyTemplate.Literal) segment).text());
      } else {
        KeyTemplate.Placeholder placeholder = (KeyTemplate.Placeholder) segment;
        Collection<String> texts = values == null ? null : values.get(placeholder.index());
        part = placeholder.ticks()
            ? Part.ticks()
            : Part.of(types.get(placeholder.index()), placeholder.width(), placeholder.desc(), texts);
      }
      parts.add(part);
      if (open) {
        positions.addAll(part.head);
        open = part.fixed();
      }
      min += part.min;
      max = max < 0 || part.max < 0 ? -1 : max + part.max;
    }
    List<String> trailing = new ArrayList<>();
    List<Integer> trailingSegments = new ArrayList<>();
    int openSegment = -1;
    for (int i = parts.size() - 1; i >= 0; i--) {
      Part part = parts.get(i);
      trailing.addAll(0, part.tail);
      trailingSegments.addAll(0, Collections.nCopies(part.tail.size(), i));
      if (!part.fixed()) {
        openSegment = i;
        break;
      }
    }
    return new KeyShape(positions, (int) Math.min(min, Integer.MAX_VALUE),
        max < 0 || max > Integer.MAX_VALUE ? -1 : (int) max, trailing, trailingSegments, openSegment);
  }

  /**
   * The characters each leading position of every key can hold, one string of allowed characters per position; the
   * list ends where a component of varying length makes later positions uncertain.
   */
  public List<String> leadingPositions() {
    return positions;
  }

  /** The length of the shortest key. */
  public int minLength() {
    return minLength;
  }

  /** The length of the longest key, or -1 when keys have no bound (a String component). */
  public int maxLength() {
    return maxLength;
  }

  /**
   * The characters each trailing position of every key can hold, in key order (the last string is for the keys' last
   * character); the list starts where a component whose end varies (a String, an enum of names of several lengths)
   * makes earlier positions uncertain.
   */
  public List<String> trailingPositions() {
    return trailing;
  }

  /**
   * Whether a key of this shape may end with {@code suffix} (per position, the characters it can hold, as {@link
   * #leadingPositions()}): the index, in the template's segments, of the segment that would hold the suffix's first
   * character — the one at that position when the trailing positions reach it, else the one whose varying text makes
   * them uncertain — or -1 when no key can end so (a trailing position whose characters differ, or keys always
   * shorter). -1 is a proof; any other answer means "not proved".
   */
  public int endingWith(List<String> suffix) {
    int n = suffix.size();
    if (maxLength >= 0 && maxLength < n) {
      return -1;
    }
    int known = Math.min(n, trailing.size());
    for (int i = 1; i <= known; i++) {
      if (!intersect(trailing.get(trailing.size() - i), suffix.get(n - i))) {
        return -1;
      }
    }
    return trailing.size() >= n ? trailingSegments.get(trailing.size() - n) : openSegment;
  }

  /** Whether every key has the same length, and therefore every position is known. */
  public boolean fixedLength() {
    return maxLength == minLength && positions.size() == minLength;
  }

  /**
   * The shape of these keys each followed by a suffix of fixed length: {@code suffix} holds, per position, the
   * characters it can hold (as {@link #leadingPositions()}). Its positions are known only after a key of fixed length.
   */
  public KeyShape followedBy(List<String> suffix) {
    List<String> extended = new ArrayList<>(positions);
    if (fixedLength()) {
      extended.addAll(suffix);
    }
    List<String> tail = new ArrayList<>(trailing);
    tail.addAll(suffix);
    List<Integer> segments = new ArrayList<>(trailingSegments);
    int after = (trailingSegments.isEmpty() ? openSegment : trailingSegments.get(trailingSegments.size() - 1)) + 1;
    segments.addAll(Collections.nCopies(suffix.size(), after));
    return new KeyShape(extended, minLength + suffix.size(), maxLength < 0 ? -1 : maxLength + suffix.size(), tail,
        segments, openSegment);
  }

  /** Whether a key fits this shape: its length and the characters of its leading and trailing positions. */
  public boolean matches(String key) {
    if (key.length() < minLength || (maxLength >= 0 && key.length() > maxLength)) {
      return false;
    }
    for (int i = 0; i < positions.size(); i++) {
      if (positions.get(i).indexOf(key.charAt(i)) < 0) {
        return false;
      }
    }
    for (int i = 1; i <= trailing.size(); i++) {
      if (trailing.get(trailing.size() - i).indexOf(key.charAt(key.length() - i)) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether no key of this shape can equal a key of the other: at some leading position known to both their
   * characters differ, or one's keys are always longer than the other's. False means "not proved", not "overlap".
   */
  public boolean disjoint(KeyShape other) {
    int known = Math.min(positions.size(), other.positions.size());
    for (int i = 0; i < known; i++) {
      if (!intersect(positions.get(i), other.positions.get(i))) {
        return true;
      }
    }
    return (maxLength >= 0 && other.minLength > maxLength) || (other.maxLength >= 0 && minLength > other.maxLength);
  }

  private static boolean intersect(String a, String b) {
    for (int i = 0; i < a.length(); i++) {
      if (b.indexOf(a.charAt(i)) >= 0) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    for (String position : positions) {
      text.append(position.length() == 1 ? position : "[" + position + "]");
    }
    if (!fixedLength()) {
      text.append('…');
    }
    return text.append(" (").append(minLength).append(" to ").append(maxLength < 0 ? "any" : maxLength)
        .append(" characters)").toString();
  }

  /**
   * The shape of one segment.
   *
   * @param head the characters of its leading positions that are certain
   * @param min its shortest encoding
   * @param max its longest encoding, or -1 for no bound
   * @param tail the characters of its trailing positions that are certain, in order (all of them when it is fixed)
   */
  private record Part(List<String> head, int min, int max, List<String> tail) {

    /** A segment whose trailing positions are certain only when it is fixed. */
    Part(List<String> head, int min, int max) {
      this(head, min, max, min == max && head.size() == min ? head : List.of());
    }

    /** Whether its length never varies, so the positions after it are known too. */
    boolean fixed() {
      return min == max && head.size() == min;
    }

    static Part literal(String text) {
      List<String> head = new ArrayList<>(text.length());
      for (int i = 0; i < text.length(); i++) {
        head.add(String.valueOf(text.charAt(i)));
      }
      return new Part(head, text.length(), text.length());
    }

    /** .NET ticks, ascending or descending: 19 digits, the first 0 to 3 (DateTime.MaxValue.Ticks is 3155…). */
    static Part ticks() {
      List<String> head = new ArrayList<>(List.of("0123"));
      return repeat(head, DIGITS, KeyCodec.TICKS_DIGITS - 1);
    }

    static Part of(KeyType type, int width, boolean desc, Collection<String> texts) {
      switch (type) {
        case BYTE:
        case SHORT:
        case INT:
        case LONG:
          return width > 0 ? repeat(List.of(), DIGITS, width) : signed(type.digits(), List.of());
        case BOOLEAN:
          return new Part(List.of("ft"), 4, 5, List.of("e"));
        case UUID:
          List<String> uuid = new ArrayList<>(36);
          for (int i = 0; i < 36; i++) {
            uuid.add(i == 8 || i == 13 || i == 18 || i == 23 ? "-" : HEX);
          }
          return new Part(uuid, 36, 36);
        case INSTANT:
          return desc ? descendingTime(List.of()) : new Part(List.of(YEAR_START), 30, 37, timeTail("Z"));
        case LOCAL_DATE_TIME:
          return desc ? descendingTime(List.of()) : new Part(List.of(YEAR_START), 29, 36, timeTail(""));
        case LOCAL_DATE:
          return desc ? signed(KeyType.LONG.digits(), List.of())
              : new Part(List.of(YEAR_START), 10, 17, List.of("-", "0123", DIGITS));
        case OFFSET_DATE_TIME:
          if (!desc) {
            List<String> tail = new ArrayList<>(timeTail("Z@"));
            tail.addAll(Collections.nCopies(6, DIGITS));
            return new Part(List.of(YEAR_START), 37, 44, tail);
          }
          List<String> offset = new ArrayList<>(descendingTime(List.of()).head);
          offset.add("@");
          return repeat(offset, DIGITS, 6);
        case ENUM:
          return texts == null || texts.isEmpty() ? new Part(List.of(), 1, -1) : oneOf(texts);
        case STRING:
        default:
          return new Part(List.of(), 0, -1);
      }
    }

    /** The end of an ascending time: a point, nine digits of nanoseconds, then {@code after}. */
    private static List<String> timeTail(String after) {
      List<String> tail = new ArrayList<>(List.of("."));
      tail.addAll(Collections.nCopies(9, DIGITS));
      for (int i = 0; i < after.length(); i++) {
        tail.add(String.valueOf(after.charAt(i)));
      }
      return tail;
    }

    /** A sign character and {@code digits} digits, after {@code before}. */
    private static Part signed(int digits, List<String> before) {
      List<String> head = new ArrayList<>(before);
      head.add(SIGN);
      return repeat(head, DIGITS, digits);
    }

    /** Descending times: the inverted epoch second as a signed long, then nine digits of inverted nanos. */
    private static Part descendingTime(List<String> before) {
      return repeat(signed(KeyType.LONG.digits(), before).head, DIGITS, 9);
    }

    private static Part repeat(List<String> before, String chars, int count) {
      List<String> head = new ArrayList<>(before);
      for (int i = 0; i < count; i++) {
        head.add(chars);
      }
      return new Part(head, head.size(), head.size());
    }

    /** One of finitely many texts: the characters they share position by position, while they are all as long. */
    private static Part oneOf(Collection<String> texts) {
      int min = Integer.MAX_VALUE;
      int max = 0;
      for (String text : texts) {
        min = Math.min(min, text.length());
        max = Math.max(max, text.length());
      }
      List<String> head = new ArrayList<>();
      for (int i = 0; i < min; i++) {
        int at = i;
        head.add(position(texts, text -> at));
        if (min != max) {
          break;
        }
      }
      List<String> tail = new ArrayList<>();
      for (int i = 1; i <= min; i++) {
        int fromEnd = i;
        tail.add(0, position(texts, text -> text.length() - fromEnd));
      }
      return new Part(head, min, max, tail);
    }

    /** The characters the texts hold at one position each. */
    private static String position(Collection<String> texts, ToIntFunction<String> index) {
      TreeSet<Character> chars = new TreeSet<>();
      for (String text : texts) {
        chars.add(text.charAt(index.applyAsInt(text)));
      }
      StringBuilder position = new StringBuilder(chars.size());
      chars.forEach(position::append);
      return position.toString();
    }
  }
}
