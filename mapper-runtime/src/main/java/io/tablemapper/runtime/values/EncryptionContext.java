package io.tablemapper.runtime.values;

import io.tablemapper.api.DecryptionException;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.EncryptionKeyResolver;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.JsonType;
import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableRow;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Optional;
import javax.crypto.AEADBadTagException;
import javax.crypto.SecretKey;

/**
 * The {@link MappingContext} of a mapper with encryption keys: JSON and times as its {@link JsonMappingContext}
 * says, and the {@code @Encrypted} properties of every row encrypted after {@code toRow} and decrypted before
 * {@code fromRow} ({@link EntityMapping#toStoredRow}, {@link EntityMapping#fromStoredRow}), in the format of
 * {@link EncryptedValues}. The one place where the runtime's rows and generated code's rows alike are encrypted.
 */
public final class EncryptionContext implements MappingContext {
  private final MappingContext delegate;
  private final EncryptionKeyResolver keys;

  public EncryptionContext(MappingContext delegate, EncryptionKeyResolver keys) {
    this.delegate = delegate;
    this.keys = keys;
  }

  /** The keys' resolver. */
  EncryptionKeyResolver keys() {
    return keys;
  }

  @Override
  public Instant subTickDateTime(Instant value, String entity, String property) {
    return delegate.subTickDateTime(value, entity, property);
  }

  @Override
  public String toJson(JsonType<?> type, Object value) {
    return delegate.toJson(type, value);
  }

  @Override
  public <V> V fromJson(JsonType<V> type, String json) {
    return delegate.fromJson(type, json);
  }

  @Override
  public TableRow encrypt(EntityMapping<?> mapping, TableRow row) {
    String keyId;
    SecretKey key;
    try {
      keyId = keys.currentKeyId();
      key = keyId == null ? null : keys.key(keyId).orElse(null);
    } catch (RuntimeException e) {
      throw new EncryptionException("cannot encrypt the @Encrypted properties " + mapping.encryptedProperties()
          + " of " + subject(mapping, row) + ": the key resolver failed (" + resolverFailure(e) + ")", e);
    }
    if (key == null) {
      throw new EncryptionException("cannot encrypt the @Encrypted properties " + mapping.encryptedProperties()
          + " of " + subject(mapping, row) + ": the current key id " + (keyId == null ? "is not set"
          : "'" + keyId + "' resolves to no key") + " in " + keys.getClass().getSimpleName());
    }
    TableRow.Builder encrypted = null;
    for (String property : mapping.encryptedProperties()) {
      Object value = row.get(property);
      if (value == null) {
        continue;
      }
      byte encoding;
      byte[] plaintext;
      if (value instanceof String) {
        encoding = EncryptedValues.TEXT;
        plaintext = ((String) value).getBytes(StandardCharsets.UTF_8);
      } else if (value instanceof byte[]) {
        encoding = EncryptedValues.BYTES;
        plaintext = (byte[]) value;
      } else {
        throw new EncryptionException("cannot encrypt property '" + property + "' of " + subject(mapping, row)
            + ": its stored value is a " + value.getClass().getSimpleName() + ", and only String and Binary values"
            + " are encrypted");
      }
      if (encrypted == null) {
        encrypted = row.toBuilder();
      }
      try {
        encrypted.putBinary(property, EncryptedValues.encrypt(keyId, key, encoding, plaintext, binding(mapping, row,
            property)));
      } catch (GeneralSecurityException | IllegalArgumentException e) {
        throw new EncryptionException("cannot encrypt property '" + property + "' of " + subject(mapping, row)
            + " with key id '" + keyId + "': " + describe(e), e);
      }
    }
    return encrypted == null ? row : encrypted.build();
  }

  @Override
  public TableRow decrypt(EntityMapping<?> mapping, TableRow row) {
    return decrypt(mapping, row, false);
  }

  /**
   * The row decrypted, for {@link io.tablemapper.api.TableMapper#reencrypt}: as {@link #decrypt}, except that a
   * String value is taken as the plaintext of a property written before it was {@code @Encrypted}. A Binary value
   * must decrypt: a plaintext cannot be told from a damaged ciphertext there.
   */
  public TableRow decryptForRewrite(EntityMapping<?> mapping, TableRow row) {
    return decrypt(mapping, row, true);
  }

  private TableRow decrypt(EntityMapping<?> mapping, TableRow row, boolean plaintextStrings) {
    TableRow.Builder decrypted = null;
    for (String property : mapping.encryptedProperties()) {
      Object value = row.get(property);
      if (value == null || plaintextStrings && value instanceof String) {
        continue;
      }
      if (decrypted == null) {
        decrypted = row.toBuilder();
      }
      decrypted.put(property, plaintext(mapping, row, property, value));
    }
    return decrypted == null ? row : decrypted.build();
  }

