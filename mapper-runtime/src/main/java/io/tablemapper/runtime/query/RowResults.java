package io.tablemapper.runtime.query;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.Projection;
import io.tablemapper.runtime.observe.Operation;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.values.RowReads;
import io.tablemapper.runtime.values.WholeRow;
import io.tablemapper.spi.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What the rows a repository's query read become, the last step of every read ({@link EntityQueries}): whole
 * entities, each by the mapping of its type and table, or a {@link Projection}'s records — on the blocking path
 * decoded in turn, those with {@code @Large} values in parallel on the read pool ({@link #read}); on the async path
 * made whole and their values fetched with the store's async requests first, then decoded without I/O
 * ({@link #readyToDecode}). Leaves out the malformed rows the mapper's policy leaves out.
 *
 * @param <T> the entity class
 */
final class RowResults<T> {
  private final ReadSide side;
  private final EntityMapping<T> mapping;

  RowResults(ReadSide side, EntityMapping<T> mapping) {
    this.side = side;
    this.mapping = mapping;
  }

  /**
   * Adds what rows read as to {@code results}, in order, on the blocking path: in parallel on the mapper's read pool
   * when their mapping has {@code @Large} values ({@link LargeValues#readAll}); malformed rows the policy leaves
   * out are left out.
   */
  <R> void read(List<TableRow> rows, Reading<R> reading, List<R> results) {
    for (R result : LargeValues.readAll(mapping, rows, reading.decoder(), side.pool()::executor)) {
      if (result != null) {
        results.add(result);
      }
    }
  }

  /**
   * The rows of a page on the async path made ready to decode with no I/O: the values of their {@code @Large}
   * properties fetched by the store's async calls, several rows and several values of a row at once
   * ({@link LargeValues#completeAll}); the rows as they are for an entity without such properties.
   */
  private CompletableFuture<List<TableRow>> valuesInPlace(
      CompletableFuture<List<TableRow>> page, Executor executor, Operation operation) {
    // a row read again counts into the read's operation, from whatever thread completes the page
    return page.thenCompose(rows -> Operation.within(operation,
        () -> side.large().completeAll(this::mappingOf, rows, executor)));
  }

  /**
   * How rows become results.
   *
   * @param select the properties a projection reads, or null for whole entities
   * @param decoder the result of a row, made whole now where it must be (the blocking path)
   * @param ofWhole the result of a row the async path made whole before ({@link
   * io.tablemapper.runtime.values.RowDecoder#madeWhole}; null: the row needed nothing), which decodes without I/O
   */
  record Reading<R>(
      List<String> select, Function<TableRow, R> decoder, BiFunction<TableRow, WholeRow, R> ofWhole) {

    static <R> Reading<R> of(List<String> select, BiFunction<TableRow, WholeRow, R> decode) {
      return new Reading<>(select, row -> decode.apply(row, null), decode);
    }
  }

  /**
   * Whole entities, each read by the mapping of its type; null for a malformed row the mapper's
   * {@link io.tablemapper.api.MalformedRowPolicy} leaves out ({@link io.tablemapper.runtime.values.RowDecoder#read}).
   */
  Reading<T> entities() {
    return Reading.of(null, (row, made) -> side.decoder().entity(mappingOf(row), row, made));
  }

  /**
   * The mapping a row is read with: the entity's, or for a table per period that of the row's own table, which its
   * keys name (encrypted values are bound to it).
   */
  EntityMapping<T> mappingOf(TableRow row) {
    return mapping.tableTemplate() == null ? mapping : mapping.forKeys(row.partitionKey(), row.rowKey());
  }

  /** A projection's records, of rows that hold only its properties; null for a malformed row left out. */
  <P> Reading<P> projected(Projection<P> projection) {
    return Reading.of(projection.properties(),
        (row, made) -> side.decoder().read(mapping, row, made,
            each -> projection.read(side.decoder().decrypted(mappingOf(each), each), side.context())));
  }

  /**
   * The async path's last steps of a page: its rows made whole at once
   * ({@link io.tablemapper.runtime.values.RowDecoder#madeWhole}: the parts of its wide entities read together), then
   * the values of their {@code @Large} properties fetched ({@link #valuesInPlace}), both with the store's async
   * requests, then the rows decoded in order, without I/O ({@link LargeValues#inPlace}), into {@code results} (leaving
   * out malformed rows the policy leaves out).
   */
  <R> CompletableFuture<Void> readyToDecode(CompletableFuture<List<TableRow>> page, RowReads reads,
      Executor executor, Operation operation, List<R> results, Reading<R> reading) {
    return page.thenCompose(rows -> side.decoder().madeWhole(rows, row -> mappingOf(row), reads).thenCompose(made -> {
      // the rows whose values to fetch: each whole (a wide entity's head joined with its parts), none that is gone
      // or failed to be made whole (its decoder meets that first, as on the blocking path)
      List<TableRow> whole = new ArrayList<>(rows.size());
      for (int i = 0; i < rows.size(); i++) {
        WholeRow each = made == null ? null : made[i];
        if (each == null) {
          whole.add(rows.get(i));
        } else if (each.row() != null && each.failure() == null) {
          whole.add(each.row());
        }
      }
      return valuesInPlace(CompletableFuture.completedFuture(whole), executor, operation).thenAccept(ready ->
          LargeValues.inPlace(() -> {
            int next = 0;
            for (int i = 0; i < rows.size(); i++) {
              WholeRow each = made == null ? null : made[i];
              R result;
              if (each == null) {
                result = reading.ofWhole().apply(ready.get(next++), null);
              } else if (each.row() != null && each.failure() == null) {
                result = reading.ofWhole().apply(rows.get(i), new WholeRow(ready.get(next++), null));
              } else {
                result = reading.ofWhole().apply(rows.get(i), each);
              }
              if (result != null) {
                results.add(result);
              }
            }
          }));
    }));
  }
}
