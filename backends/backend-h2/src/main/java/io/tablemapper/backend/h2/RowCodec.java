package io.tablemapper.backend.h2;

import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;

/**
 * An entity's properties as the one {@code VARBINARY} value of its row (column {@code PROPS} of {@link Schema#ROWS}),
 * typed and exact, in the entity's property order. Decoding reads the bytes in place, so a reader can take the
 * properties it needs and skip the others without building them ({@link #find}).
 *
 * <pre>
 * props    := FORMAT count property*        FORMAT is the byte 1; count a varint
 * property := name tag value
 * name     := varint n, then n bytes of UTF-8  (names are letters, digits and '_': never a surrogate)
 * tag      := one byte, the value's type:
 *               1 String (UTF-8)   2 Binary   3 Boolean   4 DateTime   5 Double   6 Guid   7 Int32   8 Int64
 *               9 String (UTF-16), for a string with an unpaired surrogate, which UTF-8 cannot carry
 * value    := String: varint n, then n bytes (UTF-8, or UTF-16 code units big-endian)
 *             Binary: varint n, then n bytes         Boolean: 1 byte, 0 or 1
 *             DateTime: epoch second (8 bytes) and nanosecond (4 bytes)
 *             Double: the IEEE 754 bits as stored (8 bytes); Guid: 16 bytes; Int32: 4 bytes; Int64: 8 bytes
 * </pre>
 *
 * <p>Numbers are big-endian; a varint is unsigned, seven bits a byte, low bits first, the high bit set on every
 * byte but the last. The tags are the type codes of schema version 1 ({@link Encoding#typeCode}) and belong to the
 * file format: they never change.
 */
final class RowCodec {
  static final byte FORMAT = 1;

  static final byte STRING = 1;
  static final byte BINARY = 2;
  static final byte BOOLEAN = 3;
  static final byte DATE_TIME = 4;
  static final byte DOUBLE = 5;
  static final byte GUID = 6;
  static final byte INT32 = 7;
  static final byte INT64 = 8;
  static final byte STRING_UTF16 = 9;

  private static final byte[] EMPTY = {FORMAT, 0};

  private RowCodec() {}

