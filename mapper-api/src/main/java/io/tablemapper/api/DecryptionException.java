package io.tablemapper.api;

/**
 * A stored {@link io.tablemapper.annotations.Encrypted} value does not decrypt: its key id is unknown to the mapper,
 * it was changed (tampered with or truncated), it was copied from another entity or property (its associated data
 * differs), or it is no encrypted value at all. The read returns no value rather than a wrong one.
 */
public class DecryptionException extends EncryptionException {
  private static final long serialVersionUID = 1L;

  private final String entity;
  private final String partitionKey;
  private final String rowKey;
  private final String property;
  private final String keyId;

  /**
   * Creates the exception.
   *
   * @param entity the entity's simple class name
   * @param partitionKey the PartitionKey of the entity the value belongs to
   * @param rowKey the RowKey of the entity the value belongs to
   * @param property the stored name of the property
   * @param keyId the key id the value names, or null when it names none
   * @param reason why it does not decrypt
   */
  public DecryptionException(String entity, String partitionKey, String rowKey, String property, String keyId,
      String reason) {
    super("cannot decrypt property '" + property + "' of " + entity + " (PartitionKey '" + partitionKey
        + "', RowKey '" + rowKey + "')" + (keyId == null ? "" : ", encrypted with key id '" + keyId + "'") + ": "
        + reason);
    this.entity = entity;
    this.partitionKey = partitionKey;
    this.rowKey = rowKey;
    this.property = property;
    this.keyId = keyId;
  }

  /** The entity's simple class name. */
  public String entity() {
    return entity;
  }

  /** The PartitionKey of the entity the value belongs to. */
  public String partitionKey() {
    return partitionKey;
  }

  /** The RowKey of the entity the value belongs to. */
  public String rowKey() {
    return rowKey;
  }

  /** The stored name of the property. */
  public String property() {
    return property;
  }

  /** The key id the stored value names, or null when it names none (it is no encrypted value of this format). */
  public String keyId() {
    return keyId;
  }
}
