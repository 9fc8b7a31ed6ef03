package io.tablemapper.runtime;

import io.tablemapper.internal.mapping.MappingContext;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.write.WriteFailures.Mode;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.List;
import java.util.Optional;
import io.tablemapper.runtime.mapping.Discriminator;
import io.tablemapper.runtime.values.EncryptionContext;
import io.tablemapper.runtime.support.Futures;
import io.tablemapper.runtime.rows.IndexCopies;
import io.tablemapper.runtime.values.LargeValues;
import io.tablemapper.runtime.config.MapperSettings;
import io.tablemapper.runtime.pending.PendingWork;
import io.tablemapper.runtime.values.RowReads;
import io.tablemapper.runtime.store.Tables;
import io.tablemapper.runtime.mapping.TypeRegistry;
import io.tablemapper.runtime.values.WideReads;
import io.tablemapper.runtime.write.WriteIntent;
import io.tablemapper.runtime.write.WriteIntents;
import io.tablemapper.runtime.rows.WriteKind;

/**
 * {@link io.tablemapper.api.TableMapper#reencrypt}: a scan of one table that rewrites, under the current key, every
 * entity whose {@code @Encrypted} values name another key or are not encrypted. Each entity is rewritten through the
 * mapper's write path (so its index copies are rewritten in the same transaction), conditional on the ETag it was
 * read with; when someone wrote it meanwhile it is read again and rewritten only if it still needs it.
 */
final class Reencryption {
  private final TableBackend backend;
  private final Tables tables;
  private final Discriminator discriminator;
  private final TypeRegistry registry;
  private final LargeValues large;
  /** The blocking reads that make a wide entity whole. */
  private final RowReads reads;
  private final MappingContext context;
  /** The context without the fetch of large values: an {@link EncryptionContext} when the mapper has keys. */
  private final MappingContext encryption;
  private final WriteIntents intents;
  private final PendingWork pending;

  Reencryption(TableBackend backend, Tables tables, Discriminator discriminator, TypeRegistry registry,
      LargeValues large, RowReads reads, MappingContext context, MappingContext encryption, WriteIntents intents,
      PendingWork pending) {
    this.backend = backend;
    this.tables = tables;
    this.discriminator = discriminator;
    this.registry = registry;
    this.large = large;
    this.reads = reads;
    this.context = context;
    this.encryption = encryption;
    this.intents = intents;
    this.pending = pending;
  }

  /**
   * Rewrites the table's stale values.
   *
   * @return how many entities were rewritten
   * @throws EncryptionException if the mapper has no keys
   */
  long run(String table) {
    if (!(encryption instanceof EncryptionContext)) {
      throw new EncryptionException("cannot re-encrypt table " + table + ": this mapper has no encryption keys;"
          + " build it with encryptionKey(keyId, key) or encryptionKeys(resolver)");
    }
    EncryptionContext crypto = (EncryptionContext) encryption;
    long rewritten = 0;
    String token = null;
    do {
      TableQuery page = TableQuery.builder(table).limit(StoreLimits.MAX_PAGE_SIZE).continuation(token).build();
      QueryResult rows = tables.read(table, () -> backend.query(page), Tables.NO_ROWS);
      for (TableRow row : rows.rows()) {
        if (rewrite(crypto, table, row)) {
          rewritten++;
        }
      }
      token = rows.continuation();
    } while (token != null);
    return rewritten;
  }

  /** Rewrites one row's entity if it is of a known class with stale values; whether it did. */
  private boolean rewrite(EncryptionContext crypto, String table, TableRow row) {
    String type = discriminator.typeOf(row);
    if (type == null || IndexCopies.isCopyType(type)) {
      return false; // rows of unknown types are not the mapper's; copies are rewritten with their entity
    }
    EntityMapping<?> mapping = registry.find(table, type);
    if (mapping == null || mapping.encryptedProperties().isEmpty()) {
      return false;
    }
    return rewrite(crypto, mapping, row);
  }

  private <T> boolean rewrite(EncryptionContext crypto, EntityMapping<T> mapping,
      TableRow stored) {
    TableRow row = large.fetch(mapping, stored); // its @Large values, encrypted too, are rewritten with it
    for (int attempt = 1; ; attempt++) {
      if (mapping.wide()) {
        row = Futures.join(WideReads.whole(reads, discriminator, mapping, row)); // its parts hold values
        if (row == null) {
          return false;
        }
      }
      if (!crypto.stale(mapping, row)) {
        return false;
      }
      T entity = mapping.fromRow(crypto.decryptForRewrite(mapping, row), context);
      WriteIntent<T> update = intents.intent(WriteKind.UPDATE, mapping, entity, 0);
      WriteIntent<T> asRead = new WriteIntent<>(update.kind(), update.mapping(), update.entity(), 0,
          update.partitionKey(), update.rowKey(), row.etag(), update.row(), update.copies(), null, false,
          update.guardsNewer(), update.pendingId(), update.pendingSteps(), update.parts(), update.largeValues());
      try {
        pending.write(mapping.table(), List.of(asRead), Mode.REPOSITORY);
        return true;
      } catch (EntityNotFoundException gone) {
        return false;
      } catch (ConcurrencyConflictException written) {
        if (attempt >= MapperSettings.RACE_ATTEMPTS) {
          throw written;
        }
        String partitionKey = row.partitionKey();
        String rowKey = row.rowKey();
        Optional<TableRow> again = tables.read(mapping.table(),
            () -> backend.get(mapping.table(), partitionKey, rowKey), Optional.empty());
        if (again.isEmpty()) {
          return false;
        }
        row = large.fetch(mapping, again.get());
      }
    }
  }
}
