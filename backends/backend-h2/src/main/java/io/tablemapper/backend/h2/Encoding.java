package io.tablemapper.backend.h2;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.EdmType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * How keys are stored, and how schema version 1 stored property values and Timestamps (read by {@link V1Migration}):
 * as bytes whose unsigned lexicographic order, the order in which H2 compares {@code VARBINARY} values, is the
 * store's order of the values. Key order is therefore decided by construction, never by a database collation, and
 * every value decodes back exactly.
 *
 * <ul>
 *   <li>String (and PartitionKey, RowKey): the UTF-16 code units, two bytes each, big-endian, so byte order is
 *       code-unit order ({@link String#compareTo}); unpaired surrogates survive, which a charset would replace.
 *   <li>Binary: the bytes themselves (compared unsigned, shorter prefix first, as {@code Arrays.compareUnsigned}).
 *   <li>Boolean: one byte, 0 or 1.
 *   <li>DateTime: 12 bytes, the epoch second with its sign bit flipped and the nanosecond of the second, both
 *       big-endian; exact for every {@link Instant}.
 *   <li>Double: the IEEE 754 bits, with the sign bit flipped for positive numbers and every bit flipped for
 *       negative ones, so byte order is numeric order; {@code -0.0} is stored as {@code 0.0} (the SPI allows the sign
 *       of a zero to be lost) and every NaN as the one canonical NaN, which sorts above positive infinity.
 *   <li>Guid: the 128 bits, big-endian, whose unsigned order is the order of the canonical text.
 *   <li>Int32, Int64: two's complement with the sign bit flipped, big-endian.
 * </ul>
 *
 * <p>Version 1 stored a property's type beside it as a code ({@link #typeCode}); {@link RowCodec} uses the same codes
 * as its type tags. Schema version 2 keeps only the keys in this encoding; the values live in {@link RowCodec}'s.
 */
final class Encoding {
  /** The stored bytes of NaN, the only NaN stored. */
  static final byte[] NAN = value(Double.NaN);

  private static final byte STRING = 1;
  private static final byte BINARY = 2;
  private static final byte BOOLEAN = 3;
  private static final byte DATE_TIME = 4;
  private static final byte DOUBLE = 5;
  private static final byte GUID = 6;
  private static final byte INT32 = 7;
  private static final byte INT64 = 8;

  private Encoding() {}

  /** The stored code of a property type. */
  static byte typeCode(EdmType type) {
    switch (type) {
      case STRING:
        return STRING;
      case BINARY:
        return BINARY;
      case BOOLEAN:
        return BOOLEAN;
      case DATE_TIME:
        return DATE_TIME;
      case DOUBLE:
        return DOUBLE;
      case GUID:
        return GUID;
      case INT32:
        return INT32;
      case INT64:
        return INT64;
      default:
        throw new AssertionError(type);
    }
  }

  /** A key, or a String value: its UTF-16 code units, big-endian. */
  static byte[] text(String text) {
    byte[] bytes = new byte[2 * text.length()];
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      bytes[2 * i] = (byte) (c >>> 8);
      bytes[2 * i + 1] = (byte) c;
    }
    return bytes;
  }

  /** The String {@link #text} encoded. */
  static String text(byte[] bytes) {
    if (bytes.length % 2 != 0) {
      throw new StoreUnavailableException("a stored text of " + bytes.length + " bytes is not UTF-16 code units");
    }
    int length = bytes.length / 2;
    byte[] latin1 = new byte[length];
    for (int i = 0; i < length; i++) {
      if (bytes[2 * i] != 0) {
        return utf16(bytes); // a char beyond Latin-1
      }
      latin1[i] = bytes[2 * i + 1];
    }
    return new String(latin1, StandardCharsets.ISO_8859_1);
  }

  /**
   * The String {@link #text} encoded, its Latin-1 chars gathered in {@code scratch} (at least half as long as
   * {@code bytes}, the caller's to reuse) so that a Latin-1 key costs one copy, the String's; {@code bytes} is only
   * read (it may be H2's own array).
   */
  static String text(byte[] bytes, byte[] scratch) {
    if (bytes.length % 2 != 0) {
      throw new StoreUnavailableException("a stored text of " + bytes.length + " bytes is not UTF-16 code units");
    }
    int length = bytes.length / 2;
    for (int i = 0; i < length; i++) {
      if (bytes[2 * i] != 0) {
        return utf16(bytes); // a char beyond Latin-1
      }
      scratch[i] = bytes[2 * i + 1];
    }
    return new String(scratch, 0, length, StandardCharsets.ISO_8859_1);
  }

  private static String utf16(byte[] bytes) {
    char[] chars = new char[bytes.length / 2];
    for (int i = 0; i < chars.length; i++) {
      chars[i] = (char) (((bytes[2 * i] & 0xFF) << 8) | (bytes[2 * i + 1] & 0xFF));
    }
    return new String(chars);
  }

  /** A DateTime or Timestamp. */
  static byte[] instant(Instant instant) {
    return ByteBuffer.allocate(12)
        .putLong(instant.getEpochSecond() ^ Long.MIN_VALUE)
        .putInt(instant.getNano())
        .array();
  }

  /** The Instant {@link #instant(Instant)} encoded. */
  static Instant instant(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    return Instant.ofEpochSecond(buffer.getLong() ^ Long.MIN_VALUE, buffer.getInt());
  }

  /** A property value of any {@link EdmType}. */
  static byte[] value(Object value) {
    switch (EdmType.of(value)) {
      case STRING:
        return text((String) value);
      case BINARY:
        return ((byte[]) value).clone();
      case BOOLEAN:
        return new byte[] {(byte) ((Boolean) value ? 1 : 0)};
      case DATE_TIME:
        return instant((Instant) value);
      case DOUBLE:
        long bits = Double.doubleToLongBits((Double) value == 0.0 ? 0.0 : (Double) value);
        return ByteBuffer.allocate(8).putLong(bits ^ (bits < 0 ? -1L : Long.MIN_VALUE)).array();
      case GUID:
        UUID uuid = (UUID) value;
        return ByteBuffer.allocate(16)
            .putLong(uuid.getMostSignificantBits())
            .putLong(uuid.getLeastSignificantBits())
            .array();
      case INT32:
        return ByteBuffer.allocate(4).putInt((Integer) value ^ Integer.MIN_VALUE).array();
      case INT64:
        return ByteBuffer.allocate(8).putLong((Long) value ^ Long.MIN_VALUE).array();
      default:
        throw new AssertionError(value);
    }
  }

  /**
   * The value {@link #value(Object)} encoded, given its type code.
   *
   * @throws StoreUnavailableException if the code or the bytes are not a stored value (a damaged file)
   */
  static Object value(byte typeCode, byte[] bytes) {
    switch (typeCode) {
      case STRING:
        return text(bytes);
      case BINARY:
        return bytes;
      case BOOLEAN:
        return sized(bytes, 1, typeCode)[0] != 0;
      case DATE_TIME:
        return instant(sized(bytes, 12, typeCode));
      case DOUBLE:
        long encoded = ByteBuffer.wrap(sized(bytes, 8, typeCode)).getLong();
        return Double.longBitsToDouble(encoded < 0 ? encoded ^ Long.MIN_VALUE : ~encoded);
      case GUID:
        ByteBuffer guid = ByteBuffer.wrap(sized(bytes, 16, typeCode));
        return new UUID(guid.getLong(), guid.getLong());
      case INT32:
        return ByteBuffer.wrap(sized(bytes, 4, typeCode)).getInt() ^ Integer.MIN_VALUE;
      case INT64:
        return ByteBuffer.wrap(sized(bytes, 8, typeCode)).getLong() ^ Long.MIN_VALUE;
      default:
        throw new StoreUnavailableException("unknown stored property type code " + typeCode);
    }
  }

  private static byte[] sized(byte[] bytes, int length, byte typeCode) {
    if (bytes.length != length) {
      throw new StoreUnavailableException(
          "a stored value of type code " + typeCode + " has " + bytes.length + " bytes, expected " + length);
    }
    return bytes;
  }
}
