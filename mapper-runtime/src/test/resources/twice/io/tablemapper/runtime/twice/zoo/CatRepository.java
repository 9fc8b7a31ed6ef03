package io.tablemapper.runtime.twice.zoo;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;

/** The writes of an intermediate class. */
@Repository
public interface CatRepository extends TableRepository<Cat> {}
