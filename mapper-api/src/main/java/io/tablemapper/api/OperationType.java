package io.tablemapper.api;

/** What kind of operation an {@link OperationEvent} reports. */
public enum OperationType {
  /**
   * A repository read: a find, get, list, page, count or exists method, or one page of a stream method. The event
   * names the method and carries its {@link QueryKind} and plan.
   */
  QUERY,
  /** A repository delete method ({@code deleteBy...}): reads the matching entities, then deletes them. */
  DELETE_BY_QUERY,
  /** One entity inserted, through a repository or a {@link DynamicTable}. */
  INSERT,
  /** One entity inserted or replaced, through a repository or a {@link DynamicTable}. */
  UPSERT,
  /** One entity replaced, through a repository or a {@link DynamicTable}. */
  UPDATE,
  /** One entity merged, through a repository or a {@link DynamicTable}, whole or some of its properties. */
  MERGE,
  /** One entity merged into its stored row, or inserted when there was none, through a repository, a
   * {@link DynamicTable} or a partial merge. */
  UPSERT_MERGE,
  /** One entity deleted, through a repository or a {@link DynamicTable}. */
  DELETE,
  /** {@link Batch#commit()}: one entity group transaction. */
  BATCH,
  /** {@link Partition#all()} or {@link Partition#page}, of every type or of one class. */
  PARTITION_READ,
  /** {@link DynamicTable#get}. */
  DYNAMIC_GET,
  /** {@link DynamicTable#query}, whole or one page. */
  DYNAMIC_QUERY,
  /** {@link TableMapper#deleteTable}. */
  DELETE_TABLE,
  /** {@link TableMapper#sweepLargeValues}. */
  SWEEP_LARGE_VALUES,
  /**
   * {@link IndexAdmin#build}: a scan of the entity's table writing what its entities lack. The event's method is
   * {@code IndexAdmin.build(<index>)}.
   */
  INDEX_BUILD,
  /** {@link IndexAdmin#verify}: a scan that reads only. The event's method is {@code IndexAdmin.verify(<index>)}. */
  INDEX_VERIFY,
  /**
   * {@link IndexAdmin#repair}: a build that also rewrites stale copies and deletes orphans. The event's method is
   * {@code IndexAdmin.repair(<index>)}.
   */
  INDEX_REPAIR,
  /** {@link IndexAdmin#drop}: the rows of an index no longer declared deleted. The event's method is
   * {@code IndexAdmin.drop(<index>)}. */
  INDEX_DROP,
  /**
   * {@link IndexAdmin#state} or {@link IndexAdmin#recorded}: a read of the indexes' state as the store records it.
   * The event's method is {@code IndexAdmin.state(<index>)} or {@code IndexAdmin.recorded()}.
   */
  INDEX_STATE,
  /** {@link TableMapper#tables}: the tables of an entity class that exist. */
  LIST_TABLES,
  /**
   * {@link TableMapper#completePending()}: the pending work of the store finished. (The background completer's work
   * is traced, one span per piece of work, but reported to no listener: the application did not call it.)
   */
  COMPLETE_PENDING,
  /**
   * {@link EventualBatch#commit()}: the checks of its later writes against the store, the first write's transaction
   * (which records the others), and the steps that apply the others, as its children.
   */
  EVENTUAL_BATCH,
  /** {@link TableMapper#reencrypt}: a scan of one table rewriting the entities whose encrypted values are stale. */
  REENCRYPT,
  /**
   * The background completer's look at its slice of the store's registry of pending work: traced only, as an
   * operation without a parent, the work it finds ({@link #COMPLETE_PENDING}, one per piece) under it; reported to no
   * listener, since the application did not call it. The event's method is
   * {@code BackgroundCompleter.look(slice <i> of <n>)}, its table the registry's, and its {@link
   * OperationEvent#foundWork()} whether the look found work (else the completer backs off before the next).
   */
  POLL_PENDING
}
