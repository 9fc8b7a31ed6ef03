/**
 * What the conformance kit ({@code mapper-tck}) and the runtime's own tests share besides the fixtures: a backend
 * that lets a test act between the mapper's requests and counts them ({@link InterceptingBackend}), the rows a
 * backend stores read past the mapper ({@link RawRows}), and the invariant of the fixture {@code Staffer}'s remote
 * index copies ({@link StafferCopies}). The fixtures themselves ({@code io.tablemapper.tck.fixtures}) are compiled by
 * the real annotation processor in this module and are not documented: they are the kits' own.
 */
package io.tablemapper.tck.support;
