package io.tablemapper.runtime.values;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.MalformedRowException;
import io.tablemapper.api.MalformedRowListener;
import io.tablemapper.api.MalformedRowPolicy;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.internal.mapping.WideRows;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.mapping.Hierarchy;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.mapping.TypeRegistry;

/**
 * What reads make of the rows they found: the entity a row holds (through the mapping of its type in a hierarchy),
 * a wide entity's head joined with its parts ({@link WideReads}), its {@code @Large} values fetched and its
 * {@code @Encrypted} properties decrypted — and, for a row that cannot be read as its class, what the mapper's
 * {@link MalformedRowPolicy} says: the one place that applies it.
 */
public final class RowDecoder {
  private final TableBackend backend;
  /** The property that holds each row's entity type. */
  private final Discriminator discriminator;
  private final TypeRegistry registry;
  /** JSON, times, encryption and the fetch of large values. */
  private final MappingContext context;
  private final LargeValues large;
  /** The blocking reads that make a row whole; the async path's are {@link #reads(Executor, Operation)}. */
  private final RowReads reads;
  private final MalformedRowPolicy malformedRows;
  private final MalformedRowListener malformedRowListener;

  public RowDecoder(TableBackend backend, Discriminator discriminator, TypeRegistry registry, MappingContext context,
      LargeValues large, MalformedRowPolicy malformedRows, MalformedRowListener malformedRowListener) {
    this.backend = backend;
    this.discriminator = discriminator;
    this.registry = registry;
    this.context = context;
    this.large = large;
    this.reads = RowReads.of(backend, null, null);
    this.malformedRows = malformedRows;
    this.malformedRowListener = malformedRowListener;
  }

  /** The blocking reads that make a row whole ({@link WideReads}). */
  public RowReads reads() {
    return reads;
  }

  /**
   * The entity a row read through a mapping holds: read by the mapping itself, or, through a hierarchy, by the
   * mapping of the row's type; null for a malformed row the {@link MalformedRowPolicy} leaves out ({@link #read}).
   *
   * @throws io.tablemapper.api.UnknownEntityTypeException if the row's type is none of the hierarchy's
   * @throws MalformedRowException under {@link MalformedRowPolicy#FAIL}, if the row cannot be read as its class
   */
  public <T> T entity(EntityMapping<T> mapping, TableRow row) {
    return entity(mapping, row, null);
  }

  /**
   * {@link #entity(EntityMapping, TableRow)} of a row the async path made whole before ({@link #madeWhole}), so that
   * decoding it does no I/O; {@code made} null: the row needed nothing, or is made whole now, the blocking way.
   */
  public <T> T entity(EntityMapping<T> mapping, TableRow row, WholeRow made) {
    // read(...) without its reader: no lambda per row on the hot path of every read
    try {
      TableRow whole = whole(mapping, row, made); // a wide entity's head joined with its parts
      if (whole == null) {
        return null;
      }
      EntityMapping<? extends T> reading = Hierarchy.reading(mapping, discriminator.typeFor(whole, mapping), whole);
      try {
        return reading.fromStoredRow(whole, context);
      } catch (NullPointerException | IllegalArgumentException | IllegalStateException refused) {
        throw refusedByClass(mapping, refused);
      }
    } catch (InvalidEntityException | InvalidKeyException e) {
      malformed(mapping, row, e);
      return null;
    }
  }

  /**
   * What a read that returns only {@code mapping}'s class (an entity, or a projection of it) makes of a row: the
   * reader's result, or, for a row the reader cannot read (a property of another type, a value out of range, keys
   * that do not match the templates), what the mapper's {@link MalformedRowPolicy} says — the exception, or null to
   * leave the row out ({@link MalformedRowPolicy#DYNAMIC} too, as such a result cannot hold a DynamicEntity). The
   * one place that applies the policy, with {@link #readOrDynamic}.
   *
   * @throws MalformedRowException under {@link MalformedRowPolicy#FAIL}
   */
  public <R> R read(EntityMapping<?> mapping, TableRow row, Function<TableRow, R> reader) {
    return read(mapping, row, null, reader);
  }

