/**
 * The backend conformance kit: one JUnit 5 suite of the store's semantics that every
 * {@link io.tablemapper.spi.TableBackend} subclasses and passes, so that the in-memory, H2 and Azure backends
 * behave alike and like Azure Table Storage.
 *
 * <p>Subclass {@link io.tablemapper.backend.tck.TableBackendConformanceTest} and implement
 * {@code createBackend()}. The suite assumes only the documented SPI contract ({@code TableBackend},
 * {@code WriteOperation}, {@code TableQuery}, {@code Filter}, {@code StoreLimits}): for example it pages by
 * following continuation tokens and accepts pages shorter than the limit. Its groups of tests live in
 * package-private classes ({@code OrderingTests}, {@code StoreLimitTests}, ...) that the public class runs as
 * nested classes; {@code ModelStore} is the plain sorted-map oracle of the randomized model-based test.
 */
package io.tablemapper.backend.tck;