  /** The stored form of the properties, in their iteration order. */
  static byte[] encode(Map<String, Object> properties) {
    if (properties.isEmpty()) {
      return EMPTY.clone();
    }
    Writer out = new Writer(16 + 24 * properties.size());
    out.put(FORMAT);
    out.varint(properties.size());
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      out.bytes(name(property.getKey()));
      Object value = property.getValue();
      switch (EdmType.of(value)) {
        case STRING:
          String text = (String) value;
          if (isWellFormed(text)) {
            out.put(STRING);
            out.bytes(text.getBytes(StandardCharsets.UTF_8));
          } else {
            out.put(STRING_UTF16);
            out.bytes(Encoding.text(text));
          }
          break;
        case BINARY:
          out.put(BINARY);
          out.bytes((byte[]) value);
          break;
        case BOOLEAN:
          out.put(BOOLEAN);
          out.put((byte) ((Boolean) value ? 1 : 0));
          break;
        case DATE_TIME:
          Instant instant = (Instant) value;
          out.put(DATE_TIME);
          out.fixed(instant.getEpochSecond(), 8);
          out.fixed(instant.getNano(), 4);
          break;
        case DOUBLE:
          out.put(DOUBLE);
          out.fixed(Double.doubleToRawLongBits((Double) value), 8);
          break;
        case GUID:
          UUID uuid = (UUID) value;
          out.put(GUID);
          out.fixed(uuid.getMostSignificantBits(), 8);
          out.fixed(uuid.getLeastSignificantBits(), 8);
          break;
        case INT32:
          out.put(INT32);
          out.fixed((Integer) value, 4);
          break;
        case INT64:
          out.put(INT64);
          out.fixed((Long) value, 8);
          break;
        default:
          throw new AssertionError(value);
      }
    }
    return out.toArray();
  }

  /**
   * A property name's stored bytes (UTF-8; also what {@link #find} looks for). A valid name holds no surrogate, so
   * UTF-8 carries it exactly; a name a filter or projection gives with a surrogate (which no stored row has) becomes
   * bytes with a {@code '?'} in its place, which no stored name has either, so it matches nothing.
   */
  static byte[] name(String name) {
    return name.getBytes(StandardCharsets.UTF_8);
  }

  /** Adds every stored property to {@code row}, in stored order. */
  static void decodeInto(byte[] props, TableRow.Builder row) {
    try {
      Reader in = new Reader(props);
      for (int count = in.header(); count > 0; count--) {
        String name = in.name();
        in.valueInto(name, row);
      }
    } catch (IndexOutOfBoundsException truncated) {
      throw Reader.damaged("ends in the middle of a property");
    }
  }

  /** Adds the stored properties named in {@code names} (their stored bytes, {@link #name}) to {@code row}. */
  static void decodeInto(byte[] props, byte[][] names, TableRow.Builder row) {
    try {
      decodeNamed(props, names, row);
    } catch (IndexOutOfBoundsException truncated) {
      throw Reader.damaged("ends in the middle of a property");
    }
  }

  private static void decodeNamed(byte[] props, byte[][] names, TableRow.Builder row) {
    Reader in = new Reader(props);
    int left = names.length;
    for (int count = in.header(); count > 0 && left > 0; count--) {
      int nameLength = in.varint();
      int nameStart = in.position;
      in.position += nameLength;
      if (indexOf(names, props, nameStart, nameLength) >= 0) {
        in.valueInto(Names.of(props, nameStart, nameLength), row);
        left--;
      } else {
        in.skipValue();
      }
    }
  }

  /**
   * The value of the stored property whose name has the stored bytes {@code name}, or null if the row lacks it;
   * every other property is skipped without being decoded.
   */
  static Object find(byte[] props, byte[] name) {
    try {
      return findValue(props, name);
    } catch (IndexOutOfBoundsException truncated) {
      throw Reader.damaged("ends in the middle of a property");
    }
  }

  private static Object findValue(byte[] props, byte[] name) {
    Reader in = new Reader(props);
    for (int count = in.header(); count > 0; count--) {
      int nameLength = in.varint();
      int nameStart = in.position;
      in.position += nameLength;
      if (nameLength == name.length
          && Arrays.equals(props, nameStart, nameStart + nameLength, name, 0, nameLength)) {
        return in.value();
      }
      in.skipValue();
    }
    return null;
  }

  /**
   * Whether the row holds the property whose name has the stored bytes {@code name} as a String equal to
   * {@code literal} ({@code utf8} being its UTF-8 bytes): compared in place, without building the value.
   */
  static boolean stringEquals(byte[] props, byte[] name, String literal, byte[] utf8) {
    try {
      Reader in = new Reader(props);
      for (int count = in.header(); count > 0; count--) {
        int nameLength = in.varint();
        int nameStart = in.position;
        in.position += nameLength;
        if (nameLength == name.length
            && Arrays.equals(props, nameStart, nameStart + nameLength, name, 0, nameLength)) {
          byte tag = props[in.position];
          if (tag == STRING) {
            in.position++;
            int length = in.varint();
            return length == utf8.length && Arrays.equals(props, in.position, in.position + length, utf8, 0, length);
          }
          return tag == STRING_UTF16 && literal.equals(in.value());
        }
        in.skipValue();
      }
      return false;
    } catch (IndexOutOfBoundsException truncated) {
      throw Reader.damaged("ends in the middle of a property");
    }
  }

  /** The number of properties stored. */
  static int count(byte[] props) {
    return new Reader(props).header();
  }

  /**
   * Checks a row for {@link StoredProperties} and returns where its last property ends: every name, length, tag and
   * DateTime is checked here, so a damaged row fails when it is read, as {@link #decodeInto} fails, and the
   * positional reads of a checked row ({@link #nameLength}, {@link #nameStart}, {@link #valueEnd}, {@link #valueAt})
   * cannot. The first property starts at {@link #firstProperty}.
   */
  static int check(byte[] props) {
    try {
      Reader in = new Reader(props);
      int count = in.header();
      if (count > props.length) {
        throw Reader.damaged("ends in the middle of a property");
      }
      for (int i = 0; i < count; i++) {
        int nameLength = in.length();
        in.position += nameLength;
        in.checkValue();
      }
      return in.position;
    } catch (IndexOutOfBoundsException truncated) {
      throw Reader.damaged("ends in the middle of a property");
    }
  }

  /** Where the first property of a checked row starts: after the format byte and the count. */
  static int firstProperty(byte[] props) {
    return varintEnd(props, 1);
  }

  /** The length of the name of the property that starts at {@code property}, in a checked row. */
  static int nameLength(byte[] props, int property) {
    return varintAt(props, property);
  }

  /** Where the name of the property that starts at {@code property} starts, in a checked row. */
  static int nameStart(byte[] props, int property) {
    return varintEnd(props, property);
  }

  /**
   * The bytes a value of each type tag takes, its tag included, by tag; 0 for a value of a length that follows the tag
   * (String, Binary), and for 0, which is no tag.
   */
  private static final byte[] FIXED_SIZES = {0, 0, 0, 2, 13, 9, 17, 5, 9, 0};

  /**
   * Where the value whose type tag is at {@code position} ends (the next property starts), in a checked row: a fixed
   * size looked up by tag ({@link #FIXED_SIZES}), a length-prefixed value's read after its tag, without a switch.
   */
  static int valueEnd(byte[] props, int position) {
    int tag = props[position];
    if (tag < STRING || tag > STRING_UTF16) {
      throw Reader.damaged("holds the unknown type tag " + tag);
    }
    int size = FIXED_SIZES[tag];
    return size != 0 ? position + size : varintEnd(props, position + 1) + varintAt(props, position + 1);
  }

  /**
   * The value whose type tag is at {@code position}, in a checked row: read in place, without a reader, as
   * {@link Reader#value} reads it.
   */
  static Object valueAt(byte[] props, int position) {
    byte tag = props[position];
    switch (tag) {
      case STRING: {
        int start = varintEnd(props, position + 1);
        return new String(props, start, varintAt(props, position + 1), StandardCharsets.UTF_8);
      }
      case STRING_UTF16: {
        int start = varintEnd(props, position + 1);
        char[] chars = new char[varintAt(props, position + 1) / 2];
        for (int i = 0; i < chars.length; i++) {
          chars[i] = (char) (((props[start + 2 * i] & 0xFF) << 8) | (props[start + 2 * i + 1] & 0xFF));
        }
        return new String(chars);
      }
      case BINARY: {
        int start = varintEnd(props, position + 1);
        return Arrays.copyOfRange(props, start, start + varintAt(props, position + 1));
      }
      case BOOLEAN:
        return props[position + 1] != 0;
      case DATE_TIME:
        return Instant.ofEpochSecond(fixedAt(props, position + 1, 8), fixedAt(props, position + 9, 4));
      case DOUBLE:
        return Double.longBitsToDouble(fixedAt(props, position + 1, 8));
      case GUID:
        return new UUID(fixedAt(props, position + 1, 8), fixedAt(props, position + 9, 8));
      case INT32:
        return (int) fixedAt(props, position + 1, 4);
      case INT64:
        return fixedAt(props, position + 1, 8);
      default:
        throw Reader.damaged("holds the unknown type tag " + tag);
    }
  }

  /**
   * A big-endian number of {@code width} bytes, unsigned if shorter than 8 (as {@link Reader#fixed} reads it): plain
   * shifts, which the interpreter runs fast too, where a byte-array view VarHandle is slow until compiled.
   */
  private static long fixedAt(byte[] bytes, int position, int width) {
    long value = 0;
    for (int i = 0; i < width; i++) {
      value = (value << 8) | (bytes[position + i] & 0xFF);
    }
    return value;
  }

  /** A varint of a checked row (at most five bytes, as {@link #check} made sure). */
  private static int varintAt(byte[] bytes, int position) {
    int value = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = bytes[position++];
      value |= (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
  }

  /** Where the varint at {@code position} of a checked row ends. */
  private static int varintEnd(byte[] bytes, int position) {
    while (bytes[position] < 0) {
      position++;
    }
    return position + 1;
  }

  private static int indexOf(byte[][] names, byte[] props, int start, int length) {
    for (int i = 0; i < names.length; i++) {
      byte[] name = names[i];
      if (name.length == length && Arrays.equals(props, start, start + length, name, 0, length)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether UTF-8 carries the string exactly: no surrogate without its pair. */
  private static boolean isWellFormed(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static final class Writer {
    private byte[] buffer;
    private int position;

    Writer(int capacity) {
      buffer = new byte[capacity];
    }

    void put(byte b) {
      ensure(1);
      buffer[position++] = b;
    }

    void varint(int value) {
      ensure(5);
      while ((value & ~0x7F) != 0) {
        buffer[position++] = (byte) ((value & 0x7F) | 0x80);
        value >>>= 7;
      }
      buffer[position++] = (byte) value;
    }

    void bytes(byte[] bytes) {
      varint(bytes.length);
      ensure(bytes.length);
      System.arraycopy(bytes, 0, buffer, position, bytes.length);
      position += bytes.length;
    }

    void fixed(long value, int width) {
      ensure(width);
      for (int shift = 8 * (width - 1); shift >= 0; shift -= 8) {
        buffer[position++] = (byte) (value >>> shift);
      }
    }

    private void ensure(int more) {
      if (position + more > buffer.length) {
        buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + more));
      }
    }

    byte[] toArray() {
      return Arrays.copyOf(buffer, position);
    }
  }

  static final class Reader {
    private final byte[] bytes;
    private int position;

    Reader(byte[] bytes) {
      this.bytes = bytes;
    }

    /** Checks the format byte and returns the property count. */
    int header() {
      if (bytes.length < 2 || bytes[0] != FORMAT) {
        throw damaged("starts with format " + (bytes.length == 0 ? "nothing" : bytes[0]) + ", expected " + FORMAT);
      }
      position = 1;
      return varint();
    }

    int varint() {
      int value = 0;
      for (int shift = 0; shift < 35; shift += 7) {
        byte b = bytes[position++];
        value |= (b & 0x7F) << shift;
        if (b >= 0) {
          return value;
        }
      }
      throw damaged("holds a varint longer than five bytes");
    }

    /** A varint length of bytes that follow, checked to lie within the value. */
    int length() {
      int length = varint();
      if (length < 0 || length > bytes.length - position) {
        throw damaged("ends in the middle of a property");
      }
      return length;
    }

    /** Skips a value, checking what {@link #value} would fail on. */
    void checkValue() {
      byte tag = bytes[position];
      if (tag == DATE_TIME) {
        position++;
        checkInstant(fixed(8), fixed(4));
      } else {
        int size = tag >= STRING && tag <= STRING_UTF16 ? FIXED_SIZES[tag] : 0;
        if (size != 0) {
          position += size; // a number or a Boolean: its size by its tag, as valueEnd reads it
        } else {
          skipValue(); // a String's or Binary's length is checked by length(); an unknown tag fails there
        }
        if (position > bytes.length) {
          throw damaged("ends in the middle of a property");
        }
      }
    }

    static Instant instant(long seconds, long nanos) {
      checkInstant(seconds, nanos);
      return Instant.ofEpochSecond(seconds, nanos);
    }

    private static void checkInstant(long seconds, long nanos) {
      long whole = seconds + nanos / 1_000_000_000L; // nanos is 0 to 2^32 - 1: no overflow past the range check
      if (seconds < Instant.MIN.getEpochSecond() || seconds > Instant.MAX.getEpochSecond()
          || whole > Instant.MAX.getEpochSecond()) {
        throw damaged("holds a DateTime outside the range of Instant (epoch second " + seconds + ")");
      }
    }

    long fixed(int width) {
      long value = 0;
      for (int i = 0; i < width; i++) {
        value = (value << 8) | (bytes[position++] & 0xFF);
      }
      return value;
    }

    String name() {
      int length = varint();
      String name = Names.of(bytes, position, length);
      position += length;
      return name;
    }

    void valueInto(String name, TableRow.Builder row) {
      byte tag = bytes[position];
      switch (tag) {
        case STRING:
        case STRING_UTF16:
          row.putString(name, (String) value());
          return;
        case BINARY:
          row.putBinary(name, (byte[]) value());
          return;
        case BOOLEAN:
          row.putBoolean(name, (Boolean) value());
          return;
        case DATE_TIME:
          row.putDateTime(name, (Instant) value());
          return;
        case DOUBLE:
          row.putDouble(name, (Double) value());
          return;
        case GUID:
          row.putGuid(name, (UUID) value());
          return;
        case INT32:
          row.putInt32(name, (Integer) value());
          return;
        case INT64:
          row.putInt64(name, (Long) value());
          return;
        default:
          throw damaged("holds the unknown type tag " + tag);
      }
    }

    Object value() {
      byte tag = bytes[position++];
      switch (tag) {
        case STRING: {
          int length = length();
          String text = new String(bytes, position, length, StandardCharsets.UTF_8);
          position += length;
          return text;
        }
        case STRING_UTF16: {
          int length = length();
          char[] chars = new char[length / 2];
          for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) (((bytes[position] & 0xFF) << 8) | (bytes[position + 1] & 0xFF));
            position += 2;
          }
          return new String(chars);
        }
        case BINARY: {
          int length = length();
          byte[] value = Arrays.copyOfRange(bytes, position, position + length);
          position += length;
          return value;
        }
        case BOOLEAN:
          return bytes[position++] != 0;
        case DATE_TIME:
          return instant(fixed(8), fixed(4));
        case DOUBLE:
          return Double.longBitsToDouble(fixed(8));
        case GUID:
          return new UUID(fixed(8), fixed(8));
        case INT32:
          return (int) fixed(4);
        case INT64:
          return fixed(8);
        default:
          throw damaged("holds the unknown type tag " + tag);
      }
    }

    void skipValue() {
      byte tag = bytes[position++];
      switch (tag) {
        case STRING:
        case STRING_UTF16:
        case BINARY:
          int length = length();
          position += length;
          return;
        case BOOLEAN:
          position += 1;
          return;
        case DATE_TIME:
          position += 12;
          return;
        case DOUBLE:
        case INT64:
          position += 8;
          return;
        case GUID:
          position += 16;
          return;
        case INT32:
          position += 4;
          return;
        default:
          throw damaged("holds the unknown type tag " + tag);
      }
    }

    static StoreUnavailableException damaged(String what) {
      return new StoreUnavailableException("a stored row's properties are damaged: the value " + what
          + "; the H2 file was changed by something else than this backend, restore it from a backup");
    }
  }

  /**
   * The property names decoded so far, so that reading a row does not build its names again: a small table shared by
   * all threads, indexed by a hash of the name's bytes, whose entries are whole immutable Strings (a race only
   * replaces one name with another, or with itself). A name found is the same String every time, its hash code
   * computed once, which the row's map then uses.
   */
  static final class Names {
    private static final int SIZE = 1024;
    private static final String[] CACHE = new String[SIZE];

    private Names() {}

    static String of(byte[] bytes, int start, int length) {
      int hash = 1;
      boolean ascii = true;
      for (int i = start; i < start + length; i++) {
        byte b = bytes[i];
        hash = 31 * hash + b;
        ascii &= b >= 0;
      }
      if (!ascii || length > 64) {
        return new String(bytes, start, length, StandardCharsets.UTF_8);
      }
      int slot = (hash ^ (hash >>> 16)) & (SIZE - 1);
      String cached = CACHE[slot];
      if (cached != null && matches(cached, bytes, start, length)) {
        return cached;
      }
      String name = new String(bytes, start, length, StandardCharsets.ISO_8859_1);
      CACHE[slot] = name;
      return name;
    }

    private static boolean matches(String name, byte[] bytes, int start, int length) {
      if (name.length() != length) {
        return false;
      }
      for (int i = 0; i < length; i++) {
        if (name.charAt(i) != bytes[start + i]) {
          return false;
        }
      }
      return true;
    }
  }
}
