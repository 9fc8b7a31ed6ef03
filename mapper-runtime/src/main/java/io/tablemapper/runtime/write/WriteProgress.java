package io.tablemapper.runtime.write;

import io.tablemapper.runtime.write.WriteFailures.Race;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteResult;
import java.util.EnumSet;
import java.util.List;

/**
 * Where one write stands across the attempts of one transaction: the latest snapshot, the row it was read as until
 * a first read uses it, the races it lost, and the store's result once applied.
 */
final class WriteProgress {
  final WriteIntent<?> intent;
  Snapshot snapshot;
  TableRow guess;
  final EnumSet<Race> races = EnumSet.noneOf(Race.class);
  WriteResult result;
  /**
   * Whether the current snapshot is the stored entity read ahead of the transaction ({@link #readAhead}): cleared
   * once an attempt reads the entity again.
   */
  boolean fromReadAhead;

  WriteProgress(WriteIntent<?> intent) {
    this.intent = intent;
    // a wide entity is read whole before it is written: the row it was read as is its head alone
    boolean own = intent.readRow() != null && intent.readOwnRow() && !intent.mapping().wide();
    this.snapshot = own ? Snapshot.of(intent.readRow()) : Snapshot.UNREAD;
    this.guess = own || intent.mapping().wide() ? null : intent.readRow();
  }

  /**
   * Where the stored entity was read before the transaction, by the pending work's protocol ({@code stored}: the row,
   * or null for none): the first attempt is planned from it, as from a read of its own, unless the write knows the
   * row it was read as, or reads nothing.
   */
  void readAhead(TableRow stored) {
    if (intent.needsRead() && intent.readRow() == null && !intent.mapping().wide() && !snapshot.storedKnown()) {
      snapshot = Snapshot.of(stored);
      fromReadAhead = true;
    }
  }

  /** Forgets what was read, so that the next attempt reads the entity again (a write that reads nothing keeps). */
  void forget() {
    if (intent.needsRead()) {
      snapshot = snapshot.forgotten();
      fromReadAhead = false;
    }
  }

  /** The progress of {@code intent} among {@code writes}. */
  static WriteProgress of(List<WriteProgress> writes, WriteIntent<?> intent) {
    for (WriteProgress write : writes) {
      if (write.intent == intent) {
        return write;
      }
    }
    throw new IllegalStateException("an operation of a write this transaction does not hold: " + intent.describe());
  }
}
