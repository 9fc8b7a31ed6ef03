package io.tablemapper.spi;

/**
 * Which service's rules a store follows ({@link TableBackend#profile()}): Azure Table Storage, or the Cosmos DB
 * Table API, which speaks the same protocol but differs in order, limits and continuation. The runtime reads these
 * facts to keep every repository method's result the same on both (key order where Table Storage gives it, each row
 * once across pages), and to refuse before sending what the store would refuse; the plan report says what that
 * costs ({@link #costNote()}).
 */
public enum StoreProfile {
  /**
   * Azure Table Storage (and Azurite, and every local backend by default): results in (PartitionKey, RowKey) order,
   * keys of up to {@value StoreLimits#MAX_KEY_LENGTH} characters, batches of up to 4 MiB, table names compared
   * ignoring case, and a continuation token that names a key, resuming after the last row returned.
   */
  AZURE_TABLE_STORAGE(true, true, Integer.MAX_VALUE, StoreLimits.MAX_BATCH_SIZE, false, true, false),

  /**
   * The Cosmos DB Table API: query results in no key order (within a partition too), RowKeys of at most
   * {@value StoreLimits#COSMOS_MAX_ROW_KEY_BYTES} bytes of UTF-8, batches of at most 2 MiB, table names compared with
   * their case, opaque continuation tokens that only the store can resume from, and an ETag of its own for every row
   * of a batch.
   */
  COSMOS_TABLE(
      false, false, StoreLimits.COSMOS_MAX_ROW_KEY_BYTES, StoreLimits.COSMOS_MAX_BATCH_SIZE, true, false, true);

  private final boolean orderedInPartition;
  private final boolean orderedAcrossPartitions;
  private final int maxRowKeyBytes;
  private final int maxBatchBytes;
  private final boolean caseSensitiveTableNames;
  private final boolean keyContinuation;
  private final boolean versionPerBatchRow;

  StoreProfile(boolean orderedInPartition, boolean orderedAcrossPartitions, int maxRowKeyBytes, int maxBatchBytes,
      boolean caseSensitiveTableNames, boolean keyContinuation, boolean versionPerBatchRow) {
    this.orderedInPartition = orderedInPartition;
    this.orderedAcrossPartitions = orderedAcrossPartitions;
    this.maxRowKeyBytes = maxRowKeyBytes;
    this.maxBatchBytes = maxBatchBytes;
    this.caseSensitiveTableNames = caseSensitiveTableNames;
    this.keyContinuation = keyContinuation;
    this.versionPerBatchRow = versionPerBatchRow;
  }

  /** Whether the rows of one partition come in RowKey order. */
  public boolean orderedWithinPartition() {
    return orderedInPartition;
  }

  /** Whether the rows of several partitions come in PartitionKey order (and each partition's in RowKey order). */
  public boolean orderedAcrossPartitions() {
    return orderedAcrossPartitions;
  }

  /** Whether every query's rows come in (PartitionKey, RowKey) order: both orders above. */
  public boolean ordered() {
    return orderedInPartition && orderedAcrossPartitions;
  }

  /**
   * The most bytes of UTF-8 in a RowKey, beyond the {@value StoreLimits#MAX_KEY_LENGTH} characters every profile
   * allows; {@link Integer#MAX_VALUE} where only that character limit holds.
   */
  public int maxRowKeyBytes() {
    return maxRowKeyBytes;
  }

  /** The largest batch, both in the store's size estimate and as its request body ({@link BatchRules}). */
  public int maxBatchBytes() {
    return maxBatchBytes;
  }

  /** Whether {@code Orders} and {@code orders} are two tables (true) or one (false). */
  public boolean caseSensitiveTableNames() {
    return caseSensitiveTableNames;
  }

  /**
   * Whether a continuation token stands for a key (the next page starts after the last row returned, so a reader
   * may resume at any key itself), or is opaque (false): only the store's own token resumes a query, and a page read
   * "after the last key" may skip rows.
   */
  public boolean keyContinuation() {
    return keyContinuation;
  }

  /**
   * Whether every row of a batch gets its own ETag and Timestamp (true), or the rows of a batch may share one (as
   * the Azure Table service gives them; Azurite gives each its own). Callers take each row's version from its own
   * operation's result either way.
   */
  public boolean versionPerBatchRow() {
    return versionPerBatchRow;
  }

  /**
   * What an ordered result costs on this profile, for plans: empty on an ordered store,
   * {@code "; on COSMOS_TABLE: sorted in the client"} on an unordered one (the range is read whole, then sorted).
   */
  public String costNote() {
    return ordered() ? "" : "; on " + name() + ": sorted in the client";
  }
}