  /** {@link #read(EntityMapping, TableRow, Function)} of a row the async path made whole before, as {@link #entity}. */
  public <R> R read(EntityMapping<?> mapping, TableRow row, WholeRow made, Function<TableRow, R> reader) {
    try {
      TableRow whole = whole(mapping, row, made);
      return whole == null ? null : readInto(mapping, whole, reader);
    } catch (InvalidEntityException | InvalidKeyException e) {
      malformed(mapping, row, e);
      return null;
    }
  }

  /**
   * {@link #read} for a read whose result may hold any object ({@link io.tablemapper.api.Partition#all()}): a
   * malformed row is then returned as a {@link DynamicEntity} under {@link MalformedRowPolicy#DYNAMIC}.
   */
  public Object readOrDynamic(EntityMapping<?> mapping, TableRow row, Function<TableRow, ?> reader) {
    try {
      TableRow whole = whole(mapping, row, null);
      return whole == null ? null : readInto(mapping, whole, reader);
    } catch (InvalidEntityException | InvalidKeyException e) {
      malformed(mapping, row, e);
      return malformedRows == MalformedRowPolicy.DYNAMIC ? discriminator.entity(row) : null;
    }
  }

  /**
   * The row a read hands its reader: as the async path made it whole before ({@code made}), or else a wide entity's
   * head joined with its part rows ({@link WideReads}), read now, the blocking way; null when the entity was deleted
   * since its head was read. Any other row (a projection's too, which selects no part count) as it is.
   */
  private TableRow whole(EntityMapping<?> mapping, TableRow row, WholeRow made) {
    if (made != null) {
      return made.get();
    }
    EntityMapping<?> own = wideMapping(mapping, row);
    return own == null ? row : Futures.join(WideReads.whole(reads, discriminator, own, row));
  }

  /** The wide mapping whose head {@code row} is, when it has parts to join; null for any other row. */
  private EntityMapping<?> wideMapping(EntityMapping<?> mapping, TableRow row) {
    if (!registry.anyWide() || WideRows.parts(row) == 0) {
      return null;
    }
    String type = discriminator.typeOf(row);
    EntityMapping<?> own = mapping.wide() || type == null ? mapping : registry.find(mapping.table(), type);
    return own != null && own.wide() ? own : null;
  }

  /**
   * A row read through a mapping, made whole with {@code reads} — on the async path, before it is decoded: a wide
   * entity's head joined with its part rows ({@link WideReads}), any other row as it is. The one step of the async
   * read path that a decoder would otherwise do with I/O.
   *
   * @return the future of the whole row, of null when the entity was deleted since its head was read; failed with
   *     {@link MalformedRowException} when its parts never match it, or with what a read failed with
   */
  CompletableFuture<TableRow> wholeAsync(EntityMapping<?> mapping, TableRow row, RowReads reads) {
    EntityMapping<?> own = wideMapping(mapping, row);
    return own == null ? CompletableFuture.completedFuture(row) : WideReads.whole(reads, discriminator, own, row);
  }

  /**
   * {@link #wholeAsync} for a decoder: null when the row needs nothing (it is decoded as it is), else what making it
   * whole came to, its failure included, for the decoder to throw in its place ({@link WholeRow}).
   */
  public CompletableFuture<WholeRow> madeWhole(EntityMapping<?> mapping, TableRow row, RowReads reads) {
    CompletableFuture<TableRow> whole = wholeAsync(mapping, row, reads);
    if (whole.isDone() && !whole.isCompletedExceptionally() && whole.join() == row) {
      return CompletableFuture.completedFuture(null);
    }
    return whole.handle((made, failed) -> {
      Throwable failure = failed == null ? null : Futures.unwrap(failed);
      if (failure instanceof Error) {
        throw (Error) failure;
      }
      return new WholeRow(made, failure == null || failure instanceof RuntimeException ? (RuntimeException) failure
          : new TableMapperException("cannot read " + row.describeKeys() + " of table " + mapping.table(), failure));
    });
  }

