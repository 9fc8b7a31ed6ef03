package io.tablemapper.kit.builtin;

import io.tablemapper.tck.StoreUnderTest;
import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.IncludeClassNamePatterns;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * The kit's history checker alone, on all five built-in stores: not a {@code *Test}, so the build runs the checker
 * only within the kit's runners; {@code mvn -pl mapper-tck -am test -Dtest=HistorySoak
 * -Dsurefire.failIfNoSpecifiedTests=false} runs it by itself, with {@code -Dtablemapper.soak=600s} for a soak and
 * {@code -Dtablemapper.history.stores=H2,H2_FILE} for some stores only.
 */
@Suite
@SelectPackages("io.tablemapper.tck")
@IncludeClassNamePatterns(".*HistoryCheckTest")
@ConfigurationParameter(key = StoreUnderTest.STORES, value = "io.tablemapper.kit.builtin.HistoryStores")
class HistorySoak {}