  /**
   * Whether a row holds an encrypted value under another key than the current one, or a value that is not
   * encrypted: {@link io.tablemapper.api.TableMapper#reencrypt} rewrites it.
   */
  public boolean stale(EntityMapping<?> mapping, TableRow row) {
    String current = keys.currentKeyId();
    for (String property : mapping.encryptedProperties()) {
      Object value = row.get(property);
      if (value == null) {
        continue;
      }
      if (!(value instanceof byte[])) {
        return true;
      }
      try {
        if (!EncryptedValues.header((byte[]) value).keyId().equals(current)) {
          return true;
        }
      } catch (EncryptedValues.MalformedValueException e) {
        return true; // decrypting it for the rewrite reports what is wrong with it
      }
    }
    return false;
  }

  private Object plaintext(EntityMapping<?> mapping, TableRow row, String property, Object value) {
    String entity = mapping.entityClass().getSimpleName();
    String rowKey = ownRowKey(row);
    if (!(value instanceof byte[])) {
      throw new DecryptionException(entity, row.partitionKey(), rowKey, property, null, "it is stored as a "
          + value.getClass().getSimpleName() + ", not encrypted (written before the property was @Encrypted?);"
          + " encrypt the table's values with mapper.reencrypt(\"" + mapping.table() + "\")");
    }
    byte[] stored = (byte[]) value;
    EncryptedValues.Header header;
    try {
      header = EncryptedValues.header(stored);
    } catch (EncryptedValues.MalformedValueException e) {
      throw new DecryptionException(entity, row.partitionKey(), rowKey, property, null,
          "it is no encrypted value: " + e.getMessage());
    }
    Optional<SecretKey> key;
    try {
      key = keys.key(header.keyId());
    } catch (RuntimeException e) {
      throw new DecryptionException(entity, row.partitionKey(), rowKey, property, header.keyId(),
          "the key resolver failed (" + resolverFailure(e) + ")");
    }
    if (key.isEmpty()) {
      throw new DecryptionException(entity, row.partitionKey(), rowKey, property, header.keyId(),
          "this mapper has no key with that id; add it with encryptionKey(\"" + header.keyId() + "\", key)"
              + " or to the key resolver");
    }
    byte[] plaintext;
    try {
      plaintext = EncryptedValues.decrypt(stored, header, key.get(), binding(mapping, row, property));
    } catch (AEADBadTagException e) {
      throw new DecryptionException(entity, row.partitionKey(), rowKey, property, header.keyId(),
          "it does not authenticate: it was changed, copied from another entity or property, or encrypted with"
              + " another key of that id");
    } catch (GeneralSecurityException e) {
      throw new DecryptionException(entity, row.partitionKey(), rowKey, property, header.keyId(), describe(e));
    }
    if (header.encoding() == EncryptedValues.BYTES) {
      return plaintext;
    }
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(plaintext))
          .toString();
    } catch (CharacterCodingException e) {
      throw new DecryptionException(entity, row.partitionKey(), rowKey, property, header.keyId(),
          "its plaintext is marked as text but is no UTF-8");
    }
  }

  /**
   * What a value is bound to: the entity's table, PartitionKey and own RowKey (a full index copy names it in
   * {@link EntityMapping#PRIMARY_ROW_KEY_PROPERTY}) and the property's stored name.
   */
  private static EncryptedValues.Binding binding(EntityMapping<?> mapping, TableRow row, String property) {
    return new EncryptedValues.Binding(mapping.table(), row.partitionKey(), ownRowKey(row), property);
  }

  private static String ownRowKey(TableRow row) {
    Object primary = row.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    return primary instanceof String ? (String) primary : row.rowKey();
  }

  private static String subject(EntityMapping<?> mapping, TableRow row) {
    return mapping.entityClass().getSimpleName() + " " + TableRow.keys(row.partitionKey(), ownRowKey(row))
        .describeKeys();
  }

  /** A resolver's failure: its class, and the message of one of tablemapper's exceptions (never key material). */
  private static String resolverFailure(RuntimeException e) {
    return e instanceof TableMapperException ? e.getMessage() : e.getClass().getSimpleName();
  }

  /** An exception's class and message, which the JDK's crypto providers word without key material. */
  private static String describe(Exception e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  @Override
  public String toString() {
    return "EncryptionContext[current key id '" + keys.currentKeyId() + "']";
  }
}
