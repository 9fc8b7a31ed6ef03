/**
 * The lifecycle of indexes over data that already exists ({@link io.tablemapper.api.IndexAdmin}): {@code
 * DefaultIndexAdmin}, the API; {@code IndexRun}, one build, verify or repair of an index — a scan of the entity's
 * table a page at a time, each entity checked by {@code IndexChecks} and given what it lacks through the write path,
 * its progress checkpointed in the index's state row; {@code IndexDrop}, the deletion of a dropped index's rows.
 *
 * <p>Internal to the runtime, not an API. Uses: {@code pending}, {@code write}, {@code store}, {@code rows},
 * {@code mapping}, {@code observe}, {@code config}, {@code support}; never {@code query}.
 */
package io.tablemapper.runtime.index;
