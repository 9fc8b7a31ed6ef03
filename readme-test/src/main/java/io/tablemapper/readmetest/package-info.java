/**
 * The build's check of the README: writes the application its "Using it in your project" describes, with the
 * README's Maven snippet as the POM, for maven-invoker-plugin to build and test against this build's artifacts; and
 * checks its Gradle snippet's coordinates against the BOM. Not published.
 */
package io.tablemapper.readmetest;
