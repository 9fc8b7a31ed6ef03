/**
 * The check of a release's artifact set: what a central repository requires of every published module (a POM with
 * name, description, url, licence, scm and developers, itself or through its published parent; the jar, its
 * sources and Javadoc; a checksum or signature beside every file; no dependency on a module that is not
 * published, and none on a snapshot from a release), plus what tablemapper promises of its jars (a module name,
 * reproducible entry times). {@link io.tablemapper.releasecheck.ReleaseCheck} runs it on the build's own outputs in
 * every build that runs the tests, and on the staged repository under the release profile. Not published.
 */
package io.tablemapper.releasecheck;
