/**
 * How a row's values are stored and read back: JSON and times ({@code JsonMappingContext}), {@code @Encrypted}
 * values ({@code EncryptionContext} in the format of {@code EncryptedValues}, keys of a {@code KeyRing}),
 * {@code @Large} values stored out of their rows ({@code LargeValues}: references, names, sweeps; its fetches are
 * {@code LargeFetches}, reached on read through {@code LargeValueContext}), wide entities made whole from their parts ({@code WideReads} over
 * {@code RowReads}), and what reads make of the rows they found, under the mapper's malformed-row policy
 * ({@code RowDecoder}).
 *
 * <p>Internal to the runtime, not an API. Uses: {@code mapping}, {@code observe}, {@code config}, {@code support}.
 */
package io.tablemapper.runtime.values;
