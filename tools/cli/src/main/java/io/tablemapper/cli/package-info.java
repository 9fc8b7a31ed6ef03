/**
 * The {@code tablemapper} command ({@link io.tablemapper.cli.TableMapperCli}): {@code indexes
 * status|build|verify|repair|drop} over an application's entity classes, and {@code inspect}, the rows of a table
 * decoded through them, on an H2 file, an Azure Tables account or in memory. Only the entry point is public; the
 * commands are picocli classes of this package.
 */
package io.tablemapper.cli;
