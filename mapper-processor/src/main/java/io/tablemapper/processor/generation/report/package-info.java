/**
 * The key-design report of a compilation: a model of every table's key spaces (entity rows and index copies, grouped
 * by the partitions they share, in key order) and of the key ranges each repository method reads, listed under every
 * table it reads ({@code KeyDesign}, built by {@code KeyDesignBuilder}). Example keys are composed by the runtime's
 * encodings from values made up by the properties' names ({@code KeySamples}, {@code SampleValues}); columns carry
 * the store type as stored ({@code StoredTypes}: Binary for an encrypted value, a String reference for a large one);
 * methods are named with their parameters ({@code MethodLabels}). It is drawn as one self-contained HTML page that
 * wraps at separators only ({@code HtmlKeyDesign}, {@code Wrap}) and as its Markdown twin ({@code MarkdownKeyDesign}).
 */
package io.tablemapper.processor.generation.report;
