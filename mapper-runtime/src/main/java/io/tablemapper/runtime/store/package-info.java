/**
 * The store as the mapper's parts reach it: the existence of tables under the mapper's creation policy
 * ({@code Tables}) and of the tables of a table per period ({@code PeriodTables}); the requests of one path, blocking
 * or async ({@code WriteChannel}, made by {@code Channels}); and scoped views ({@code ScopedBackend}), which check
 * every request against the scope, see only rows whose holders are in it ({@code ScopeRows}), write on the ETag of
 * the row they checked ({@code GuardedWrites}) and page with tokens of their own ({@code ScopedPages}); rows read whole from a store that keeps no key order are sorted by
 * {@code StoreOrder}; and what a mapper knows of its types' index states ({@code IndexStates}), the one read the
 * query path makes of them.
 *
 * <p>Internal to the runtime, not an API. Uses: {@code rows}, {@code values}, {@code mapping}, {@code observe},
 * {@code support}.
 */
package io.tablemapper.runtime.store;
