package io.tablemapper.micrometer;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;

/** The badges. */
@Repository
public interface BadgeRepository extends TableRepository<Badge> {}
