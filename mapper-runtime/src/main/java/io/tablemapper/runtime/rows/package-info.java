/**
 * The formats of the rows the mapper keeps beside its entities, each known in one place: index copies in and beyond
 * the entity's partition, with the addresses of remote copies ({@code IndexCopies}); key lists ({@code IndexLists});
 * the records and registry entries of durable pending work ({@code PendingRows}) and the steps a record holds
 * ({@code PendingStep}, with the {@code WriteKind} it records); the state rows of indexes ({@code IndexStateRows}).
 *
 * <p>Internal to the runtime, not an API. Uses: {@code values}, {@code mapping}.
 */
package io.tablemapper.runtime.rows;
