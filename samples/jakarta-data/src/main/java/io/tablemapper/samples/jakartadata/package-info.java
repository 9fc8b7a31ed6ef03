/**
 * The company's employees and their expense claims through Jakarta Data 1.0 repositories: {@link
 * io.tablemapper.samples.jakartadata.Staff} extends {@code CrudRepository} with a key record, {@link
 * io.tablemapper.samples.jakartadata.Claims} extends nothing; both are planned at compile time by tablemapper's
 * processor and obtained from the mapper as tablemapper's own repositories are.
 */
package io.tablemapper.samples.jakartadata;
