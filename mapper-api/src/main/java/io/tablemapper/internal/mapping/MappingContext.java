package io.tablemapper.internal.mapping;

import io.tablemapper.api.EncryptionException;
import io.tablemapper.spi.TableRow;
import java.time.Instant;

/**
 * What generated mapping code needs from the runtime while converting: JSON for {@code @Json} properties, the
 * mapper's {@link io.tablemapper.api.TimePrecisionPolicy} for times finer than the store's ticks, and the mapper's
 * keys for {@code @Encrypted} properties ({@link EntityMapping#toStoredRow}, {@link EntityMapping#fromStoredRow}).
 */
public interface MappingContext {

  /**
   * The store value of a DateTime property that is not part of a key and is more precise than the store's 100 ns
   * ticks, by the mapper's {@link io.tablemapper.api.TimePrecisionPolicy}; called through
   * {@link EntityMapping#dateTime}. By default truncated ({@link Values#truncateToTicks}), the policy's default.
   *
   * @param entity the entity's name, for messages
   * @param property the property's Java name, for messages
   * @throws io.tablemapper.api.InvalidEntityException naming the entity, property and value if the policy refuses it
   */
  default Instant subTickDateTime(Instant value, String entity, String property) {
    return Values.truncateToTicks(value);
  }

  /**
   * The JSON text of a value; null for null.
   *
   * @throws io.tablemapper.api.InvalidEntityException naming the entity and property if it cannot be written
   */
  String toJson(JsonType<?> type, Object value);

  /**
   * The value of a JSON text; null for null.
   *
   * @throws io.tablemapper.api.InvalidEntityException naming the entity and property if it cannot be read
   */
  <V> V fromJson(JsonType<V> type, String json);

  /**
   * The row with the mapping's {@link EntityMapping#encryptedProperties()} encrypted. By default there are no keys.
   *
   * @throws EncryptionException if the context has no key to encrypt with
   */
  default TableRow encrypt(EntityMapping<?> mapping, TableRow row) {
    throw noKeys(mapping);
  }

  /**
   * The row with the mapping's {@link EntityMapping#encryptedProperties()} decrypted. By default there are no keys.
   *
   * @throws io.tablemapper.api.DecryptionException if a value does not decrypt
   * @throws EncryptionException if the context has no keys
   */
  default TableRow decrypt(EntityMapping<?> mapping, TableRow row) {
    throw noKeys(mapping);
  }

  /**
   * The row with the values of the mapping's {@link EntityMapping#largeProperties()} fetched from where they are
   * stored, in place of their references. By default there is no such store.
   *
   * @throws io.tablemapper.api.LargeValueNotFoundException if a referenced value is missing
   * @throws io.tablemapper.api.InvalidEntityException if the context has no store for large values
   */
  default TableRow fetch(EntityMapping<?> mapping, TableRow row) {
    throw new io.tablemapper.api.InvalidEntityException(mapping.entityClass().getSimpleName()
        + " has @Large properties " + mapping.largeProperties() + " but this context has no store for them");
  }

  private static EncryptionException noKeys(EntityMapping<?> mapping) {
    return new EncryptionException(mapping.entityClass().getSimpleName() + " has @Encrypted properties "
        + mapping.encryptedProperties() + " but this mapper has no encryption keys; build it with"
        + " TableMapper.builder().encryptionKey(keyId, key) or .encryptionKeys(resolver)");
  }
}
