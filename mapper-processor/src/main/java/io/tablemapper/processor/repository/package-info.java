/**
 * Reading a {@code @Repository} interface ({@code RepositoryAnalyzer}) and each of its methods
 * ({@code QueryMethodAnalyzer}): one {@code QueryMethodKind} per kind of derived method (find, page, count, exists,
 * delete), chosen from a list, each checking its own return types and rules; the order a method may ask for
 * ({@code OrderChecks}). Every "cannot implement" error starts with the method's signature.
 */
package io.tablemapper.processor.repository;
