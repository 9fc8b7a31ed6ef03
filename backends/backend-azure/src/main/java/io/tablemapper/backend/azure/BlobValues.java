package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.ListBlobsOptions;
import io.tablemapper.api.AccessDeniedException;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.StoreLimits;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The Azure backend's values stored out of rows: one block blob per value in one container of the account's Blob
 * Storage ({@value #DEFAULT_CONTAINER} unless given), named {@code <table in lower case>/<name>}. The container is
 * created on the first value stored. Answers of the service become the contract's exceptions; no SDK exception
 * reaches a caller.
 */
final class BlobValues implements OutOfRowValues {
  /** The container of a backend built from a connection string. */
  static final String DEFAULT_CONTAINER = "tablemapper-values";

  private final BlobContainerClient container;
  private volatile boolean containerKnown;

  BlobValues(BlobContainerClient container) {
    this.container = container;
  }

  private static String prefix(String table) {
    StoreLimits.checkTableName(table);
    return table.toLowerCase(Locale.ROOT) + "/";
  }

  @Override
  public void put(String table, String name, byte[] value) {
    OutOfRowValues.checkName(name);
    String blob = prefix(table) + name;
    call("store the value '" + blob + "'", () -> {
      if (!containerKnown) {
        container.createIfNotExists();
        containerKnown = true;
      }
      try {
        container.getBlobClient(blob).upload(BinaryData.fromBytes(value), true);
      } catch (BlobStorageException e) {
        if (!BlobErrorCode.CONTAINER_NOT_FOUND.equals(e.getErrorCode())) {
          throw e;
        }
        container.createIfNotExists(); // deleted since: once more
        container.getBlobClient(blob).upload(BinaryData.fromBytes(value), true);
      }
      return null;
    });
  }

  @Override
  public Optional<byte[]> get(String table, String name) {
    String blob = prefix(table) + name;
    return call("read the value '" + blob + "'", () -> {
      try {
        return Optional.of(container.getBlobClient(blob).downloadContent().toBytes());
      } catch (BlobStorageException e) {
        if (missing(e)) {
          return Optional.<byte[]>empty();
        }
        throw e;
      }
    });
  }

  @Override
  public boolean delete(String table, String name) {
    String blob = prefix(table) + name;
    return call("delete the value '" + blob + "'", () -> {
      try {
        return container.getBlobClient(blob).deleteIfExists();
      } catch (BlobStorageException e) {
        if (missing(e)) {
          return false;
        }
        throw e;
      }
    });
  }

  @Override
  public List<StoredValue> list(String table) {
    String prefix = prefix(table);
    return call("list the values of table '" + table + "'", () -> {
      List<StoredValue> values = new ArrayList<>();
      try {
        for (BlobItem item : container.listBlobs(new ListBlobsOptions().setPrefix(prefix), null)) {
          Long size = item.getProperties().getContentLength();
          Instant stored = item.getProperties().getCreationTime() != null
              ? item.getProperties().getCreationTime().toInstant()
              : item.getProperties().getLastModified().toInstant();
          values.add(new StoredValue(item.getName().substring(prefix.length()), size == null ? 0 : size, stored));
        }
      } catch (BlobStorageException e) {
        if (!missing(e)) {
          throw e;
        }
      }
      return values;
    });
  }

  @Override
  public long deleteAll(String table) {
    long deleted = 0;
    for (StoredValue value : list(table)) {
      if (delete(table, value.name())) {
        deleted++;
      }
    }
    return deleted;
  }

  private static boolean missing(BlobStorageException e) {
    BlobErrorCode code = e.getErrorCode();
    return BlobErrorCode.BLOB_NOT_FOUND.equals(code) || BlobErrorCode.CONTAINER_NOT_FOUND.equals(code)
        || code == null && e.getStatusCode() == 404;
  }

  /** Runs a request, its failure translated into the contract's exceptions. */
  private <T> T call(String what, Supplier<T> request) {
    try {
      return request.get();
    } catch (HttpResponseException e) {
      int status = e.getResponse() == null ? 0 : e.getResponse().getStatusCode();
      String message = "cannot " + what + " in container '" + container.getBlobContainerName() + "': Azure Blob"
          + " Storage answered " + Secrets.redact(ServiceErrors.answer(e));
      if (status == 401 || status == 403) {
        throw new AccessDeniedException(message + "; the credentials do not allow it: a large value needs read,"
            + " write, delete and list on the container (and create, for its first value)", null, e);
      }
      throw new TableMapperException(message, e);
    } catch (RuntimeException | Error e) {
      throw ServiceErrors.unexpected(e, what);
    }
  }
}
