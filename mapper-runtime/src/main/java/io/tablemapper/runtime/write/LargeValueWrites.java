package io.tablemapper.runtime.write;

import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.BatchException;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.OutOfScopeException;
import io.tablemapper.api.StoreUnavailableException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.values.LargeReferences;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.support.Log;
import io.tablemapper.runtime.store.WriteChannel;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * What a write does with its {@code @Large} values ({@link LargeValues} knows their references and names): their
 * sizes checked, stored before the transaction that references them, and deleted once no row does — after the
 * transaction, or in its place when it was refused for certain.
 */
public final class LargeValueWrites {
  private static final Log LOG = new Log(LargeValueWrites.class);

  private final LargeValues large;

  LargeValueWrites(LargeValues large) {
    this.large = large;
  }

  /**
   * Checks the values of a write against this mapper's largest value size.
   *
   * @throws InvalidEntityException naming the entity, its keys, the property, the size and the limit
   */
  void checkSizes(WriteIntent<?> write) {
    for (LargeReferences.Value value : write.largeValues()) {
      if (value.bytes().length > large.maxValueSize()) {
        throw new InvalidEntityException(write.describe() + ": @Large property '" + value.property() + "' holds "
            + value.bytes().length + " bytes, more than the " + large.maxValueSize()
            + " this mapper stores out of a row;"
            + " store less, or build the mapper with a larger maxLargeValueSize(bytes)");
      }
    }
  }

  /**
   * Puts the values of writes to a table through a write's channel, before their transaction, all at once; completes
   * with when the transaction may be sent at the latest ({@link System#nanoTime()}; {@link Long#MAX_VALUE} for no
   * limit, under a grace period of zero). When a put fails, the values of these writes are deleted once every put
   * has ended (no row references them: the transaction was not sent), and the future fails with that failure.
   */
  CompletableFuture<Long> put(WriteChannel channel, String table, List<? extends WriteIntent<?>> writes) {
    long started = System.nanoTime();
    List<CompletableFuture<Void>> puts = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (WriteIntent<?> write : writes) {
      if (!write.largeValues().isEmpty()) {
        large.noted(table);
        OutOfRowValues store = large.store(write.mapping());
        for (LargeReferences.Value value : write.largeValues()) {
          if (!puts.isEmpty() && puts.get(puts.size() - 1).isCompletedExceptionally()) {
            break; // the blocking path stops at a failed put (the async one has sent them all by then)
          }
          names.add(value.name());
          puts.add(Futures.start(() -> channel.putValue(store, table, value.name(), value.bytes())));
        }
      }
    }
    // no grace: no writer to wait for
    long sendBy = large.grace().isZero() ? Long.MAX_VALUE : started + large.grace().toNanos() / 2;
    return settled(puts).thenCompose(failure -> failure == null ? CompletableFuture.completedFuture(sendBy)
        : delete(channel, table, names).thenApply(deleted -> {
          throw failure instanceof RuntimeException ? (RuntimeException) failure
              : new TableMapperException("cannot store the @Large values of a write to table " + table, failure);
        }));
  }

  /** Completes once every future has, with the first failure among them (unwrapped), or null. */
  private static CompletableFuture<Throwable> settled(List<? extends CompletableFuture<?>> futures) {
    return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).handle((all, thrown) -> {
      for (CompletableFuture<?> future : futures) {
        Throwable failure = Futures.failure(future);
        if (failure != null) {
          return failure;
        }
      }
      return null;
    });
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
    Set<String> before = LargeReferences.references(stored);
    if (before.isEmpty()) {
      return before;
    }
    if (write.kind() != WriteKind.DELETE) {
      Set<String> after = LargeReferences.references(write.row());
      if (write.kind().merges()) {
        for (Map.Entry<String, Object> property : stored.properties().entrySet()) {
          if (!write.row().has(property.getKey()) && LargeReferences.referenced(property.getValue()) != null) {
            after.add(LargeReferences.referenced(property.getValue()));
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

  /**
   * Deletes values no row references any more through a write's channel, all at once; completes when every delete
   * has ended. A failure is logged and left to a sweep: the future never fails.
   */
  CompletableFuture<Void> delete(WriteChannel channel, String table, Set<String> names) {
    Optional<OutOfRowValues> store = large.outOfRowValues();
    if (names.isEmpty() || store.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    List<CompletableFuture<Boolean>> deletes = new ArrayList<>(names.size());
    for (String name : names) {
      deletes.add(Futures.start(() -> channel.deleteValue(store.get(), table, name)).exceptionally(failure -> {
        LOG.warn("could not delete the large value {} of table {}, which no row references; a sweep will: {}", name,
            table, Futures.unwrap(failure).toString());
        return false;
      }));
    }
    return CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new));
  }

  /** The names of a write's own values. */
  static Set<String> names(WriteIntent<?> write) {
    Set<String> names = new HashSet<>();
    write.largeValues().forEach(value -> names.add(value.name()));
    return names;
  }
}
