package io.tablemapper.internal.model;

import io.tablemapper.spi.StoreLimits;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * A table-name template of the table-per-period pattern (the guide's high-volume delete): literal text followed by
 * one placeholder {@code {property:unit}} that names a time property and a period — {@code year}, {@code month},
 * {@code day} or {@code hour} — formatted in UTC as digits ({@code yyyy}, {@code yyyyMM}, {@code yyyyMMdd},
 * {@code yyyyMMddHH}): {@code @Entity(table = "Logins{at:day}")} stores a login of 2025-03-07 in table
 * {@code Logins20250307}. The one place that parses, checks and applies such a template, for the processor and the
 * runtime alike.
 *
 * <p>Every table it yields is a valid table name when {@link #problem} has none: the literal starts with a letter
 * and holds only letters and digits, and with the period's digits it is 3 to 63 characters long. Periods sort as
 * the tables' names do (fixed-width digits after one prefix).
 *
 * @param prefix the literal text before the placeholder
 * @param property the time property the period is taken from
 * @param unit the period
 */
public record TableTemplate(String prefix, String property, Unit unit) {

  /** The length of a period in a table name. */
  public enum Unit {
    /** A table per year: {@code yyyy}. */
    YEAR("yyyy"),
    /** A table per month: {@code yyyyMM}. */
    MONTH("yyyyMM"),
    /** A table per day: {@code yyyyMMdd}. */
    DAY("yyyyMMdd"),
    /** A table per hour: {@code yyyyMMddHH}. */
    HOUR("yyyyMMddHH");

    private final String pattern;
    private final DateTimeFormatter format;

    Unit(String pattern) {
      this.pattern = pattern;
      // 'u', the proleptic year: a year before 0000 or after 9999 shows a sign, never the digits of another year
      this.format = DateTimeFormatter.ofPattern(pattern.replace('y', 'u'), Locale.ROOT).withZone(ZoneOffset.UTC);
    }

    /** The digits a period takes in a table name. */
    public int width() {
      return pattern.length();
    }

    /** The modifier that names it in a template: {@code day}. */
    public String modifier() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Whether a declared table is a template (holds a placeholder) rather than a table name. */
  public static boolean isTemplate(String table) {
    return table != null && table.indexOf('{') >= 0;
  }

  /**
   * Parses a template, or returns null when it is malformed; {@link #problem} says what is wrong with it.
   */
  public static TableTemplate parse(String template) {
    int open = template.indexOf('{');
    int close = template.indexOf('}');
    if (open < 0 || close != template.length() - 1 || template.indexOf('{', open + 1) >= 0
        || template.indexOf('}') != close) {
      return null;
    }
    String inside = template.substring(open + 1, close);
    int colon = inside.indexOf(':');
    if (colon <= 0) {
      return null;
    }
    Unit unit;
    try {
      unit = Unit.valueOf(inside.substring(colon + 1).toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
    return new TableTemplate(template.substring(0, open), inside.substring(0, colon), unit);
  }

  /**
   * What is wrong with a declared template, or null: its form ({@code Prefix{property:unit}}, the placeholder
   * last, one of {@code year}, {@code month}, {@code day}, {@code hour}), and the names it yields.
   */
  public static String problem(String template) {
    TableTemplate parsed = parse(template);
    if (parsed == null) {
      return "a table-name template is a literal prefix followed by one placeholder {property:unit}, last, whose"
          + " unit is year, month, day or hour (for example \"Logins{at:day}\")";
    }
    String example = parsed.prefix + "0".repeat(parsed.unit.width());
    if (parsed.prefix.isEmpty() || !StoreLimits.isValidTableName(example)) {
      return "the tables it yields ('" + example + "' and the like) are not valid table names: the prefix must"
          + " start with a letter and hold only letters and digits, and with the " + parsed.unit.width()
          + " digits of a " + parsed.unit.modifier() + " be 3 to 63 characters long";
    }
    return null;
  }

  /**
   * The table of a time value: the prefix and the value's period in UTC.
   *
   * @param value an {@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime}, {@code LocalDate} (its day) or
   *     {@code LocalDateTime} (in UTC), as the time property holds
   * @throws IllegalArgumentException for any other value, or a year outside 0..9999
   */
  public String table(Object value) {
    return prefix + period(value);
  }

  /** The period of a time value, as digits ({@link #table}). */
  public String period(Object value) {
    Instant instant = instant(value);
    String digits;
    try {
      digits = unit.format.format(instant);
    } catch (DateTimeException outside) {
      digits = "";
    }
    if (digits.length() != unit.width() || !digits.chars().allMatch(Character::isDigit)) {
      throw new IllegalArgumentException("the time " + value + " is outside the years 0000..9999 that a table name of"
          + " template " + this + " can hold");
    }
    return digits;
  }

  /** Whether a time lies before every period a table name can hold (before the year 0000). */
  public static boolean beforeEveryPeriod(Object value) {
    return instant(value).isBefore(FIRST);
  }

  /** 0000-01-01T00:00:00Z (as epoch seconds: parsing the text would load {@code java.time}'s parser at start-up). */
  private static final Instant FIRST = Instant.ofEpochSecond(-62_167_219_200L);

  /** A time value of a time property, as an instant: a date at midnight UTC, a local date-time in UTC. */
  public static Instant instant(Object value) {
    if (value instanceof Instant) {
      return (Instant) value;
    }
    if (value instanceof OffsetDateTime) {
      return ((OffsetDateTime) value).toInstant();
    }
    if (value instanceof ZonedDateTime) {
      return ((ZonedDateTime) value).toInstant();
    }
    if (value instanceof LocalDate) {
      return ((LocalDate) value).atStartOfDay(ZoneOffset.UTC).toInstant();
    }
    if (value instanceof LocalDateTime) {
      return ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
    }
    throw new IllegalArgumentException("a period is taken from a time (Instant, OffsetDateTime, LocalDate,"
        + " LocalDateTime), not from " + (value == null ? "null" : value.getClass().getName() + " " + value));
  }

  /**
   * The period of one of this template's tables, or null when the table is not one of them (another prefix, or not
   * the period's digits after it). Names compare case-insensitively, as the store's do.
   */
  public String periodOf(String table) {
    if (table.length() != prefix.length() + unit.width() || !table.regionMatches(true, 0, prefix, 0, prefix.length())) {
      return null;
    }
    String digits = table.substring(prefix.length());
    return digits.chars().allMatch(c -> c >= '0' && c <= '9') ? digits : null;
  }

  /** Whether a property kind can give a period. */
  public static boolean isTimeKind(PropertyKind kind) {
    return kind == PropertyKind.INSTANT || kind == PropertyKind.OFFSET_DATE_TIME || kind == PropertyKind.LOCAL_DATE
        || kind == PropertyKind.LOCAL_DATE_TIME;
  }

  @Override
  public String toString() {
    return prefix + "{" + property + ":" + unit.modifier() + "}";
  }
}
