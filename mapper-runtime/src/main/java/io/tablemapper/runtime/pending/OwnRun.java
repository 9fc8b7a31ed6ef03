package io.tablemapper.runtime.pending;

import io.tablemapper.internal.mapping.IndexMapping;
import io.tablemapper.runtime.rows.PendingStep;
import io.tablemapper.runtime.rows.PendingStep.Address;
import java.util.Map;
import java.util.Set;

/**
 * What a writer knows of its own write when it runs the write's record right after the transaction, which a
 * completer running the record later does not: the copies its claims wrote as the copy of the row the transaction
 * wrote ({@code settled}), and the old copies it checked ahead of the transaction ({@code checked}: address to the
 * ETag {@link RemoteIndexes#checkAhead} found). A reconciliation that knows them reads nothing: it deletes the old
 * copies under those ETags ({@link RemoteIndexes#deleteChecked}) and leaves the claimed copy as it is, taking the
 * entity for as the transaction wrote it — as a read right after the transaction would have found it.
 *
 * @param settled the addresses of the copies the claims of the write wrote (inserted, or taken over), each the copy
 *     of the row the transaction wrote: not of a merge, whose row is only part of the stored one
 * @param checked the copies the stored entity had and the written one does not, checked ahead
 */
record OwnRun(Set<Address> settled, Map<Address, String> checked) {
  /** A run of a record that knows nothing of its write: a completer's, or one read back. */
  static final OwnRun NONE = new OwnRun(Set.of(), Map.of());

  OwnRun {
    settled = Set.copyOf(settled);
    checked = Map.copyOf(checked);
  }

  /**
   * Whether a reconciliation step of {@code index} is settled as far as the copy it writes: the step's write
   * implies one copy, the write's claim wrote it, and the index's copies record no version of the entity (the claim,
   * written before the transaction, could not: {@link IndexMapping#copyReads}).
   */
  boolean settles(IndexMapping<?> index, PendingStep step) {
    return !index.keyList() && !index.copyReads() && step.written() != null && step.written().size() == 1
        && settled.contains(step.written().get(0));
  }

  /** The ETag the copy at {@code address} was checked ahead with, or null. */
  String checkedEtag(Address address) {
    return checked.get(address);
  }
}
