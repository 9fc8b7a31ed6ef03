package io.tablemapper.runtime.rows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.BatchException.Reason;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.EdmType;
import io.tablemapper.spi.PropertyValues;
import io.tablemapper.spi.TableRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.values.JsonMappingContext;

/**
 * The rows of durable pending work, and the one place that knows their format.
 *
 * <p><b>Work record</b>: one row in the partition of the first write of an {@link io.tablemapper.api.EventualBatch},
 * inserted in that write's entity group transaction (so it exists exactly when the first write was applied):
 * RowKey {@value #WORK_ROW_PREFIX}{@code <id>}, the mapper's discriminator {@value #WORK_TYPE} (a type that contains
 * the index separator, as index copies' do, and that no entity class can declare: every read path of the mapper skips
 * it as it skips copies), {@value #STATE} ({@code PENDING}, {@code FAILED} or {@code CANCELLED}), {@value #NEXT} (the
 * position in the record of the next write to apply), the writes still to do as JSON in {@value #STEPS}{@code 0},
 * {@code 1}, ... (cut into strings the store takes), {@value #HOLDER} (the id of the run that took it last, or
 * {@link #NO_HOLDER}), and, once failed, {@value #FAILURE} (the message).
 *
 * <p>A recorded write holds its entity's row as the store holds it ({@link PendingStep#row}): its {@code @Encrypted}
 * values are ciphertext, bound to the entity's own table and keys, exactly as its repository write would store them,
 * and a delete's row holds none of them. So a record — pending, left by a crash, or kept {@code FAILED} — never holds
 * a plaintext of an encrypted property, and completing such a write takes a key that decrypts it. A step whose row
 * holds encrypted values holds its properties under {@value #STORED_PROPERTIES} in its JSON
 * ({@link PendingStep#stored}); any other under {@value #PROPERTIES}, the form an earlier version of tablemapper wrote
 * every step in — so a write there with encrypted values was recorded by such a version, with its row as
 * {@code toRow} made it (plaintext), and is read and completed as such. An earlier version, which reads only the
 * latter, refuses a record with encrypted values as unreadable instead of taking its ciphertext for plaintext, and
 * completes the others as before.
 *
 * <p><b>Registry entry</b>: one row per work record in table {@value #REGISTRY_TABLE}, RowKey {@code <id>}, in the
 * shard of partitions its id names ({@link #registryPartition}: {@code work-00} to {@code work-99}), written
 * <em>before</em> the transaction that records the work and holding where the record is ({@value #TABLE},
 * {@value #PARTITION}) and its {@value #STATE}. Completers read the registry's partitions, one range query over
 * {@value #REGISTRY_PARTITION}{@code *}, instead of scanning tables. An entry whose record is missing is harmless:
 * its writer is still between the two, or died there, or the work is done and only the entry was left; once older
 * than the grace period, a completer retires it by inserting a {@code CANCELLED} record under its id (so that a late
 * transaction under that id fails, and its writer retries under a new id) and deleting the entry.
 *
 * <p>Work ids are {@code <2-digit shard>-<random UUID>-<13-digit epoch millis>} ({@link #newWorkId}): unique, and
 * naming the partition of their entry, so that every request on an entry needs only its id. The shard is a hash of
 * the id's random part, taken modulo the writer's {@code pendingShards}: the registry's requests — an insert and a
 * delete for every write that leaves work — spread evenly over that many partitions, whatever partitions the data
 * has, and a RowKey leads with neither time nor a sequence. A mapper that uses more shards, or fewer, shares the
 * registry with the others: each id names its own partition, and completers read them all. Ids of the earlier format,
 * {@code <13-digit epoch millis>-<random UUID>}, have their entries in partition {@value #REGISTRY_PARTITION} itself,
 * found and completed by the same range query.
 */
