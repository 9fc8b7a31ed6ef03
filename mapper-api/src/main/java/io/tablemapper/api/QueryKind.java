package io.tablemapper.api;

/** How a query reaches the store, most efficient first; decided at compile time for every repository method. */
public enum QueryKind {
  /** PartitionKey and RowKey fully bound: at most one entity, one request. */
  POINT,
  /** PartitionKey bound and a RowKey prefix or range: reads only matching keys. */
  RANGE,
  /** PartitionKey bound, filter on other properties: reads the whole partition's entities of the type. */
  PARTITION_SCAN,
  /** No PartitionKey: reads every partition of the table. */
  TABLE_SCAN
}
