/**
 * Durable pending work: the writes of an eventual batch after its first and the copies of remote indexes, kept
 * eventually consistent by work recorded in the write's own transaction ({@code PendingWork}); the claims and
 * reconciliations of remote copies ({@code RemoteIndexes}) and key lists ({@code RemoteLists}); and the background
 * completion of what any process left ({@code BackgroundCompleter}, on its {@code LookSchedule}).
 *
 * <p>Internal to the runtime, not an API. Uses: {@code write}, {@code store}, {@code rows}, {@code values},
 * {@code mapping}, {@code config}, {@code support}; never {@code query}.
 */
package io.tablemapper.runtime.pending;
