package io.tablemapper.internal.mapping;

/**
 * Handed by the runtime to a generated repository's constructor ({@code EmployeeRepository__Impl(RepositoryContext)}),
 * which asks it for the support of its entity.
 */
public interface RepositoryContext {

  /** The support for one entity class. */
  <T> RepositorySupport<T> support(EntityMapping<T> mapping);
}