public final class PendingRows {
  /** The table of the registry of pending work: {@value}. */
  public static final String REGISTRY_TABLE = "TableMapperPending";
  /**
   * What the PartitionKey of every registry entry starts with, and the partition of the entries of work ids of the
   * earlier format: {@value}.
   */
  public static final String REGISTRY_PARTITION = "work";
  /** The discriminator value of a work record: {@value}. */
  static final String WORK_TYPE = "#pending";
  /** The discriminator value of a registry entry: {@value}. */
  public static final String REGISTRY_TYPE = "#registry";
  /** The RowKey prefix of work records: {@value}. */
  public static final String WORK_ROW_PREFIX = "~tm-pending-";
  public static final String STATE = "TmState";
  public static final String NEXT = "TmNext";
  public static final String STEPS = "TmSteps";
  public static final String FAILURE = "TmFailure";
  /**
   * On a work record, the id of the run that took it last: while the record's Timestamp is younger than the grace
   * period, only that run writes what its rounds compute, and deletes the record.
   */
  public static final String HOLDER = "TmHolder";
  /**
   * The {@value #HOLDER} of a record no run holds: as long as a run's id (a UUID's 36 characters), so that a take,
   * which writes its id there, never makes the record larger than its transaction wrote it.
   */
  public static final String NO_HOLDER = "-".repeat(36);
  public static final String TABLE = "TmTable";
  public static final String PARTITION = "TmPartition";
  /**
   * Where a step's JSON holds the properties of a row as the store holds it ({@link PendingStep#stored}:
   * {@code @Encrypted} values encrypted): {@value}. An earlier version of tablemapper reads only {@value #PROPERTIES},
   * so it refuses such a record as one of another version (and leaves the work pending) rather than take a ciphertext
   * for a plaintext.
   */
  private static final String STORED_PROPERTIES = "storedProperties";
  /** Where a step's JSON holds the properties of a row as {@code toRow} made it: {@value}. */
  private static final String PROPERTIES = "properties";
  /** The kind of a reconciliation step in the JSON: {@value}. */
  private static final String RECONCILE = "RECONCILE";
  /** The most characters of one string property of the record (the store takes 64 KiB of UTF-16). */
  public static final int CHUNK = 30_000;
  /** The most JSON a work record holds: {@value} characters (the store takes 1 MiB per entity). */
  static final int MAX_JSON = 25 * CHUNK;

  /** What a record or entry says of its work. */
  public enum State {
    /** Writes remain to be applied. */
    PENDING,
    /** A write failed for good; the record is kept, with the message, and not retried. */
    FAILED,
    /** A marker under the id of an entry retired without its record: no work may be recorded under that id. */
    CANCELLED
  }

  private PendingRows() {}

  /** A new unique id, {@code <13-digit epoch millis>-<random UUID>}: the write id of a wide entity's rows. */
  public static String newId() {
    UUID random = new UUID(ThreadLocalRandom.current().nextLong(), ThreadLocalRandom.current().nextLong());
    return String.format("%013d-%s", System.currentTimeMillis(), random);
  }

  /**
   * A new work id, whose registry entry is in one of {@code shards} partitions, chosen by a hash of its random part.
   *
   * @param shards 1 to {@value io.tablemapper.runtime.config.MapperSettings.Pending#MAX_SHARDS}
   */
  public static String newWorkId(int shards) {
    UUID random = new UUID(ThreadLocalRandom.current().nextLong(), ThreadLocalRandom.current().nextLong());
    return String.format("%02d-%s-%013d", Math.floorMod(random.hashCode(), shards), random,
        System.currentTimeMillis());
  }

  /**
   * The partition of the registry entry of a work id: {@code work-<shard>} for an id of {@link #newWorkId}, and
   * {@value #REGISTRY_PARTITION} for one of the earlier format (or any other: a registry row's id is whatever its
   * RowKey is).
   */
  public static String registryPartition(String id) {
    if (id.length() > 3 && id.charAt(2) == '-' && isDigit(id.charAt(0)) && isDigit(id.charAt(1))) {
      return shardPartition((id.charAt(0) - '0') * 10 + id.charAt(1) - '0');
    }
    return REGISTRY_PARTITION;
  }

