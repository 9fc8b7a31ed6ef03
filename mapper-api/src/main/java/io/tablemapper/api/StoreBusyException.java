package io.tablemapper.api;

/**
 * The store refused a request because it was too busy (Azure: HTTP 429, or 503 {@code ServerBusy}: the partition
 * or the account over its scalability target) and still refused it after the configured retries with back-off. The
 * message names the table and the PartitionKey the request addressed and what to do: spread the load over more
 * partitions (a busy partition is served by one server, at about 2,000 entities per second on Azure Table
 * Storage), slow the writers down, or give the backend a larger retry budget.
 *
 * <p>A {@link StoreUnavailableException}: the store could not take the request now, and may later, so code that
 * retries unavailable stores later handles a busy one too. As there, a request whose earlier attempt got no answer
 * before the busy ones may have been applied; the mapper treats it as not known to be refused (work it recorded
 * before the request is completed later).
 */
public class StoreBusyException extends StoreUnavailableException {
  private static final long serialVersionUID = 1L;

  private final String table;
  private final String partitionKey;

  /**
   * Creates the exception.
   *
   * @param message what was refused, naming the table and partition, and what to do
   * @param table the table the request addressed, or null for a request of no one table (listing tables)
   * @param partitionKey the PartitionKey the request addressed, or null where it addressed several (a query over a
   *     range of partitions) or none
   * @param cause the store's last answer, or null
   */
  public StoreBusyException(String message, String table, String partitionKey, Throwable cause) {
    super(message, cause);
    this.table = table;
    this.partitionKey = partitionKey;
  }

  /** The table the refused request addressed, or null. */
  public String table() {
    return table;
  }

  /** The PartitionKey the refused request addressed, or null where it addressed several partitions or none. */
  public String partitionKey() {
    return partitionKey;
  }
}
