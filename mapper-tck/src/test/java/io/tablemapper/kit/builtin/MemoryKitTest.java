package io.tablemapper.kit.builtin;

import io.tablemapper.tck.StoreUnderTest;
import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/** The repository-level kit on the in-memory store: both ways of versioning a batch, and the simulated Cosmos DB. */
@Suite
@SelectPackages("io.tablemapper.tck")
@ConfigurationParameter(key = StoreUnderTest.STORES, value = "io.tablemapper.kit.builtin.MemoryStores")
class MemoryKitTest {}
