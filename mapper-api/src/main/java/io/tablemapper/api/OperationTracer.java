package io.tablemapper.api;

import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import java.util.Objects;

/**
 * Traces each operation of a mapper and the store requests it sends, as spans that nest; set with
 * {@link TableMapper.Builder#operationTracer}. {@code TableMapperObservations} of
 * {@code io.tablemapper:tablemapper-micrometer} is one, making Micrometer {@code Observation}s; a tracer of another
 * library implements the same calls.
 *
 * <p>The mapper starts an operation's span ({@link #operationStarted}) on the thread the application called it on,
 * before its first request, and keeps the span's {@link Span#open scope} open on that thread while the operation runs
 * there. Each store request the operation sends, from whichever thread sends it (the parallel reads of a union, the
 * later steps of an async call), starts a span whose parent is the operation's ({@link #requestStarted}), with its
 * scope open on the sending thread while the backend is called, so that a client library's own spans (the Azure
 * SDK's) nest under the request's. A step of pending work that an operation applies (an index copy in another
 * partition, say) is a span between the two: its requests are its children. Each look of the background completer
 * at the registry of pending work is traced as an operation of its own ({@link OperationType#POLL_PENDING}, a span
 * without a parent, ended with an event no listener hears, whose {@link OperationEvent#foundWork()} says whether it
 * found work), and its work on each piece of pending work it found as an operation under it
 * ({@link OperationType#COMPLETE_PENDING}). Other requests sent outside any operation (closing the mapper, the
 * completer's sweep of large values, the check of the tables when the mapper is built, the bookkeeping of index
 * states) are not traced.
 *
 * <p>Called from any thread; must be quick and must not call the mapper back. An exception a call throws is logged
 * and ignored: the application's call goes on, untraced from there.
 */
public interface OperationTracer {

  /**
   * An operation starts: the span to end when it ended ({@link Span#end(OperationEvent)}). Its parent is whatever
   * the tracer finds current on this thread (an HTTP request's span, say).
   */
  Span operationStarted(OperationStart operation);

  /**
   * A store request (or a step of pending work) of an operation starts: the span to end when it ended
   * ({@link Span#end(Throwable)}).
   *
   * @param parent the span of the operation, or of the pending step, that sends the request
   */
  Span requestStarted(StoreRequest request, Span parent);

  /** One traced operation, store request or pending step, from its start to its end. */
  interface Span {
    /**
     * Makes this span the current one of this thread, for the spans started under it, until the scope closes;
     * scopes are closed on the thread that opened them, in the reverse order of opening.
     */
    Scope open();

    /** The request or step ended: {@code failure} is what it failed with, or null. Called once. */
    void end(Throwable failure);

    /**
     * The operation ended, with what its listeners hear of it (its outcome, rows, requests, its one PartitionKey).
     * Called once, instead of {@link #end(Throwable)}; by default that, with the event's failure.
     */
    default void end(OperationEvent event) {
      end(event.failure());
    }
  }

  /** A span's scope on one thread; closing it makes the span current before it current again. */
  interface Scope extends AutoCloseable {
    /** Ends the scope; throws nothing. */
    @Override
    void close();
  }

  /**
   * What is known of an operation when it starts; the rest comes with its {@link OperationEvent}.
   *
   * @param type what kind of operation it is
   * @param table the table it addresses, or null (a batch without operations)
   * @param entity the simple name of its entity class, or null, as {@link OperationEvent#entity()}
   * @param method the repository method, for example {@code EmployeeRepository.findByEmail}, or the call of an
   *     index's lifecycle, {@code IndexAdmin.build(email)}, or null (as {@link OperationEvent#method()})
   * @param kind the plan's kind of a query or a delete by query, or null
   * @param store the backend's name ({@code TableBackend.name()}: {@code azure-tables}, {@code in-memory}, ...)
   * @param profile the rules the store follows
   * @param description which store it is: its system, account or database, server ({@code TableBackend.description()})
   */
  record OperationStart(OperationType type, String table, String entity, String method, QueryKind kind,
      String store, StoreProfile profile, StoreDescription description) {
    /** Checks the start. */
    public OperationStart {
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(store, "store");
      Objects.requireNonNull(profile, "profile");
      Objects.requireNonNull(description, "description");
    }
  }

  /**
   * One request sent to the store, or one step of pending work.
   *
   * @param kind what it is
   * @param table the table it addresses, or null (a listing of tables)
   * @param partitionKey the one PartitionKey it addresses; null when it addresses several or none that can be told
   * @param write for a {@link Kind#WRITE}, what the write does; else null
   * @param batchSize for a {@link Kind#BATCH}, its number of operations; else 0
   * @param store the backend's name, as {@link OperationStart#store()}
   * @param profile the rules the store follows
   * @param description which store it is, as {@link OperationStart#description()}
   */
  record StoreRequest(Kind kind, String table, String partitionKey, io.tablemapper.spi.WriteOperation.Kind write,
      int batchSize, String store, StoreProfile profile, StoreDescription description) {
    /** Checks the request. */
    public StoreRequest {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(store, "store");
      Objects.requireNonNull(profile, "profile");
      Objects.requireNonNull(description, "description");
    }

    /** What a request is. */
    public enum Kind {
      /** A point read: one entity by its PartitionKey and RowKey. */
      GET,
      /** One page of a query: a range of keys, a partition or a table scan. */
      QUERY,
      /** One row written. */
      WRITE,
      /** An entity group transaction: operations on one partition, applied together. */
      BATCH,
      /** A table created, deleted, listed or checked for. */
      TABLE,
      /** Not a request: one step of pending work applied, whose requests are its children. */
      PENDING_STEP
    }
  }
}