  /** The partition of a shard of the registry: {@code work-07}, say. */
  public static String shardPartition(int shard) {
    return String.format("%s-%02d", REGISTRY_PARTITION, shard);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** The RowKey of the work record of {@code id}. */
  public static String workRowKey(String id) {
    return WORK_ROW_PREFIX + id;
  }

  /** Whether a discriminator value marks a row of pending work, which no read of the mapper returns. */
  public static boolean isWorkType(String type) {
    return WORK_TYPE.equals(type) || REGISTRY_TYPE.equals(type);
  }

  /**
   * The registry entry of a work record in {@code table}, partition {@code partitionKey}; with the reconciliations a
   * completer runs when it retires the entry without its record (to clean the values claimed for the write), if any.
   */
  public static TableRow registryEntry(Discriminator discriminator, String id, String table, String partitionKey,
      List<PendingStep> onRetire) {
    TableRow.Builder entry = TableRow.builder(registryPartition(id), id)
        .putString(discriminator.name(), REGISTRY_TYPE)
        .putString(TABLE, table)
        .putString(PARTITION, partitionKey)
        .putString(STATE, State.PENDING.name())
        .putString(HOLDER, NO_HOLDER);
    putSteps(entry, onRetire);
    return entry.build();
  }

  /** The steps as JSON in {@value #STEPS}{@code 0}, {@code 1}, ... */
  private static void putSteps(TableRow.Builder row, List<PendingStep> steps) {
    if (steps.isEmpty()) {
      return;
    }
    String json = toJson(steps);
    if (json.length() > MAX_JSON) {
      throw new BatchException(Reason.TOO_LARGE, -1, "the pending work of " + steps.size() + " steps is too large"
          + " to record: it takes " + json.length() + " characters, and a work record holds at most " + MAX_JSON
          + "; commit fewer or smaller writes at a time");
    }
    for (int chunk = 0; chunk * CHUNK < json.length(); chunk++) {
      row.putString(STEPS + chunk, json.substring(chunk * CHUNK, Math.min(json.length(), (chunk + 1) * CHUNK)));
    }
  }

  /**
   * The work record of {@code steps}, in {@code partitionKey}.
   *
   * @throws BatchException if the writes are too large for one record
   */
  public static TableRow workRecord(Discriminator discriminator, String id, String partitionKey,
      List<PendingStep> steps) {
    TableRow.Builder row = TableRow.builder(partitionKey, workRowKey(id))
        .putString(discriminator.name(), WORK_TYPE)
        .putString(STATE, State.PENDING.name())
        .putInt32(NEXT, 0)
        .putString(HOLDER, NO_HOLDER);
    putSteps(row, steps);
    return row.build();
  }

  /** The marker that retires {@code id}: no transaction can record work under it any more. */
  public static TableRow cancelled(Discriminator discriminator, String id, String partitionKey) {
    return TableRow.builder(partitionKey, workRowKey(id))
        .putString(discriminator.name(), WORK_TYPE)
        .putString(STATE, State.CANCELLED.name())
        .build();
  }

  /** The id of the run that holds a record or entry ({@value #HOLDER}); null when none does. */
  public static String holder(TableRow row) {
    return row.get(HOLDER) instanceof String named && !named.isEmpty() && !named.equals(NO_HOLDER) ? named : null;
  }

  /** The state a record or entry holds; PENDING when it holds none this version knows. */
  public static State state(TableRow row) {
    Object state = row.get(STATE);
    for (State each : State.values()) {
      if (each.name().equals(state)) {
        return each;
      }
    }
    return State.PENDING;
  }

  /** The position, in a record's steps, of the next write to apply. */
  public static int next(TableRow record) {
    Object next = record.get(NEXT);
    return next instanceof Integer ? (Integer) next : 0;
  }

  /**
   * The writes a record holds.
   *
   * @throws TableMapperException if the record is not one this version can read
   */
  public static List<PendingStep> steps(TableRow record) {
    StringBuilder json = new StringBuilder();
    for (int chunk = 0; record.get(STEPS + chunk) instanceof String; chunk++) {
      json.append((String) record.get(STEPS + chunk));
    }
    if (json.length() == 0) {
      return List.of();
    }
    try {
      return fromJson(json.toString());
    } catch (JsonProcessingException | RuntimeException e) {
      throw new TableMapperException("the pending work record " + record.describeKeys() + " cannot be read: " + e
          + "; it was written by another version of tablemapper, or changed by another application", e);
    }
  }

  private static String toJson(List<PendingStep> steps) {
    ArrayNode array = JsonMappingContext.json().createArrayNode();
    for (PendingStep step : steps) {
      ObjectNode node = array.addObject();
      node.put("position", step.position());
      node.put("kind", step.reconciles() ? RECONCILE : step.kind().name());
      node.put("class", step.entityClass());
      node.put("table", step.table());
      node.put("partitionKey", step.row().partitionKey());
      node.put("rowKey", step.row().rowKey());
      if (step.etag() != null) {
        node.put("etag", step.etag());
      }
      if (step.reconciles()) {
        node.put("index", step.index());
        ArrayNode previous = node.putArray("previous");
        for (PendingStep.Address address : step.previous()) {
          previous.addArray().add(address.table()).add(address.partitionKey()).add(address.rowKey());
        }
        if (step.written() != null) {
          ArrayNode written = node.putArray("written");
          for (PendingStep.Address address : step.written()) {
            written.addArray().add(address.table()).add(address.partitionKey()).add(address.rowKey());
          }
        }
      }
      // a row without encrypted values is the same in both forms: in the one every version reads
      ArrayNode properties = node.putArray(step.stored() ? STORED_PROPERTIES : PROPERTIES);
      for (Map.Entry<String, Object> property : step.row().properties().entrySet()) {
        EdmType type = EdmType.of(property.getValue());
        properties.addArray().add(property.getKey()).add(type.name()).add(encode(type, property.getValue()));
      }
    }
    try {
      return JsonMappingContext.json().writeValueAsString(array);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("pending work cannot be written as JSON", e);
    }
  }

  private static List<PendingStep> fromJson(String json) throws JsonProcessingException {
    List<PendingStep> steps = new ArrayList<>();
    for (JsonNode node : JsonMappingContext.json().readTree(json)) {
      TableRow.Builder row = TableRow.builder(node.get("partitionKey").asText(), node.get("rowKey").asText());
      // a row with encrypted values is under storedProperties; one under properties holds none, or was recorded by an
      // earlier version as toRow made it (plaintext)
      boolean stored = node.has(STORED_PROPERTIES);
      for (JsonNode property : node.get(stored ? STORED_PROPERTIES : PROPERTIES)) {
        EdmType type = EdmType.valueOf(property.get(1).asText());
        row.put(property.get(0).asText(), decode(type, property.get(2).asText()));
      }
      JsonNode etag = node.get("etag");
      String kind = node.get("kind").asText();
      List<PendingStep.Address> previous = addresses(node.get("previous"));
      // absent from a step an earlier version recorded: unknown, so it writes whichever copy the entity implies
      List<PendingStep.Address> written = node.has("written") ? addresses(node.get("written")) : null;
      steps.add(new PendingStep(node.get("position").asInt(), kind.equals(RECONCILE) ? null : WriteKind.valueOf(kind),
          node.get("class").asText(), node.get("table").asText(), row.build(), stored,
          etag == null ? null : etag.asText(),
          node.has("index") ? node.get("index").asText() : null, previous, written));
    }
    return steps;
  }

  /** The addresses a JSON array of [table, PartitionKey, RowKey] arrays holds; none for a missing one. */
  private static List<PendingStep.Address> addresses(JsonNode array) {
    List<PendingStep.Address> addresses = new ArrayList<>();
    if (array != null) {
      for (JsonNode address : array) {
        addresses.add(new PendingStep.Address(address.get(0).asText(), address.get(1).asText(),
            address.get(2).asText()));
      }
    }
    return addresses;
  }

  private static String encode(EdmType type, Object value) {
    switch (type) {
      case BINARY:
        return Base64.getEncoder().encodeToString((byte[]) value);
      default:
        return value.toString();
    }
  }

  private static Object decode(EdmType type, String text) {
    switch (type) {
      case STRING:
        return text;
      case BINARY:
        return Base64.getDecoder().decode(text);
      case BOOLEAN:
        return Boolean.valueOf(text);
      case DATE_TIME:
        return Instant.parse(text);
      case DOUBLE:
        return Double.valueOf(text);
      case GUID:
        return UUID.fromString(text);
      case INT32:
        return Integer.valueOf(text);
      default:
        return Long.valueOf(text);
    }
  }

  /** Whether {@code stored} holds every property of {@code written} with the same value (and type). */
  public static boolean holds(TableRow stored, TableRow written) {
    for (Map.Entry<String, Object> property : written.properties().entrySet()) {
      if (!PropertyValues.equal(property.getValue(), stored.get(property.getKey()))) {
        return false;
      }
    }
    return true;
  }
}
