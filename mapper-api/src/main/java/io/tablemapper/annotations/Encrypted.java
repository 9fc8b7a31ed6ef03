package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Encrypts a property in the client before it reaches any backend, and decrypts it on read: AES-256-GCM with a fresh
 * nonce per value, under the key the mapper was built with ({@code TableMapper.builder().encryptionKey(id, key)} or
 * {@code encryptionKeys(resolver)}). The store holds a Binary value that names its key and is bound to the entity's
 * table, PartitionKey, RowKey and the property's stored name, so a value copied to another entity or property does
 * not decrypt; one that cannot be decrypted is a {@link io.tablemapper.api.DecryptionException}.
 *
 * <p>Allowed on properties the store holds as a String or a Binary: {@code String}, {@code byte[]}, {@code char},
 * enums, {@code BigDecimal}, {@code BigInteger} and {@code @Json} properties (which is how any other type, a number
 * or a time, is encrypted: as its JSON text). Numbers, booleans, times and UUIDs are refused ({@code [EncryptedType]}):
 * the stored format names only two plaintext encodings, UTF-8 text and raw bytes, which every language reads alike.
 * An encrypted property cannot be part of a key or of an index's key ({@code [EncryptedKey]}) nor a condition of a
 * derived query ({@code [QueryEncryptedProperty]}): the store only ever sees its ciphertext. Index copies (in the
 * partition and beyond it), unique claims, the rows of a wide entity, large values and the work records of pending
 * work carry the ciphertext, never the plaintext, and so do projections. The stored format is described in the
 * documentation's security chapter, docs/security.md.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER, ElementType.METHOD})
public @interface Encrypted {}
