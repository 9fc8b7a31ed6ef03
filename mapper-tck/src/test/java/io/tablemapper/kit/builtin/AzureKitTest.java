package io.tablemapper.kit.builtin;

import io.tablemapper.tck.StoreUnderTest;
import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/** The repository-level kit on Azure Table Storage on Azurite. */
@Suite
@SelectPackages("io.tablemapper.tck")
@ConfigurationParameter(key = StoreUnderTest.STORES, value = "io.tablemapper.kit.builtin.AzuriteStore")
class AzureKitTest {}
