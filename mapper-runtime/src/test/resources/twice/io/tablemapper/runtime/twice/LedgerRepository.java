package io.tablemapper.runtime.twice;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;

/** Writes only: usable whether or not the processor ran. */
@Repository
public interface LedgerRepository extends TableRepository<Ledger> {}
