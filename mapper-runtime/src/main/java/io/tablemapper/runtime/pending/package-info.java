/**
 * Durable pending work: the writes of an eventual batch after its first and the copies of remote indexes, kept
 * eventually consistent by work recorded in the write's own transaction. {@code PendingWork} is the entry and the
 * writer's side of the protocol (registry entry, claims, transaction with the record, then the work);
 * {@code WorkRecords} the requests on the registry entry and the work record (a record run from its next position),
 * {@code RecordHold} a run's hold on the record, or the retired entry, that names its steps (which run may write
 * what its rounds compute, and delete it);
 * {@code StepApplier} one recorded step applied (a write, or a reconciliation), {@code NeedsKey} a step left for want
 * of a key; {@code WorkCompleter} the completer's side (passes over the registry, entries retired). The remote
 * copies: {@code RemoteIndexes} (the copies' rows, take-over and validated delete), {@code RemoteClaims} (claims and
 * their release), {@code RemoteRounds} (reconciliation in rounds) and {@code RemoteLists} (key lists). The background
 * completion of what any process left: {@code BackgroundCompleter}, on its {@code LookSchedule}.
 *
 * <p>Internal to the runtime, not an API. Uses: {@code write}, {@code store}, {@code rows}, {@code values},
 * {@code mapping}, {@code observe}, {@code config}, {@code support}; never {@code query}.
 */
package io.tablemapper.runtime.pending;
