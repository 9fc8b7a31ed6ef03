package io.tablemapper.runtime.query;

import io.tablemapper.spi.TableRow;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The matching rows of a planned query, read as they are asked for: one read ({@link QueryRun}) or the merge of
 * several ({@link UnionRun}).
 */
public interface RowSource {

  /** Whether nothing more matches. */
  boolean exhausted();

  /** The backend's token to resume after the last row read, or null at the end or where none can resume. */
  String token();

  /** The rows of the next matching entities, at most {@code max}; may be empty while more follow. */
  List<TableRow> next(int max);

  /**
   * {@link #next} on the store's async path: the future of the rows of the next matching entities, sent without
   * blocking; {@code executor} runs what must still block (a backend's default async path). One
   * call at a time: the next once this one's future has completed.
   */
  CompletableFuture<List<TableRow>> nextAsync(int max, Executor executor);

  /** Reports what was read since the last report to the query listener, and starts counting afresh. */
  void report(int rowsReturned);
}
