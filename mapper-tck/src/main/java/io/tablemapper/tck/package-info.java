/**
 * The repository-level conformance kit: the mapper's behaviour on a store — index copies kept in the entity group
 * transaction, ETag rules, batches, queries, paging, concurrency, request costs, cached reads — as JUnit 5 tests that
 * every backend runs, memory, H2 and Azure here and a third party's through {@link io.tablemapper.tck.StoreUnderTest}.
 * The SPI-level kit, which checks the store alone, is {@code backend-tck}.
 */
package io.tablemapper.tck;