  /**
   * The rows of a page made whole at once ({@link #madeWhole}), the parts of several wide entities read together:
   * the future of what each row came to, in the rows' order (null entries: decoded as they are), or of null when no
   * row needed anything.
   *
   * @param mappingOf the mapping each row is read through
   */
  public CompletableFuture<WholeRow[]> madeWhole(
      List<TableRow> rows, Function<TableRow, EntityMapping<?>> mappingOf, RowReads reads) {
    WholeRow[] made = null;
    List<CompletableFuture<?>> pending = null;
    for (int i = 0; i < rows.size(); i++) {
      TableRow row = rows.get(i);
      if (wideMapping(mappingOf.apply(row), row) == null) {
        continue;
      }
      if (made == null) {
        made = new WholeRow[rows.size()];
        pending = new ArrayList<>();
      }
      WholeRow[] into = made;
      int at = i;
      pending.add(madeWhole(mappingOf.apply(row), row, reads).thenAccept(each -> into[at] = each));
    }
    if (made == null) {
      return CompletableFuture.completedFuture(null);
    }
    WholeRow[] all = made;
    return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).thenApply(done -> all);
  }

  /**
   * The reads of the async path that make rows whole: the store's async requests, each sent within {@code operation}
   * and handed {@code executor}; the blocking {@link #reads} when {@code executor} is null.
   */
  public RowReads reads(Executor executor, Operation operation) {
    return executor == null ? reads : RowReads.of(backend, executor, operation);
  }

  /** A reader's result, what the class's own code refuses of the row an entity rule it breaks ({@link #refusedByClass}). */
  private static <R> R readInto(EntityMapping<?> mapping, TableRow whole, Function<TableRow, R> reader) {
    try {
      return reader.apply(whole);
    } catch (NullPointerException | IllegalArgumentException | IllegalStateException refused) {
      throw refusedByClass(mapping, refused);
    }
  }

  /**
   * What the entity's own code refused while a row was read into it — a setter or constructor that rejects a value
   * the row holds or lacks (a Kotlin non-null property the row has no value for, a record's validation) — as the
   * entity rule the row breaks: a malformed row, named with the class's own message.
   */
  private static InvalidEntityException refusedByClass(EntityMapping<?> mapping, RuntimeException refused) {
    return new InvalidEntityException(mapping.entityClass().getSimpleName() + " refused a value of the stored row ("
        + refused.getClass().getSimpleName() + ": " + refused.getMessage() + "); a property the row may lack needs a"
        + " nullable type or a default value, and one the row holds must be one the class accepts", refused);
  }

  /** Throws the row's {@link MalformedRowException} under FAIL; otherwise tells the listener of it. */
  private void malformed(EntityMapping<?> mapping, TableRow row, RuntimeException e) {
    MalformedRowException found = e instanceof MalformedRowException ? (MalformedRowException) e : null;
    MalformedRowException malformed = new MalformedRowException(mapping.table(),
        mapping.entityClass().getSimpleName(), row.partitionKey(), row.rowKey(),
        found == null ? null : found.property(), found == null ? e.getMessage() : found.problem(), e);
    if (malformedRows == MalformedRowPolicy.FAIL) {
      throw malformed;
    }
    if (malformedRowListener != null) {
      malformedRowListener.onMalformedRow(malformed);
    }
  }

  /**
   * A row read through a mapping with its {@code @Large} values fetched and its {@code @Encrypted} properties
   * decrypted: what a projection reads. The
   * mapping of the row's type decrypts it; a projected row may lack its type (a projection selects only its own
   * properties), and then the first member of the hierarchy that encrypts anything does, the properties a
   * projection of the hierarchy reads being the root's, which every member stores alike.
   *
   * @throws io.tablemapper.api.DecryptionException if a value does not decrypt
   */
  public TableRow decrypted(EntityMapping<?> mapping, TableRow row) {
    String type = discriminator.typeOf(row);
    EntityMapping<?> large = this.large.member(mapping, row);
    TableRow whole = large == null ? row : this.large.fetch(large, row);
    for (EntityMapping<?> member : Hierarchy.members(mapping)) {
      if (!member.encryptedProperties().isEmpty() && (type == null || member.typeName().equals(type))) {
        return context.decrypt(member, whole);
      }
    }
    return whole;
  }
}
