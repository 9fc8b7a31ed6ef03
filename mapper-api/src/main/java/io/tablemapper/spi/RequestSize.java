package io.tablemapper.spi;

import java.util.List;
import java.util.Map;

/**
 * The most bytes a write can take on the wire to the Table service, whatever a backend stores: the UTF-8 JSON of an
 * entity and the {@code multipart/mixed} body of an entity group transaction, as the service's protocol and the
 * Azure SDK ({@code azure-data-tables}) write them. {@link BatchRules} refuses a batch whose body could exceed the
 * service's 4 MiB, on every backend, so that a batch a local backend takes is one the service takes too.
 *
 * <p>The store's size estimate ({@link StoreLimits#entitySize}) counts a string at 2 bytes a character; the body
 * carries it in UTF-8 as JSON, at 1 to 6 bytes a character: 1 for ASCII, 2 for {@code "}, {@code \} and U+0080 to
 * U+07FF, 3 for the rest of the Basic Multilingual Plane, and 6 for what is sent as a {@code \}{@code uXXXX} escape
 * (control characters, U+2028 and U+2029, and each half of a surrogate pair, which the SDK escapes). So 47 entities
 * of two strings of 21,845 CJK characters are 4.1 MB in the estimate, within the limit, but a 6.2 MB request.
 *
 * <p>A batch body is, per operation, a changeset part with its headers, the request line with the table's URL and
 * the keys percent-encoded (up to 9 bytes a character), the {@code If-Match} header, and the entity's JSON: the
 * keys, each property as {@code "name":value}, an {@code "name@odata.type":"Edm.…"} annotation for Int64, Double,
 * DateTime, Guid and Binary, and the {@code odata.etag} of a conditional write. Each part of it is counted at its
 * largest: a value at its longest form (Binary as base64), every character at its longest escape, the account's
 * endpoint at {@value #ENDPOINT_ALLOWANCE} bytes and the fixed headers at {@value #OPERATION_HEADERS} bytes an
 * operation. The bound is thus at least the real body (a test against the SDK's own requests keeps it so), and
 * above it by a few hundred bytes an operation.
 *
 * <p>A single entity within the store's limits always makes a request of less than 4 MiB (a character costs at most
 * 3 times its 2 bytes of the estimate, and the estimate is at most 1 MiB), so only batches need this check.
 */
public final class RequestSize {
  /** Bytes allowed for the service endpoint in each request line of a batch (scheme, host, port, account path). */
  public static final int ENDPOINT_ALLOWANCE = 256;
  /**
   * Bytes allowed for what every operation of a batch carries besides its URL, ETag and JSON: the changeset
   * boundary and part headers, the method and protocol of the request line, and the request's fixed headers
   * (about 330 bytes in azure-data-tables 12.5).
   */
  public static final int OPERATION_HEADERS = 512;
  /** Bytes allowed for the batch's own boundaries and headers around its operations (about 200 bytes). */
  public static final int BATCH_ENVELOPE = 512;

  private RequestSize() {}

  /** The most bytes the body of a batch of these operations on {@code table} takes. */
  public static long batch(String table, List<WriteOperation> operations) {
    long size = BATCH_ENVELOPE;
    for (WriteOperation operation : operations) {
      size += operation(table, operation);
    }
    return size;
  }

  /** The most bytes one operation takes in the body of a batch on {@code table}: headers, URL and JSON. */
  public static long operation(String table, WriteOperation operation) {
    TableRow row = operation.row();
    long size = OPERATION_HEADERS + ENDPOINT_ALLOWANCE + utf8(table)
        + "/(PartitionKey='',RowKey='')".length() + urlKey(row.partitionKey()) + urlKey(row.rowKey());
    String ifMatch = operation.conditional() ? operation.ifMatch() : null;
    if (ifMatch != null) {
      size += "If-Match: \r\n".length() + utf8(ifMatch);
    }
    if (operation.kind() != WriteOperation.Kind.DELETE) {
      size += entity(row, ifMatch);
    }
    return size;
  }

  /**
   * The most bytes the JSON of an entity takes in UTF-8, with its keys, the annotations of its typed properties and,
   * when {@code etag} is not null, its {@code odata.etag}.
   */
  public static long entity(TableRow row, String etag) {
    long size = "{}".length()
        + "\"PartitionKey\":,".length() + jsonString(row.partitionKey())
        + "\"RowKey\":,".length() + jsonString(row.rowKey());
    if (etag != null) {
      size += "\"odata.etag\":,".length() + jsonString(etag);
    }
    for (Map.Entry<String, Object> property : row.properties().entrySet()) {
      long name = jsonString(property.getKey());
      Object value = property.getValue();
      EdmType type = EdmType.of(value);
      size += name + ":,".length() + valueSize(type, value);
      if (type != EdmType.STRING && type != EdmType.BOOLEAN && type != EdmType.INT32) {
        // "name@odata.type":"Edm.DateTime", (the longest type name)
        size += name + "@odata.type:\"Edm.DateTime\",".length();
      }
    }
    return size;
  }

  private static long valueSize(EdmType type, Object value) {
    switch (type) {
      case STRING:
        return jsonString((String) value);
      case BINARY:
        // base64 in quotes
        return 2 + 4L * ((((byte[]) value).length + 2) / 3);
      case BOOLEAN:
        return "false".length();
      case INT32:
        return "-2147483648".length();
      case INT64:
        return "\"-9223372036854775808\"".length();
      case DOUBLE:
        // the longest of Double.toString (-2.2250738585072014E-308) and "-Infinity", with room to spare
        return 26;
      case DATE_TIME:
        return "\"9999-12-31T23:59:59.9999999Z\"".length();
      case GUID:
        return "\"00000000-0000-0000-0000-000000000000\"".length();
      default:
        throw new AssertionError(type);
    }
  }

  /** The most bytes a string takes as a JSON string literal in UTF-8, quotes included. */
  static long jsonString(String text) {
    long size = 2;
    for (int i = 0; i < text.length(); i++) {
      size += jsonChar(text.charAt(i));
    }
    return size;
  }

  /** The most bytes one UTF-16 code unit takes in a JSON string in UTF-8. */
  private static int jsonChar(char c) {
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029' || Character.isSurrogate(c)) {
      return 6; // \u0001, and a surrogate escaped on its own (a pair is 4 bytes in UTF-8, 12 escaped)
    }
    if (c == '"' || c == '\\') {
      return 2;
    }
    return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  }

  /** The most bytes a key takes in a request URL: quotes doubled, then percent-encoded UTF-8. */
  private static long urlKey(String key) {
    long size = 0;
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      size += c == '\'' ? 6 : c < 0x80 ? 3 : c < 0x800 || Character.isSurrogate(c) ? 6 : 9;
    }
    return size;
  }

  private static long utf8(String text) {
    long size = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      size += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
    }
    return size;
  }
}
