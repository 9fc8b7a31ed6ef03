package io.tablemapper.internal.mapping;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.Filter;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * Conversions between Java property types and store values, called by generated mapping code. Each Java type
 * has one store type:
 *
 * <table>
 *   <caption>Property types</caption>
 *   <tr><th>Java</th><th>store</th></tr>
 *   <tr><td>String, char</td><td>String</td></tr>
 *   <tr><td>byte[]</td><td>Binary</td></tr>
 *   <tr><td>boolean</td><td>Boolean</td></tr>
 *   <tr><td>byte, short, int</td><td>Int32</td></tr>
 *   <tr><td>long</td><td>Int64</td></tr>
 *   <tr><td>float, double</td><td>Double</td></tr>
 *   <tr><td>UUID</td><td>Guid</td></tr>
 *   <tr><td>Instant</td><td>DateTime</td></tr>
 *   <tr><td>OffsetDateTime, LocalDateTime</td><td>DateTime (in UTC; an OffsetDateTime reads back at offset
 *       Z)</td></tr>
 *   <tr><td>LocalDate</td><td>DateTime at midnight UTC</td></tr>
 *   <tr><td>enums</td><td>String (the constant's name)</td></tr>
 *   <tr><td>BigDecimal, BigInteger</td><td>String (exact text, scale kept)</td></tr>
 *   <tr><td>{@code @Json} anything</td><td>String (JSON)</td></tr>
 * </table>
 *
 * <p>Read conversions throw {@link InvalidEntityException} naming the entity, the property and the row.
 */
public final class Values {
  private Values() {}

  // ------------------------------------------------------------------ to the store

  /** A char as a one-character String. */
  public static String fromChar(char value) {
    return String.valueOf(value);
  }

  /** A Character as a one-character String, null stays null. */
  public static String fromChar(Character value) {
    return value == null ? null : String.valueOf(value.charValue());
  }

  /** An OffsetDateTime as its instant. */
  public static Instant fromOffsetDateTime(OffsetDateTime value) {
    return value == null ? null : value.toInstant();
  }

  /** A LocalDateTime as an instant in UTC. */
  public static Instant fromLocalDateTime(LocalDateTime value) {
    return value == null ? null : value.toInstant(ZoneOffset.UTC);
  }

  /** A LocalDate as midnight UTC. */
  public static Instant fromLocalDate(LocalDate value) {
    return value == null ? null : value.atStartOfDay(ZoneOffset.UTC).toInstant();
  }

  /**
   * An instant truncated to the store's 100 ns ticks, towards the past ({@code 12:00:00.123456789Z} becomes
   * {@code 12:00:00.1234567Z}), as .NET's DateTime would hold it; null stays null.
   */
  public static Instant truncateToTicks(Instant value) {
    return value == null ? null : value.minusNanos(value.getNano() % StoreLimits.DATE_TIME_TICK_NANOS);
  }

  /** An enum as its name. */
  public static String fromEnum(Enum<?> value) {
    return value == null ? null : value.name();
  }

  /** A BigDecimal as its exact text ({@code toString}, which keeps the scale). */
  public static String fromBigDecimal(BigDecimal value) {
    return value == null ? null : value.toString();
  }

  /** A BigInteger as its decimal text. */
  public static String fromBigInteger(BigInteger value) {
    return value == null ? null : value.toString();
  }

  /** A float as a Double, null stays null. */
  public static Double fromFloat(Float value) {
    return value == null ? null : (double) value;
  }

  /** A Byte or Short as an Int32, null stays null. */
  public static Integer fromSmallInt(Number value) {
    return value == null ? null : value.intValue();
  }

  // ------------------------------------------------------------------ from the store

  /** An Int32 as a byte, checking its range. */
  public static byte toByte(int value, String entity, String property, TableRow row) {
    if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
      throw invalid(entity, property, row, "holds " + value + ", which does not fit a byte");
    }
    return (byte) value;
  }

  /** An Int32 (or null) as a Byte, checking its range. */
  public static Byte toByte(Integer value, String entity, String property, TableRow row) {
    return value == null ? null : toByte(value.intValue(), entity, property, row);
  }

  /** An Int32 as a short, checking its range. */
  public static short toShort(int value, String entity, String property, TableRow row) {
    if (value < Short.MIN_VALUE || value > Short.MAX_VALUE) {
      throw invalid(entity, property, row, "holds " + value + ", which does not fit a short");
    }
    return (short) value;
  }

  /** An Int32 (or null) as a Short, checking its range. */
  public static Short toShort(Integer value, String entity, String property, TableRow row) {
    return value == null ? null : toShort(value.intValue(), entity, property, row);
  }

  /** A Double (or null) as a Float. */
  public static Float toFloat(Double value) {
    return value == null ? null : value.floatValue();
  }

  /** A one-character String as a char; absent reads as {@code '\0'}. */
  public static char toChar(String value, String entity, String property, TableRow row) {
    Character character = toCharacter(value, entity, property, row);
    return character == null ? '\0' : character;
  }

  /** A one-character String (or null) as a Character. */
  public static Character toCharacter(String value, String entity, String property, TableRow row) {
    if (value == null) {
      return null;
    }
    if (value.length() != 1) {
      throw invalid(entity, property, row, "holds '" + value + "', which is not a single character");
    }
    return value.charAt(0);
  }

  /** A DateTime as an OffsetDateTime at offset Z. */
  public static OffsetDateTime toOffsetDateTime(Instant value) {
    return value == null ? null : value.atOffset(ZoneOffset.UTC);
  }

  /** A DateTime as a LocalDateTime in UTC. */
  public static LocalDateTime toLocalDateTime(Instant value) {
    return value == null ? null : LocalDateTime.ofInstant(value, ZoneOffset.UTC);
  }

  /** A DateTime as a LocalDate (its UTC date). */
  public static LocalDate toLocalDate(Instant value) {
    return value == null ? null : LocalDate.ofInstant(value, ZoneOffset.UTC);
  }

  /** A String as an enum constant of {@code type}. */
  public static <E extends Enum<E>> E toEnum(
      Class<E> type, String value, String entity, String property, TableRow row) {
    if (value == null) {
      return null;
    }
    try {
      return Enum.valueOf(type, value);
    } catch (IllegalArgumentException e) {
      throw invalid(entity, property, row,
          "holds '" + value + "', which is not a constant of " + type.getName() + " "
              + java.util.Arrays.toString(type.getEnumConstants()));
    }
  }

  /** A String as a BigDecimal. */
  public static BigDecimal toBigDecimal(String value, String entity, String property, TableRow row) {
    if (value == null) {
      return null;
    }
    try {
      return new BigDecimal(value);
    } catch (NumberFormatException e) {
      throw invalid(entity, property, row, "holds '" + value + "', which is not a decimal number");
    }
  }

  /** A String as a BigInteger. */
  public static BigInteger toBigInteger(String value, String entity, String property, TableRow row) {
    if (value == null) {
      return null;
    }
    try {
      return new BigInteger(value);
    } catch (NumberFormatException e) {
      throw invalid(entity, property, row, "holds '" + value + "', which is not an integer");
    }
  }

  /** A copy of a Binary value, so the entity never shares an array with the store. */
  public static byte[] copy(byte[] value) {
    return value == null ? null : value.clone();
  }

  // ------------------------------------------------------------------ key properties

  /**
   * A key property as a row gives it: {@code fromKey}, decoded from the row's PartitionKey or RowKey, since the
   * keys are the truth. A row that also holds the property's column (every row the mapper writes does) must agree
   * with its keys: a value equal in meaning agrees whatever its store type (an Int32 column of a {@code long}
   * property is read widened, as any Int32 in a {@code long} property). A row whose column says otherwise was
   * written by another application or edited by hand, and reading it as either value would move the entity or
   * lose the column, so it is refused.
   *
   * @param stored the column's value, read as the property reads any column (its type's default when absent)
   * @param column the property's stored name
   * @param table the table, for the message
   * @param entity the entity class's simple name, for the message
   * @param property the property's Java name, for the message
   * @throws InvalidEntityException naming the table, keys, property, the column's value and the key's if they differ
   */
  public static int keyInt(
      int fromKey, int stored, TableRow row, String column, String table, String entity, String property) {
    if (stored != fromKey && row.has(column)) {
      throw keyMismatch(fromKey, row, column, table, entity, property);
    }
    return fromKey;
  }

  /** {@link #keyInt} for a {@code long} key property. */
  public static long keyLong(
      long fromKey, long stored, TableRow row, String column, String table, String entity, String property) {
    if (stored != fromKey && row.has(column)) {
      throw keyMismatch(fromKey, row, column, table, entity, property);
    }
    return fromKey;
  }

  /** {@link #keyInt} for a key property of any other type: values agree when they are {@code equals}. */
  public static <V> V key(
      V fromKey, V stored, TableRow row, String column, String table, String entity, String property) {
    if (!Objects.equals(stored, fromKey) && row.has(column)) {
      throw keyMismatch(fromKey, row, column, table, entity, property);
    }
    return fromKey;
  }

  private static MalformedRowException keyMismatch(
      Object fromKey, TableRow row, String column, String table, String entity, String property) {
    return new MalformedRowException(table, entity, row.partitionKey(), row.rowKey(), column,
        "holds " + row.get(column) + " (" + EdmType.of(row.get(column)) + "), but the row's keys say " + property
            + " = " + fromKey + "; keys are the truth and an entity is never moved on read, so correct the column"
            + " (or the keys) of the row, which another application wrote", null);
  }

  // ------------------------------------------------------------------ filters

  /**
   * A comparison of a {@code long} property with a value, matching the property's rows whichever integer type they
   * store it as: Int64 (as the mapper writes it) or Int32 (as another application may, and as reads accept). The
   * store compares no Int64 with an Int32, so this is the Int64 comparison or the Int32 comparison with the value
   * brought into the Int32 range (a comparison no Int32 can pass is left out).
   */
  public static Filter int64(Filter.Op op, String property, long value) {
    Filter int64 = comparison(op, property, value);
    Filter int32 = int32Counterpart(op, property, value);
    return int32 == null ? int64 : Filter.or(int64, int32);
  }

  private static Filter int32Counterpart(Filter.Op op, String property, long value) {
    boolean fits = value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE;
    Filter anyInt32 = Filter.ge(property, Integer.MIN_VALUE);
    switch (op) {
      case EQ:
        return fits ? Filter.eq(property, (int) value) : null;
      case NE:
        return fits ? Filter.ne(property, (int) value) : anyInt32;
      case GE:
      case GT:
        if (value > Integer.MAX_VALUE || op == Filter.Op.GT && value == Integer.MAX_VALUE) {
          return null;
        }
        return fits ? comparison(op, property, (int) value) : anyInt32;
      case LE:
      case LT:
        if (value < Integer.MIN_VALUE || op == Filter.Op.LT && value == Integer.MIN_VALUE) {
          return null;
        }
        return fits ? comparison(op, property, (int) value) : Filter.le(property, Integer.MAX_VALUE);
      default:
        throw new AssertionError(op);
    }
  }

  private static Filter comparison(Filter.Op op, String property, Object value) {
    return new Filter.Comparison(property, op, value);
  }

  private static InvalidEntityException invalid(String entity, String property, TableRow row, String problem) {
    return new MalformedRowException(null, entity, row.partitionKey(), row.rowKey(), property, problem, null);
  }
}
