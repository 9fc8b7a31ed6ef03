package io.tablemapper.api;

/**
 * When a mapper creates the tables it writes to. Whatever the policy, reads never create a table: a read of a table
 * that does not exist (never created, or dropped with {@link TableMapper#deleteTable}) finds no rows. Chosen with
 * {@link TableMapper.Builder#tableCreation(TableCreation)}.
 */
public enum TableCreation {

  /**
   * The default: the first insert or upsert of a mapper into a table (through a repository, a batch or a dynamic
   * table) creates it unless it exists, and so does the first one after the table was dropped: one request per
   * table and mapper, and one more after each drop the mapper learns of. Updates, merges and deletes alone never
   * create a table: in a missing table they fail as for a missing entity ({@link EntityNotFoundException}, or
   * nothing for a delete by query).
   */
  CREATE_ON_WRITE,

  /**
   * The mapper never creates a table: the tables are made by whoever deploys the application, and the mapper may
   * hold credentials that cannot create tables (a table-scoped SAS). A write to a table that does not exist throws
   * {@link TableNotFoundException} naming the table and this policy, and writes nothing.
   */
  NEVER,

  /**
   * As {@link #NEVER}, and {@link TableMapper.Builder#build()} first checks that the table of every class given to
   * {@link TableMapper.Builder#entities} exists (one read of each table), throwing {@link TableNotFoundException}
   * naming every missing one: a deployment without its tables fails at start, not at its first write.
   */
  VERIFY_AT_START
}
