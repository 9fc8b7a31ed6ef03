/** The library's entities and repositories, and what the processor generates for them. */
package io.tablemapper.samples.modular.library;
