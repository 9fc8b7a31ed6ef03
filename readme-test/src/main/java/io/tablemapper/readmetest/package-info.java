/**
 * The build's check of the README and docs/: writes the application the README's "Using it in your project"
 * describes, with the README's Maven snippet as the POM, for maven-invoker-plugin to build and test against this
 * build's artifacts; checks its Gradle snippet's coordinates against the BOM; and makes every ```java block of the
 * README and docs/ a compilation unit of a project compiled with the processor ({@code SnippetProject}; its
 * {@code main} is the quick loop while writing), and checks the XML
 * blocks. The generated reference pages and the link check are tests of this module. Not published.
 */
package io.tablemapper.readmetest;
