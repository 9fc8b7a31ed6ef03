package io.tablemapper.micrometer;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.AsyncTableRepository;

/** The badges, written on the store's async path. */
@Repository
public interface AsyncBadgeRepository extends AsyncTableRepository<Badge> {}
