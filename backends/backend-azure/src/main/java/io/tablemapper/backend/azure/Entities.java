package io.tablemapper.backend.azure;

import com.azure.data.tables.models.TableEntity;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.TableRow;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Converts rows to the SDK's {@link TableEntity} and back, typing every property exactly as the service types it.
 *
 * <p>The SDK infers Edm types from Java classes only for some of them, so every value goes out in the form the
 * service's JSON format prescribes, with an explicit {@code name@odata.type} annotation wherever JSON alone would be
 * ambiguous: Int64 as a string, DateTime in 100 ns ticks, Guid, Binary in base64, and Double always annotated (an
 * integral Double such as {@code 5.0} would otherwise read back as Int32, and NaN and the infinities travel as the
 * strings {@code NaN}, {@code Infinity} and {@code -Infinity}). Int32, Boolean and String are JSON's own types.
 */
final class Entities {
  private static final String TYPE_SUFFIX = "@odata.type";
  private static final String ETAG_KEY = "odata.etag";
  private static final DateTimeFormatter TICKS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final String ETAG_PREFIX = "W/\"datetime'";
  private static final String ETAG_SUFFIX = "'\"";

  private Entities() {}

  /** The entity to send for a row; {@code etag}, if not null, is the If-Match condition the SDK sends. */
  static TableEntity toEntity(TableRow row, String etag) {
    Map<String, Object> properties = new HashMap<>(row.properties().size() * 3);
    for (Map.Entry<String, Object> property : row.properties().entrySet()) {
      put(properties, property.getKey(), property.getValue());
    }
    if (etag != null) {
      properties.put(ETAG_KEY, etag);
    }
    return new TableEntity(row.partitionKey(), row.rowKey()).setProperties(properties);
  }

  private static void put(Map<String, Object> properties, String name, Object value) {
    EdmType type = EdmType.of(value);
    switch (type) {
      case STRING:
      case BOOLEAN:
      case INT32:
        properties.put(name, value);
        return;
      case INT64:
        properties.put(name, value.toString());
        break;
      case DOUBLE:
        properties.put(name, doubleValue((Double) value));
        break;
      case DATE_TIME:
        properties.put(name, formatDateTime((Instant) value));
        break;
      case GUID:
        properties.put(name, value.toString());
        break;
      case BINARY:
        properties.put(name, Base64.getEncoder().encodeToString((byte[]) value));
        break;
      default:
        throw new AssertionError(type);
    }
    properties.put(name + TYPE_SUFFIX, type.odataName());
  }

  private static Object doubleValue(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "Infinity" : "-Infinity";
    }
    return value;
  }

  /** A DateTime as the service writes it: UTC, seven fractional digits. */
  static String formatDateTime(Instant value) {
    return TICKS.format(value);
  }

  /** The row an entity read from the service holds. */
  static TableRow toRow(TableEntity entity) {
    Map<String, Object> properties = entity.getProperties();
    TableRow.Builder row = TableRow.builder(entity.getPartitionKey(), entity.getRowKey(), properties.size());
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      String name = property.getKey();
      if (isSystem(name) || property.getValue() == null) {
        continue;
      }
      row.put(name, fromService(entity, name, property.getValue()));
    }
    OffsetDateTime timestamp = entity.getTimestamp();
    return row.etag(entity.getETag()).timestamp(timestamp == null ? null : timestamp.toInstant()).build();
  }

  /** Keys, Timestamp and the OData annotations the SDK leaves among the properties. */
  private static boolean isSystem(String name) {
    return name.equals("PartitionKey") || name.equals("RowKey") || name.equals("Timestamp")
        || name.indexOf('.') >= 0 || name.indexOf('@') >= 0;
  }

  private static Object fromService(TableEntity entity, String name, Object value) {
    if (value instanceof String || value instanceof Integer || value instanceof Long || value instanceof Double
        || value instanceof Boolean || value instanceof UUID || value instanceof byte[]) {
      return value;
    }
    if (value instanceof OffsetDateTime) {
      return ((OffsetDateTime) value).toInstant();
    }
    if (value instanceof LocalDateTime) {
      return ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
    }
    throw new TableMapperException(
        "property '" + name + "' of the entity (PartitionKey '" + entity.getPartitionKey() + "', RowKey '"
            + entity.getRowKey() + "') came back from the service as " + value.getClass().getName() + " (" + value
            + "), which is none of the store's types");
  }

  /**
   * An ETag from a response header as the service issued it, the form reads return and If-Match expects: the SDK
   * strips a quote at either end of the header's value, which cuts the closing quote off a weak ETag
   * ({@code W/"datetime'...'"}).
   */
  static String headerEtag(String value) {
    if (value != null && value.startsWith("W/\"") && !value.endsWith("\"")) {
      return value + "\"";
    }
    return value;
  }

  /**
   * The Timestamp an ETag names: the service's ETags are {@code W/"datetime'<Timestamp, URL-encoded>'"}, the
   * Timestamp the write gave the entity. Null if the ETag has another form.
   */
  static Instant timestampOf(String etag) {
    if (etag == null || !etag.startsWith(ETAG_PREFIX) || !etag.endsWith(ETAG_SUFFIX)
        || etag.length() < ETAG_PREFIX.length() + ETAG_SUFFIX.length()) {
      return null;
    }
    String encoded = etag.substring(ETAG_PREFIX.length(), etag.length() - ETAG_SUFFIX.length());
    try {
      return Instant.parse(URLDecoder.decode(encoded, StandardCharsets.UTF_8));
    } catch (DateTimeParseException | IllegalArgumentException notATime) {
      return null;
    }
  }
}
