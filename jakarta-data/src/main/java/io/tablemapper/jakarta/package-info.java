/**
 * What the repositories the processor generates for Jakarta Data 1.0 interfaces ({@code jakarta.data.repository
 * .Repository}) call: {@link io.tablemapper.jakarta.JakartaSupport}, which runs their lifecycle methods over the
 * entity's {@code RepositorySupport}, turns a tablemapper {@code Page} and its continuation token into a Jakarta
 * Data {@code CursoredPage}, and maps tablemapper's exceptions onto Jakarta Data's in one place
 * ({@link io.tablemapper.jakarta.DataExceptions}). Applications add this module beside {@code jakarta.data-api}; they
 * never call it themselves. Not for users: free to change between releases, like {@code io.tablemapper.internal}.
 */
package io.tablemapper.jakarta;
