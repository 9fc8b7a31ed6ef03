package io.tablemapper.tck;

import io.tablemapper.spi.TableBackend;

/**
 * A store the kit runs the mapper on: how a backend plugs into the repository-level conformance kit.
 *
 * <p>A runner (a JUnit Platform {@code @Suite} that selects the package {@code io.tablemapper.tck}) names, in the
 * configuration parameter {@value #STORES}, a class that implements this interface: an enum, whose constants are
 * the configurations to run the kit on, or a class with a public no-argument constructor, the one configuration.
 * Every test of the kit then runs once per configuration, as a test of its own.
 *
 * <p>Each test takes a {@linkplain #newStore() new, empty store} and closes it when it ends (through the mapper it
 * builds over it, which closes its backend); a store that holds something outside the JVM (a database file, an
 * account of a service) cleans up as {@link TableBackend#close()} or {@link #newStore()} sees fit. Tests run one at
 * a time.
 */
public interface StoreUnderTest {
  /** The configuration parameter that names the class of the stores under test. */
  String STORES = "tablemapper.tck.stores";

  /**
   * A new store, empty of tables, that this test alone uses.
   *
   * @return the store; the test closes it
   */
  TableBackend newStore();

  /**
   * How the store versions the rows one batch writes.
   *
   * @return {@link BatchVersions#SHARED} if every row of a batch gets the batch's one ETag,
   *     {@link BatchVersions#DISTINCT} if each gets one no other row has, {@link BatchVersions#EITHER} if each gets
   *     one of its own that may happen to equal another's
   */
  BatchVersions batchVersions();
}
