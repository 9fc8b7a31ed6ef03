package io.tablemapper.runtime;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EncryptionException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.runtime.WriteFailures.Mode;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import java.util.List;
import java.util.Optional;

/**
 * {@link io.tablemapper.api.TableMapper#reencrypt}: a scan of one table that rewrites, under the current key, every
 * entity whose {@code @Encrypted} values name another key or are not encrypted. Each entity is rewritten through the
 * mapper's write path (so its index copies are rewritten in the same transaction), conditional on the ETag it was
 * read with; when someone wrote it meanwhile it is read again and rewritten only if it still needs it.
 */
final class Reencryption {
  private Reencryption() {}

  /**
   * Rewrites the table's stale values.
   *
   * @return how many entities were rewritten
   * @throws EncryptionException if the mapper has no keys
   */
  static long run(MapperCore core, String table) {
    if (!(core.encryption instanceof EncryptionContext)) {
      throw new EncryptionException("cannot re-encrypt table " + table + ": this mapper has no encryption keys;"
          + " build it with encryptionKey(keyId, key) or encryptionKeys(resolver)");
    }
    EncryptionContext crypto = (EncryptionContext) core.encryption;
    long rewritten = 0;
    String token = null;
    do {
      TableQuery page = TableQuery.builder(table).limit(StoreLimits.MAX_PAGE_SIZE).continuation(token).build();
      QueryResult rows = core.tables.read(table, () -> core.backend.query(page), Tables.NO_ROWS);
      for (TableRow row : rows.rows()) {
        if (rewrite(core, crypto, table, row)) {
          rewritten++;
        }
      }
      token = rows.continuation();
    } while (token != null);
    return rewritten;
  }

  /** Rewrites one row's entity if it is of a known class with stale values; whether it did. */
  private static boolean rewrite(MapperCore core, EncryptionContext crypto, String table, TableRow row) {
    String type = core.discriminator.typeOf(row);
    if (type == null || IndexCopies.isCopyType(type)) {
      return false; // rows of unknown types are not the mapper's; copies are rewritten with their entity
    }
    EntityMapping<?> mapping = core.registry.find(table, type);
    if (mapping == null || mapping.encryptedProperties().isEmpty()) {
      return false;
    }
    return rewrite(core, crypto, mapping, row);
  }

  private static <T> boolean rewrite(MapperCore core, EncryptionContext crypto, EntityMapping<T> mapping,
      TableRow stored) {
    TableRow row = core.large.fetch(mapping, stored); // its @Large values, encrypted too, are rewritten with it
    for (int attempt = 1; ; attempt++) {
      if (mapping.wide()) {
        row = Futures.join(WideReads.whole(core.reads, core.discriminator, mapping, row)); // its parts hold values
        if (row == null) {
          return false;
        }
      }
      if (!crypto.stale(mapping, row)) {
        return false;
      }
      T entity = mapping.fromRow(crypto.decryptForRewrite(mapping, row), core.context);
      WriteIntent<T> update = core.intent(WriteIntent.Kind.UPDATE, mapping, entity, 0);
      WriteIntent<T> asRead = new WriteIntent<>(update.kind(), update.mapping(), update.entity(), 0,
          update.partitionKey(), update.rowKey(), row.etag(), update.row(), update.copies(), null, false,
          update.guardsNewer(), update.pendingId(), update.pendingSteps(), update.parts(), update.largeValues());
      try {
        core.pending.write(mapping.table(), List.of(asRead), Mode.REPOSITORY);
        return true;
      } catch (EntityNotFoundException gone) {
        return false;
      } catch (ConcurrencyConflictException written) {
        if (attempt >= EgtWriter.MAX_ATTEMPTS) {
          throw written;
        }
        String partitionKey = row.partitionKey();
        String rowKey = row.rowKey();
        Optional<TableRow> again = core.tables.read(mapping.table(),
            () -> core.backend.get(mapping.table(), partitionKey, rowKey), Optional.empty());
        if (again.isEmpty()) {
          return false;
        }
        row = core.large.fetch(mapping, again.get());
      }
    }
  }
}
