/**
 * Writes of one partition, as a pipeline: an application write becomes an immutable {@code WriteIntent} (built by
 * {@code WriteIntents}: its row, its index copies, its {@code @Large} values checked); each attempt reads a
 * {@code Snapshot} of the stored rows; the pure {@code WritePlanner} turns the two into the operations of one entity
 * group transaction ({@code PlannedOp}), keeping the key lists of the partition ({@code LocalLists}); and
 * {@code EgtWriter} reads, plans, sends and learns from what the store refused, through {@code WriteFailures} —
 * never half a write. Around it: the values of {@code @Large} properties ({@code LargeValueWrites}), partial merges
 * ({@code PartialMerges}) and the checks of a scoped view ({@code ScopeChecks}).
 *
 * <p>Internal to the runtime, not an API. Uses: {@code store}, {@code rows}, {@code cache}, {@code values},
 * {@code mapping}, {@code introspect}, {@code config}, {@code support}; never {@code query}.
 */
package io.tablemapper.runtime.write;
