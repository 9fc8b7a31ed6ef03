package io.tablemapper.kit.builtin;

import io.tablemapper.tck.StoreUnderTest;
import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/** The repository-level kit on H2 in memory and in a file. */
@Suite
@SelectPackages("io.tablemapper.tck")
@ConfigurationParameter(key = StoreUnderTest.STORES, value = "io.tablemapper.kit.builtin.H2Stores")
class H2KitTest {}
