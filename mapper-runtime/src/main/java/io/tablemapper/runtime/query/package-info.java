/**
 * The query side of a repository: {@code QueryRun} reads a planned {@link io.tablemapper.internal.mapping.EntityQuery}
 * a backend page at a time and resolves each row to a matching entity's (adding the discriminator, following
 * partial and remote copies, reading key lists, upgrading older versions: one class per step, each sending through
 * the run's {@code RunRequests}); a point read is a {@code PointRun}, an {@code In} a {@code UnionRun}, an {@code Or}
 * or several tables a {@code MergeRun}; {@code EntityQueries} turns them into what a method returns — an entity, a
 * list, a stream, a page with its token ({@code PageTokens}), a count — its rows decoded by {@code RowResults}, with
 * what it reads through ({@code ReadSide}).
 *
 * <p>Internal to the runtime, not an API. Uses: {@code store}, {@code rows}, {@code cache}, {@code values},
 * {@code mapping}, {@code observe}, {@code support}; never {@code write} or {@code pending}.
 */
package io.tablemapper.runtime.query;
