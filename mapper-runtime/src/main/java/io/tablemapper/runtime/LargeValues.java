package io.tablemapper.runtime;

import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.LargeValueNotFoundException;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The values of {@code @Large} properties, stored out of their rows in the backend's {@link OutOfRowValues}: the
 * one place that knows their references, names, write order and clean-up.
 *
 * <p>A row holds, in place of each large value, a String reference {@code tmlarge:1:<S|B>:<name>} (S for a String
 * value, B for a Binary one). A value's name is {@code <PartitionKey>/<RowKey>/<uuid>}, each key in unpadded
 * base64url of its UTF-8, so that a sweep finds the row that should reference it; every write names its values
 * afresh, so a value is never overwritten. Order, so that no row ever references a missing value:
 *
 * <ol>
 *   <li>the new values are put ({@link #put}), before anything else of the write;
 *   <li>the entity group transaction writes the row that references them ({@link EgtWriter});
 *   <li>the values the stored row referenced and the new one does not are deleted ({@link #replaced}); a refused
 *       transaction deletes the values it put instead, one whose outcome is unknown leaves them.
 * </ol>
 *
 * A crash between the steps leaves only values that no row references: {@link #sweep} deletes those older than the
 * grace period. A writer whose transaction would be sent later than half the grace period after its values were put
 * gives up instead ({@link #checkInTime}), so a sweep never deletes a value whose row is still on its way.
 */
final class LargeValues {
  private static final Log LOG = new Log(LargeValues.class);
  /** How a reference starts; the version of the format follows. */
  static final String PREFIX = "tmlarge:1:";
  private static final Base64.Encoder NAME_ENCODER = Base64.getUrlEncoder().withoutPadding();
  /** How often a read that finds a value gone reads its row again (the row was replaced meanwhile). */
  private static final int READ_ATTEMPTS = 3;

  private final TableBackend backend;
  private final long maxValueSize;
  private final Duration grace;
  private final Supplier<Executor> pool;
  /** The tables this mapper stored or read large values of: those its background sweeps. */
  private final Set<String> tables = ConcurrentHashMap.newKeySet();

  /**
   * @param pool the mapper's read pool (null when reads run one after another), on which the values of one entity
   *     are fetched in parallel
   */
  LargeValues(TableBackend backend, long maxValueSize, Duration grace, Supplier<Executor> pool) {
    this.backend = backend;
    this.maxValueSize = maxValueSize;
    this.grace = grace;
    this.pool = pool;
  }

  /** One value of a write, to be put before its row. */
  record Value(String property, String name, byte[] bytes) {}

  /** A row with its large values replaced by references, and the values. */
  record Detached(TableRow row, List<Value> values) {}

  /**
   * The row with each large value replaced by a reference under a fresh name, and the values to put. Pure: nothing
   * is sent.
   *
   * @throws InvalidEntityException if the keys are too long to name a value by
   */
  static Detached detach(EntityMapping<?> mapping, TableRow row) {
    List<String> large = mapping.largeProperties();
    if (large.isEmpty()) {
      return new Detached(row, List.of());
    }
    TableRow.Builder detached = null;
    List<Value> values = new ArrayList<>(large.size());
    for (String property : large) {
      Object value = row.get(property);
      if (value == null) {
        continue;
      }
      char kind;
      byte[] bytes;
      if (value instanceof byte[]) {
        kind = 'B';
        bytes = (byte[]) value;
      } else if (value instanceof String) {
        kind = 'S';
        bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
      } else {
        throw new IllegalStateException("@Large property '" + property + "' of " + mapping.entityClass().getName()
            + " holds a " + value.getClass().getSimpleName() + ", neither a String nor a Binary");
      }
      String name = name(mapping, row.partitionKey(), row.rowKey());
      values.add(new Value(property, name, bytes));
      if (detached == null) {
        detached = row.toBuilder();
      }
      detached.putString(property, PREFIX + kind + ':' + name);
    }
    return new Detached(detached == null ? row : detached.build(), List.copyOf(values));
  }

  /** A fresh name for a value of the entity with these keys. */
  private static String name(EntityMapping<?> mapping, String partitionKey, String rowKey) {
    String name = encode(partitionKey) + '/' + encode(rowKey) + '/' + UUID.randomUUID();
    if (name.length() > OutOfRowValues.MAX_NAME_LENGTH) {
      throw new InvalidEntityException(mapping.entityClass().getSimpleName() + " "
          + TableRow.keys(partitionKey, rowKey).describeKeys() + " cannot store its @Large properties "
          + mapping.largeProperties() + ": the name of a large value holds both keys (base64url of their UTF-8) and"
          + " would be " + name.length() + " characters long, more than the " + OutOfRowValues.MAX_NAME_LENGTH
          + " a value name may have; shorten the keys (together at most about 630 bytes of UTF-8)");
    }
    return name;
  }

  private static String encode(String key) {
    return NAME_ENCODER.encodeToString(key.getBytes(StandardCharsets.UTF_8));
  }

  /** The keys of the row that should reference a value of this name, or null when it is no name of this format. */
  static TableRow owner(String name) {
    String[] parts = name.split("/", -1);
    if (parts.length != 3) {
      return null;
    }
    try {
      Base64.Decoder decoder = Base64.getUrlDecoder();
      return TableRow.keys(new String(decoder.decode(parts[0]), StandardCharsets.UTF_8),
          new String(decoder.decode(parts[1]), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException notOurs) {
      return null;
    }
  }

  /** The name a stored value references, or null when it is no reference. */
  static String referenced(Object stored) {
    if (stored instanceof String && ((String) stored).startsWith(PREFIX)) {
      String text = (String) stored;
      int colon = PREFIX.length() + 1;
      if (text.length() > colon + 1 && text.charAt(colon) == ':') {
        return text.substring(colon + 1);
      }
    }
    return null;
  }

  /** The names of the values a row references, in any property. */
  static Set<String> references(TableRow row) {
    Set<String> names = new HashSet<>();
    if (row != null) {
      for (Object value : row.properties().values()) {
        String name = referenced(value);
        if (name != null) {
          names.add(name);
        }
      }
    }
    return names;
  }

  /**
   * Checks the values of a write against this mapper's largest value size.
   *
   * @throws InvalidEntityException naming the entity, its keys, the property, the size and the limit
   */
  void checkSizes(WriteIntent<?> write) {
    for (Value value : write.largeValues()) {
      if (value.bytes().length > maxValueSize) {
        throw new InvalidEntityException(write.describe() + ": @Large property '" + value.property() + "' holds "
            + value.bytes().length + " bytes, more than the " + maxValueSize + " this mapper stores out of a row;"
            + " store less, or build the mapper with a larger maxLargeValueSize(bytes)");
      }
    }
  }

  /** The backend's space for values; refused with a clear message where the backend has none. */
  OutOfRowValues store(EntityMapping<?> mapping) {
    Optional<OutOfRowValues> store = backend.outOfRowValues();
    if (store.isEmpty()) {
      throw new InvalidEntityException(mapping.entityClass().getSimpleName() + " has @Large properties "
          + mapping.largeProperties() + " but the backend " + backend.name() + " has no space for values stored"
          + " out of rows (TableBackend.outOfRowValues() is empty); use a backend that has one (memory, H2, Azure)"
          + " or remove @Large");
    }
    return store.get();
  }

  /**
   * Puts the values of writes to a table, before their transaction; returns when it may be sent at the latest
   * ({@link System#nanoTime()}; {@link Long#MAX_VALUE} for no limit, under a grace period of zero).
   */
  long put(String table, List<? extends WriteIntent<?>> writes) {
    long started = System.nanoTime();
    for (WriteIntent<?> write : writes) {
      if (!write.largeValues().isEmpty()) {
        tables.add(table);
        OutOfRowValues store = store(write.mapping());
        for (Value value : write.largeValues()) {
          store.put(table, value.name(), value.bytes());
        }
      }
    }
    return grace.isZero() ? Long.MAX_VALUE : started + grace.toNanos() / 2; // no grace: no writer to wait for
  }

  /**
   * The refusal of a transaction whose values were put longer ago than half the grace period, as a sweep may delete
   * them once the grace period is over: nothing was written.
   */
  static TableMapperException late(String what) {
    return new TableMapperException(what + " was not written: its @Large values were stored longer ago than half"
        + " the grace period of large values (largeValueGrace), so a sweep might delete them before its row"
        + " references them; write it again, or build the mapper with a longer largeValueGrace");
  }

  /**
   * The names of the values a write made unreferenced: those the stored row referenced and the row as written no
   * longer does (a merge keeps the references it does not write; a delete references nothing).
   */
  static Set<String> replaced(WriteIntent<?> write, TableRow stored) {
    Set<String> before = references(stored);
    if (before.isEmpty()) {
      return before;
    }
    if (write.kind() != WriteIntent.Kind.DELETE) {
      Set<String> after = references(write.row());
      if (write.kind().merges()) {
        for (Map.Entry<String, Object> property : stored.properties().entrySet()) {
          if (!write.row().has(property.getKey()) && referenced(property.getValue()) != null) {
            after.add(referenced(property.getValue()));
          }
        }
      }
      before.removeAll(after);
    }
    return before;
  }

  /**
   * Whether a failed write was refused for certain, so that no row references the values it stored: the store
   * answered no (a condition, a rule, a missing table, a denied access) and nothing on the way lost an answer. Any
   * other failure may have been applied, and its values are left to a sweep.
   */
  static boolean refused(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof StoreUnavailableException) {
        return false;
      }
    }
    return failure instanceof EntityExistsException || failure instanceof EntityNotFoundException
        || failure instanceof ConcurrencyConflictException || failure instanceof BatchException
        || failure instanceof InvalidEntityException || failure instanceof InvalidKeyException
        || failure instanceof TableNotFoundException || failure instanceof AccessDeniedException
        || failure instanceof OutOfScopeException;
  }

  /** Deletes values no row references any more; a failure is logged and left to a sweep. */
  void deleteQuietly(String table, Set<String> names) {
    if (names.isEmpty()) {
      return;
    }
    Optional<OutOfRowValues> store = backend.outOfRowValues();
    if (store.isEmpty()) {
      return;
    }
    for (String name : names) {
      try {
        store.get().delete(table, name);
      } catch (RuntimeException e) {
        LOG.warn("could not delete the large value {} of table {}, which no row references; a sweep will: {}", name,
            table, e.toString());
      }
    }
  }

  /** The names of a write's own values. */
  static Set<String> names(WriteIntent<?> write) {
    Set<String> names = new HashSet<>();
    write.largeValues().forEach(value -> names.add(value.name()));
    return names;
  }

  /**
   * The row with the values of the mapping's large properties in place of their references, fetched in parallel
   * when there are several. A value found missing makes the row be read again, as a write may have replaced it
   * (and deleted the value) since it was read; the row read again then stands for it.
   *
   * @throws LargeValueNotFoundException if a value the row (as read again) references is missing
   */
  TableRow fetch(EntityMapping<?> mapping, TableRow row) {
    TableRow current = row;
    for (int attempt = 1; ; attempt++) {
      List<String> properties = new ArrayList<>();
      for (String property : mapping.largeProperties()) {
        if (referenced(current.get(property)) != null) {
          properties.add(property);
        }
      }
      if (properties.isEmpty()) {
        return current;
      }
      OutOfRowValues store = store(mapping);
      tables.add(mapping.table());
      List<Optional<byte[]>> values = fetchAll(store, mapping.table(), current, properties);
      int missing = -1;
      for (int i = 0; i < values.size() && missing < 0; i++) {
        if (values.get(i).isEmpty()) {
          missing = i;
        }
      }
      if (missing < 0) {
        TableRow.Builder whole = current.toBuilder();
        for (int i = 0; i < properties.size(); i++) {
          String reference = (String) current.get(properties.get(i));
          byte[] bytes = values.get(i).get();
          if (reference.charAt(PREFIX.length()) == 'S') {
            whole.putString(properties.get(i), new String(bytes, StandardCharsets.UTF_8));
          } else {
            whole.putBinary(properties.get(i), bytes);
          }
        }
        return whole.build();
      }
      String property = properties.get(missing);
      String reference = (String) current.get(property);
      TableRow again = attempt < READ_ATTEMPTS ? readAgain(mapping, current) : null;
      if (again == null || reference.equals(again.get(property))) {
        throw new LargeValueNotFoundException(mapping.entityClass().getSimpleName() + " "
            + current.describeKeys() + " in table " + mapping.table() + ": its @Large property '" + property
            + "' references the value '" + referenced(reference) + "', which the backend " + backend.name()
            + " does not hold (deleted by hand, or by a sweep with a grace period shorter than a write took);"
            + " write the entity again to store a new value");
      }
      current = again;
    }
  }

  private TableRow readAgain(EntityMapping<?> mapping, TableRow row) {
    try {
      return backend.get(mapping.table(), row.partitionKey(), row.rowKey()).orElse(null);
    } catch (TableNotFoundException gone) {
      return null;
    }
  }

  private List<Optional<byte[]>> fetchAll(OutOfRowValues store, String table, TableRow row,
      List<String> properties) {
    Executor executor = properties.size() > 1 ? pool.get() : null;
    Operation operation = Operation.current(); // the reads' requests count into it, from the pool's threads
    List<FutureTask<Optional<byte[]>>> tasks = new ArrayList<>(properties.size());
    for (String property : properties) {
      String name = referenced(row.get(property));
      FutureTask<Optional<byte[]>> task = new FutureTask<>(
          () -> Operation.within(operation, () -> store.get(table, name)));
      tasks.add(task);
      if (executor != null) {
        executor.execute(task);
      }
    }
    List<Optional<byte[]>> values = new ArrayList<>(tasks.size());
    for (FutureTask<Optional<byte[]>> task : tasks) {
      task.run(); // does nothing once the pool started it; runs it here when the pool has not (never starves)
      try {
        values.add(task.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TableMapperException("interrupted while reading the large values of " + row.describeKeys(), e);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException) {
          throw (RuntimeException) cause;
        }
        throw new TableMapperException("cannot read the large values of " + row.describeKeys(), cause);
      }
    }
    return values;
  }

  /**
   * What rows read as, in order (null where the reader returns null): read in parallel on the pool when there are
   * several and their mapping has {@code @Large} properties, as each row then waits for its values; otherwise one
   * after another on the caller's thread. The caller runs any read the pool has not started, so nothing starves.
   */
  static <R> List<R> readAll(EntityMapping<?> mapping, List<TableRow> rows, Function<TableRow, R> reader,
      Supplier<Executor> pool) {
    Executor executor = rows.size() > 1 && fetches(mapping) ? pool.get() : null;
    List<R> results = new ArrayList<>(rows.size());
    if (executor == null) {
      for (TableRow row : rows) {
        results.add(reader.apply(row));
      }
      return results;
    }
    Operation operation = Operation.current(); // the reads' requests count into it, from the pool's threads
    List<FutureTask<R>> tasks = new ArrayList<>(rows.size());
    for (TableRow row : rows) {
      FutureTask<R> task = new FutureTask<>(() -> Operation.within(operation, () -> reader.apply(row)));
      tasks.add(task);
      executor.execute(task);
    }
    for (FutureTask<R> task : tasks) {
      task.run();
      try {
        results.add(task.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TableMapperException("interrupted while reading entities with @Large values", e);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException) {
          throw (RuntimeException) cause;
        }
        if (cause instanceof Error) {
          throw (Error) cause;
        }
        throw new TableMapperException("cannot read entities with @Large values", cause);
      }
    }
    return results;
  }

  /** Whether reads through a mapping fetch values: it, or a member of its hierarchy, has {@code @Large} ones. */
  static boolean fetches(EntityMapping<?> mapping) {
    for (EntityMapping<?> member : Hierarchy.members(mapping)) {
      if (!member.largeProperties().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Deletes the values of a table that no row references and that were stored before the grace period: those a
   * crash left between the steps of a write, or a failure to delete replaced ones.
   *
   * @return how many were deleted
   */
  long sweep(String table) {
    Optional<OutOfRowValues> store = backend.outOfRowValues();
    if (store.isEmpty()) {
      return 0;
    }
    Instant before = Instant.now().minus(grace);
    long deleted = 0;
    for (OutOfRowValues.StoredValue value : store.get().list(table)) {
      if (!value.stored().isBefore(before) && !grace.isZero()) {
        continue;
      }
      TableRow owner = owner(value.name());
      if (owner == null) {
        LOG.warn("the large value {} of table {} has a name of no known format; left alone", value.name(), table);
        continue;
      }
      TableRow row;
      try {
        row = backend.get(table, owner.partitionKey(), owner.rowKey()).orElse(null);
      } catch (TableNotFoundException gone) {
        row = null;
      }
      if (!references(row).contains(value.name()) && store.get().delete(table, value.name())) {
        deleted++;
      }
    }
    LOG.debug("swept {} unreferenced large value(s) of table {}", deleted, table);
    return deleted;
  }

  /** The grace period: how old an unreferenced value must be before a sweep deletes it. */
  Duration grace() {
    return grace;
  }

  /**
   * Sweeps every table this mapper stored or read large values of ({@link #sweep}); a table that fails is logged
   * and left for the next time. What the background completer runs once per grace period.
   */
  void sweepKnown() {
    for (String table : List.copyOf(tables)) {
      try {
        long deleted = sweep(table);
        if (deleted > 0) {
          LOG.info("deleted {} large value(s) of table {} that no row references (left by a crash or a failed"
              + " delete)", deleted, table);
        }
      } catch (TableMapperException e) {
        LOG.warn("the background sweep of the large values of table {} failed; it is retried: {}", table,
            e.toString());
      }
    }
  }

  /** Deletes every value of a dropped table. */
  void dropped(String table) {
    tables.remove(table);
    backend.outOfRowValues().ifPresent(store -> store.deleteAll(table));
  }
}
