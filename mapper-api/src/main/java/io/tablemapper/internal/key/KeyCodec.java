package io.tablemapper.internal.key;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * The order-preserving key encodings (see the package documentation for the formats). Encoders append to a
 * {@link StringBuilder} and assume a value that fits (callers such as {@link KeySpec.Part} check the ranges and
 * report violations with context); decoders read at a {@link Cursor} and throw {@link MalformedKeyException} when
 * the text is not an encoding this class produces.
 */
public final class KeyCodec {
  private static final long[] POWERS_OF_TEN = new long[19];

  static {
    long power = 1;
    for (int i = 0; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = power;
      power *= 10;
    }
  }

  /** Seconds in 400 Gregorian years, the calendar's cycle. */
  private static final long SECONDS_PER_400_YEARS = 146_097L * 86_400L;
  /** Instants beyond LocalDateTime's range (±999,999,999 years) are shifted by this many cycles to format them. */
  private static final long SHIFT_CYCLES = 1_000;
  private static final long LOCAL_MIN_EPOCH_SECOND = LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC);
  private static final long LOCAL_MAX_EPOCH_SECOND = LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC);
  private static final int MAX_OFFSET_SECONDS = 18 * 3600;
  private static final int MAX_NANO = 999_999_999;
  /** The years of Instant.MIN and Instant.MAX in UTC, one beyond LocalDateTime's on each side. */
  private static final long MIN_INSTANT_YEAR = -1_000_000_000L;
  private static final long MAX_INSTANT_YEAR = 1_000_000_000L;

  private KeyCodec() {}

  /** Encoded text that is not what the encoder would write; says where and why. */
  public static final class MalformedKeyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int index;

    MalformedKeyException(int index, String message) {
      super(message);
      this.index = index;
    }

    /** Where in the key the problem is. */
    public int index() {
      return index;
    }
  }

  /** A read position in a key. */
  public static final class Cursor {
    private final String key;
    private int position;

    /** A cursor at {@code position} of {@code key}. */
    public Cursor(String key, int position) {
      this.key = key;
      this.position = position;
    }

    /** The key. */
    public String key() {
      return key;
    }

    /** The current position. */
    public int position() {
      return position;
    }

    /** Whether the cursor reached the end of the key. */
    public boolean atEnd() {
      return position >= key.length();
    }

    char next() {
      if (position >= key.length()) {
        throw new MalformedKeyException(position, "the key ends too early");
      }
      return key.charAt(position++);
    }

    void expect(char expected) {
      int at = position;
      char actual = next();
      if (actual != expected) {
        throw new MalformedKeyException(at, "expected '" + expected + "' but found '" + actual + "'");
      }
    }

    /** Consumes {@code text} or throws. */
    public void expect(String text) {
      if (!key.startsWith(text, position)) {
        throw new MalformedKeyException(position, "expected '" + text + "'");
      }
      position += text.length();
    }

    long digits(int count) {
      return digits(count, false);
    }

    /** Reads {@code count} digits; with {@code complement}, each digit d counts as 9 − d. */
    long digits(int count, boolean complement) {
      long value = 0;
      for (int i = 0; i < count; i++) {
        int at = position;
        char c = next();
        if (c < '0' || c > '9') {
          throw new MalformedKeyException(at, "expected a digit but found '" + c + "'");
        }
        int digit = complement ? '9' - c : c - '0';
        if (value > (Long.MAX_VALUE - digit) / 10) {
          throw new MalformedKeyException(at, "number too large");
        }
        value = value * 10 + digit;
      }
      return value;
    }

    /** Takes the text up to (not including) the next {@code separator}, or to the end when it is -1. */
    public String until(int separator) {
      int end = separator < 0 ? key.length() : key.indexOf(separator, position);
      if (end < 0) {
        throw new MalformedKeyException(key.length(), "expected '" + (char) separator + "' after the value");
      }
      String text = key.substring(position, end);
      position = end;
      return text;
    }
  }

  // ---------------------------------------------------------------- integers

  /**
   * Appends exactly {@code count} decimal digits of a non-negative value below 10^count (or any non-negative value if
   * count ≥ 19). Generated key composers call it with a constant {@code count}, after {@link KeySpec.Part#padded}
   * checked the value.
   */
  public static void appendDigits(StringBuilder out, long value, int count) {
    // zeros first, then the significant digits right to left by the constant 10 (a multiplication once JIT-ed),
    // stopping at the first leading zero: a small id in a wide field costs a division per significant digit, not
    // per digit of the width (profiled: dividing per digit was most of a padded key's time)
    int start = out.length();
    for (int i = 0; i < count; i++) {
      out.append('0');
    }
    long rest = value;
    for (int at = start + count - 1; rest > 0 && at >= start; at--) {
      out.setCharAt(at, (char) ('0' + rest % 10));
      rest /= 10;
    }
  }

  /**
   * Appends the full-domain encoding of an integral value: {@code 0} and the value's digits when it is
   * non-negative, {@code -} and the digits of {@code value - MIN_VALUE} when it is negative; descending encodes
   * the bitwise complement.
   */
  public static void appendSigned(StringBuilder out, long value, KeyType type, boolean desc) {
    long v = desc ? ~value : value;
    if (v >= 0) {
      out.append('0');
      appendDigits(out, v, type.digits());
    } else {
      out.append('-');
      appendDigits(out, v - type.minValue(), type.digits());
    }
  }

  /**
   * The value of {@code count} decimal digits at {@code at} of {@code key} (with {@code complement}, each digit d
   * counts as 9 − d), or -1 when the key ends before them, one is not a digit or the value passes
   * {@code Long.MAX_VALUE}: the allocation-free read of straight-line decoders ({@link KeySpec.Part#integralIn}),
   * which leave every -1 to the {@link Cursor} reads to report as those report it.
   */
  public static long digitsAt(String key, int at, int count, boolean complement) {
    if (at < 0 || count > key.length() - at) {
      return -1;
    }
    long value = 0;
    // up to 18 digits stay below 10^18 < Long.MAX_VALUE: only longer runs need the overflow check
    boolean mayOverflow = count > 18;
    for (int i = at, end = at + count; i < end; i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      int digit = complement ? '9' - c : c - '0';
      if (mayOverflow && value > (Long.MAX_VALUE - digit) / 10) {
        return -1;
      }
      value = value * 10 + digit;
    }
    return value;
  }

  /** Reads a full-domain integral encoding. */
  public static long readSigned(Cursor cursor, KeyType type, boolean desc) {
    int at = cursor.position();
    char sign = cursor.next();
    long digits = cursor.digits(type.digits());
    long v;
    if (sign == '0') {
      v = digits;
    } else if (sign == '-') {
      v = digits + type.minValue();
      if (v >= 0) {
        throw new MalformedKeyException(at, "negative encoding of a non-negative value");
      }
    } else {
      throw new MalformedKeyException(at, "expected '0' or '-' but found '" + sign + "'");
    }
    if (digits > type.maxValue()) {
      throw new MalformedKeyException(at, "value out of range for " + type);
    }
    return desc ? ~v : v;
  }

  /** The largest value that zero padding to {@code width} digits holds. */
  public static long maxPadded(int width) {
    return width >= 19 ? Long.MAX_VALUE : POWERS_OF_TEN[width] - 1;
  }

  /**
   * Appends a value of 0 … {@link #maxPadded(int) maxPadded(width)} in exactly {@code width} digits; descending
   * writes 10<sup>width</sup> − 1 − value, the nines' complement of each digit.
   */
  public static void appendPadded(StringBuilder out, long value, int width, boolean desc) {
    int start = out.length();
    appendDigits(out, value, width);
    if (desc) {
      for (int i = start; i < out.length(); i++) {
        out.setCharAt(i, (char) ('9' - out.charAt(i) + '0'));
      }
    }
  }

  /** Reads a zero-padded encoding of {@code width} digits. */
  public static long readPadded(Cursor cursor, int width, boolean desc) {
    int at = cursor.position();
    long value = cursor.digits(width, desc);
    if (value > maxPadded(width)) {
      throw new MalformedKeyException(at, "value out of range");
    }
    return value;
  }

  // ---------------------------------------------------------------- booleans, UUIDs

  /** Appends {@code false} or {@code true}. */
  public static void appendBoolean(StringBuilder out, boolean value) {
    out.append(value ? "true" : "false");
  }

  /** Reads {@code false} or {@code true}. */
  public static boolean readBoolean(Cursor cursor) {
    if (cursor.key().startsWith("true", cursor.position())) {
      cursor.expect("true");
      return true;
    }
    if (cursor.key().startsWith("false", cursor.position())) {
      cursor.expect("false");
      return false;
    }
    throw new MalformedKeyException(cursor.position(), "expected 'true' or 'false'");
  }

  /** Appends the canonical lower-case text of a UUID. */
  public static void appendUuid(StringBuilder out, UUID value) {
    out.append(value.toString());
  }

  /** Reads the canonical lower-case text of a UUID. */
  public static UUID readUuid(Cursor cursor) {
    int start = cursor.position();
    for (int i = 0; i < 36; i++) {
      int at = cursor.position();
      char c = cursor.next();
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      if (dash ? c != '-' : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
        throw new MalformedKeyException(at, "not a lower-case UUID");
      }
    }
    return UUID.fromString(cursor.key().substring(start, start + 36));
  }

  // ---------------------------------------------------------------- times

  private static void appendYear(StringBuilder out, long year) {
    if (year >= 0 && year <= 9999) {
      appendDigits(out, year, 4);
    } else if (year < 0) {
      out.append('-');
      appendDigits(out, year + 10_000_000_000L, 10);
    } else {
      out.append('~');
      appendDigits(out, year, 10);
    }
  }

  /**
   * Reads a year and checks it is within [min, max]: ten digits can name years no date type holds, and such a year
   * must not wrap around an int into another, valid year.
   */
  private static long readYear(Cursor cursor, long min, long max) {
    int at = cursor.position();
    long year = readYear(cursor);
    if (year < min || year > max) {
      throw new MalformedKeyException(at, "year " + year + " is outside the range " + min + " … " + max);
    }
    return year;
  }

  private static long readYear(Cursor cursor) {
    int at = cursor.position();
    char first = cursor.key().length() > at ? cursor.key().charAt(at) : 0;
    if (first == '-') {
      cursor.next();
      long year = cursor.digits(10) - 10_000_000_000L;
      if (year >= 0) {
        throw new MalformedKeyException(at, "a '-' year must be negative");
      }
      return year;
    }
    if (first == '~') {
      cursor.next();
      long year = cursor.digits(10);
      if (year <= 9999) {
        throw new MalformedKeyException(at, "a '~' year must be above 9999");
      }
      return year;
    }
    return cursor.digits(4);
  }

  private static void appendDateTime(StringBuilder out, long year, LocalDateTime t, boolean withTime) {
    appendYear(out, year);
    out.append('-');
    appendDigits(out, t.getMonthValue(), 2);
    out.append('-');
    appendDigits(out, t.getDayOfMonth(), 2);
    if (withTime) {
      out.append('T');
      appendDigits(out, t.getHour(), 2);
      out.append(':');
      appendDigits(out, t.getMinute(), 2);
      out.append(':');
      appendDigits(out, t.getSecond(), 2);
      out.append('.');
      appendDigits(out, t.getNano(), 9);
    }
  }

  private static LocalDateTime readDateTime(Cursor cursor, long year, boolean withTime) {
    int at = cursor.position();
    cursor.expect('-');
    int month = (int) cursor.digits(2);
    cursor.expect('-');
    int day = (int) cursor.digits(2);
    int hour = 0;
    int minute = 0;
    int second = 0;
    int nano = 0;
    if (withTime) {
      cursor.expect('T');
      hour = (int) cursor.digits(2);
      cursor.expect(':');
      minute = (int) cursor.digits(2);
      cursor.expect(':');
      second = (int) cursor.digits(2);
      cursor.expect('.');
      nano = (int) cursor.digits(9);
    }
    try {
      return LocalDateTime.of((int) year, month, day, hour, minute, second, nano);
    } catch (java.time.DateTimeException e) {
      throw new MalformedKeyException(at, "not a valid date-time: " + e.getMessage());
    }
  }

  /** Appends an Instant (UTC): {@code yyyy-MM-ddTHH:mm:ss.nnnnnnnnnZ}, or inverted seconds and nanos when descending. */
  public static void appendInstant(StringBuilder out, Instant value, boolean desc) {
    long seconds = value.getEpochSecond();
    if (desc) {
      appendSigned(out, seconds, KeyType.LONG, true);
      appendDigits(out, MAX_NANO - value.getNano(), 9);
      return;
    }
    long cycles = 0;
    if (seconds < LOCAL_MIN_EPOCH_SECOND) {
      cycles = -SHIFT_CYCLES;
    } else if (seconds > LOCAL_MAX_EPOCH_SECOND) {
      cycles = SHIFT_CYCLES;
    }
    LocalDateTime t =
        LocalDateTime.ofEpochSecond(seconds - cycles * SECONDS_PER_400_YEARS, value.getNano(), ZoneOffset.UTC);
    appendDateTime(out, t.getYear() + cycles * 400, t, true);
    out.append('Z');
  }

  /** Reads an Instant. */
  public static Instant readInstant(Cursor cursor, boolean desc) {
    if (desc) {
      long seconds = readSigned(cursor, KeyType.LONG, true);
      long nano = MAX_NANO - cursor.digits(9);
      return instantOf(cursor, seconds, nano);
    }
    int at = cursor.position();
    long year = readYear(cursor, MIN_INSTANT_YEAR, MAX_INSTANT_YEAR);
    long cycles = 0;
    if (year < LocalDateTime.MIN.getYear()) {
      cycles = -SHIFT_CYCLES;
    } else if (year > LocalDateTime.MAX.getYear()) {
      cycles = SHIFT_CYCLES;
    }
    LocalDateTime t = readDateTime(cursor, year - cycles * 400, true);
    cursor.expect('Z');
    long seconds = t.toEpochSecond(ZoneOffset.UTC) + cycles * SECONDS_PER_400_YEARS;
    try {
      return Instant.ofEpochSecond(seconds, t.getNano());
    } catch (java.time.DateTimeException e) {
      throw new MalformedKeyException(at, "instant out of range");
    }
  }

  private static Instant instantOf(Cursor cursor, long seconds, long nano) {
    try {
      return Instant.ofEpochSecond(seconds, nano);
    } catch (java.time.DateTimeException | ArithmeticException e) {
      throw new MalformedKeyException(cursor.position(), "instant out of range");
    }
  }

  /** Appends a LocalDateTime: {@code yyyy-MM-ddTHH:mm:ss.nnnnnnnnn}, or inverted seconds and nanos when descending. */
  public static void appendLocalDateTime(StringBuilder out, LocalDateTime value, boolean desc) {
    if (desc) {
      appendSigned(out, value.toEpochSecond(ZoneOffset.UTC), KeyType.LONG, true);
      appendDigits(out, MAX_NANO - value.getNano(), 9);
    } else {
      appendDateTime(out, value.getYear(), value, true);
    }
  }

  /** Reads a LocalDateTime. */
  public static LocalDateTime readLocalDateTime(Cursor cursor, boolean desc) {
    if (desc) {
      int at = cursor.position();
      long seconds = readSigned(cursor, KeyType.LONG, true);
      int nano = (int) (MAX_NANO - cursor.digits(9));
      try {
        return LocalDateTime.ofEpochSecond(seconds, nano, ZoneOffset.UTC);
      } catch (java.time.DateTimeException e) {
        throw new MalformedKeyException(at, "date-time out of range");
      }
    }
    return readDateTime(cursor, readYear(cursor, Year.MIN_VALUE, Year.MAX_VALUE), true);
  }

  /** Appends a LocalDate: {@code yyyy-MM-dd}, or the inverted epoch day when descending. */
  public static void appendLocalDate(StringBuilder out, LocalDate value, boolean desc) {
    if (desc) {
      appendSigned(out, value.toEpochDay(), KeyType.LONG, true);
    } else {
      appendDateTime(out, value.getYear(), value.atStartOfDay(), false);
    }
  }

  /** Reads a LocalDate. */
  public static LocalDate readLocalDate(Cursor cursor, boolean desc) {
    if (desc) {
      int at = cursor.position();
      long day = readSigned(cursor, KeyType.LONG, true);
      try {
        return LocalDate.ofEpochDay(day);
      } catch (java.time.DateTimeException e) {
        throw new MalformedKeyException(at, "date out of range");
      }
    }
    return readDateTime(cursor, readYear(cursor, Year.MIN_VALUE, Year.MAX_VALUE), false).toLocalDate();
  }

  // ---------------------------------------------------------------- .NET ticks

  /** The digits of a ticks encoding: DateTime.MaxValue.Ticks has 19. */
  public static final int TICKS_DIGITS = 19;
  /** 100 ns ticks per second. */
  private static final long TICKS_PER_SECOND = 10_000_000L;
  /** Seconds from 0001-01-01T00:00:00Z, tick 0 of a .NET DateTime, to the Java epoch. */
  private static final long TICKS_EPOCH_SECONDS = -LocalDateTime.of(1, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
  /** The earliest instant ticks hold: 0001-01-01T00:00:00Z, .NET's DateTime.MinValue. */
  public static final Instant MIN_TICKS_INSTANT = Instant.ofEpochSecond(-TICKS_EPOCH_SECONDS);
  /** The latest instant ticks hold: 9999-12-31T23:59:59.9999999Z, .NET's DateTime.MaxValue. */
  public static final Instant MAX_TICKS_INSTANT =
      LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_900).toInstant(ZoneOffset.UTC);
  /** DateTime.MaxValue.Ticks (3155378975999999999), from which {@code :ticksdesc} subtracts. */
  public static final long MAX_TICKS = ticksOf(MAX_TICKS_INSTANT);

  /**
   * The .NET ticks of an instant (100 ns since 0001-01-01T00:00:00Z) — for an instant within
   * {@link #MIN_TICKS_INSTANT} … {@link #MAX_TICKS_INSTANT} whose nanos are whole ticks ({@link #ticksProblem}).
   */
  public static long ticksOf(Instant value) {
    return (value.getEpochSecond() + TICKS_EPOCH_SECONDS) * TICKS_PER_SECOND + value.getNano() / 100;
  }

  /** The instant of .NET ticks in 0 … {@link #MAX_TICKS}. */
  public static Instant instantOfTicks(long ticks) {
    return Instant.ofEpochSecond(
        Math.floorDiv(ticks, TICKS_PER_SECOND) - TICKS_EPOCH_SECONDS, Math.floorMod(ticks, TICKS_PER_SECOND) * 100);
  }

  /** Why an instant has no ticks encoding (outside .NET's DateTime range, or finer than 100 ns), or null. */
  public static String ticksProblem(Instant value) {
    if (value.isBefore(MIN_TICKS_INSTANT) || value.isAfter(MAX_TICKS_INSTANT)) {
      return "is outside the range of .NET ticks, " + MIN_TICKS_INSTANT + " … " + MAX_TICKS_INSTANT;
    }
    if (value.getNano() % 100 != 0) {
      return "is more precise than .NET ticks (100 ns), so its key would not hold it; truncate it, for example with"
          + " truncatedTo(ChronoUnit.MICROS)";
    }
    return null;
  }

  /**
   * Appends an instant as 19 digits of .NET ticks, or of {@link #MAX_TICKS} minus them when descending; the instant
   * must have no {@link #ticksProblem}.
   */
  public static void appendTicks(StringBuilder out, Instant value, boolean desc) {
    long ticks = ticksOf(value);
    appendDigits(out, desc ? MAX_TICKS - ticks : ticks, TICKS_DIGITS);
  }

  /** Reads a ticks encoding back into its instant. */
  public static Instant readTicks(Cursor cursor, boolean desc) {
    int at = cursor.position();
    long digits = cursor.digits(TICKS_DIGITS);
    if (digits > MAX_TICKS) {
      throw new MalformedKeyException(at, digits + " is above DateTime.MaxValue.Ticks, " + MAX_TICKS);
    }
    return instantOfTicks(desc ? MAX_TICKS - digits : digits);
  }

  /**
   * Appends an OffsetDateTime: its UTC instant, {@code @}, and its offset in seconds plus 64800 in six digits
   * (inverted when descending), so the order is {@code OffsetDateTime.compareTo}'s.
   */
  public static void appendOffsetDateTime(StringBuilder out, OffsetDateTime value, boolean desc) {
    appendInstant(out, value.toInstant(), desc);
    out.append('@');
    int shifted = value.getOffset().getTotalSeconds() + MAX_OFFSET_SECONDS;
    appendDigits(out, desc ? 2 * MAX_OFFSET_SECONDS - shifted : shifted, 6);
  }

  /** Reads an OffsetDateTime. */
  public static OffsetDateTime readOffsetDateTime(Cursor cursor, boolean desc) {
    Instant instant = readInstant(cursor, desc);
    cursor.expect('@');
    int at = cursor.position();
    long shifted = cursor.digits(6);
    if (desc) {
      shifted = 2L * MAX_OFFSET_SECONDS - shifted;
    }
    try {
      ZoneOffset offset = ZoneOffset.ofTotalSeconds((int) (shifted - MAX_OFFSET_SECONDS));
      return OffsetDateTime.ofInstant(instant, offset);
    } catch (java.time.DateTimeException e) {
      throw new MalformedKeyException(at, "offset date-time out of range: " + e.getMessage());
    }
  }
}
