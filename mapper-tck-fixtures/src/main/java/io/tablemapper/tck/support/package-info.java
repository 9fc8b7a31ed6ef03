/**
 * What the conformance kit ({@code mapper-tck}) and the runtime's own tests share besides the fixtures: the built-in
 * stores they run the mapper on, made in one place ({@link Stores}: memory with either way of versioning a batch, H2 in
 * memory and in a file, Azure on Azurite), a backend that lets a test act between the mapper's requests and counts them
 * ({@link InterceptingBackend}), a base for a test's backend that forwards every call to another and overrides only
 * what it changes ({@link ForwardingBackend}), the rows a backend stores read past the mapper ({@link RawRows}), and
 * the invariants of index copies: the fixture {@code Employee}'s intra-partition copies ({@link EmployeeCopies}) and
 * {@code Staffer}'s remote ones ({@link StafferCopies}). The fixtures themselves ({@code io.tablemapper.tck.fixtures})
 * are compiled by the real annotation processor in this module and are not documented: they are the kits' own.
 */
package io.tablemapper.tck.support;
