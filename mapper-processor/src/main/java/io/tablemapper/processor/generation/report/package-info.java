/**
 * The key-design report of a compilation: a model of every table's key spaces (entity rows and index copies, grouped
 * by the partitions they share, in key order) and of the key range each repository method reads
 * ({@code KeyDesign}, built by {@code KeyDesignBuilder} with example keys from {@code KeySamples}), drawn as one
 * self-contained HTML page ({@code HtmlKeyDesign}) and as its Markdown twin ({@code MarkdownKeyDesign}).
 */
package io.tablemapper.processor.generation.report;
