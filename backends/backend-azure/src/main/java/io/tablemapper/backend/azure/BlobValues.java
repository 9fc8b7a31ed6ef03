package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerAsyncClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobContainerClientBuilder;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.CpkInfo;
import com.azure.storage.blob.models.CustomerProvidedKey;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * The Azure backend's values stored out of rows: one block blob per value in one container of the account's Blob
 * Storage ({@value #DEFAULT_CONTAINER} unless given), named {@code <table in lower case>/<name>}. The container is
 * created on the first value stored. Answers of the service become the contract's exceptions; no SDK exception
 * reaches a caller.
 *
 * <p>The async forms ({@link #putAsync}, {@link #getAsync}, {@link #deleteAsync}) send the same requests with the
 * SDK's {@link BlobContainerAsyncClient}, built over the blocking client's own HTTP pipeline (so the same
 * credentials and retry policy), holding no thread while a request is under way; each rule — the container created
 * with the first value and again when found deleted, a missing blob or container read as no value, the translation
 * of failures ({@link #failure}) — is written once here for both.
 */
final class BlobValues implements OutOfRowValues {
  /** The container of a backend built from a connection string. */
  static final String DEFAULT_CONTAINER = "tablemapper-values";

  private final BlobContainerClient container;
  private final BlobContainerAsyncClient asyncContainer;
  private volatile boolean containerKnown;

  BlobValues(BlobContainerClient container) {
    this.container = container;
    this.asyncContainer = async(container);
  }

  /** The async client of the same container, over the blocking client's pipeline (credentials, retries). */
  private static BlobContainerAsyncClient async(BlobContainerClient container) {
    BlobContainerClientBuilder builder = new BlobContainerClientBuilder()
        .pipeline(container.getHttpPipeline())
        .endpoint(container.getBlobContainerUrl())
        .serviceVersion(container.getServiceVersion());
    CpkInfo key = container.getCustomerProvidedKey();
    if (key != null) {
      builder.customerProvidedKey(new CustomerProvidedKey(key.getEncryptionKey()));
    }
    if (container.getEncryptionScope() != null) {
      builder.encryptionScope(container.getEncryptionScope());
    }
    return builder.buildAsyncClient();
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
        if (!containerMissing(e)) {
          throw e;
        }
        container.createIfNotExists(); // deleted since: once more
        container.getBlobClient(blob).upload(BinaryData.fromBytes(value), true);
      }
      return null;
    });
  }

  @Override
  public CompletableFuture<Void> putAsync(String table, String name, byte[] value, Executor executor) {
    return callAsync(() -> {
      OutOfRowValues.checkName(name);
      return prefix(table) + name;
    }, blob -> "store the value '" + blob + "'", blob -> {
      Mono<Void> upload =
          Mono.defer(() -> asyncContainer.getBlobAsyncClient(blob).upload(BinaryData.fromBytes(value), true)).then();
      Mono<Void> created = containerKnown ? Mono.empty()
          : asyncContainer.createIfNotExists().doOnSuccess(done -> containerKnown = true).then();
      return created.then(upload).onErrorResume(e -> e instanceof BlobStorageException
          && containerMissing((BlobStorageException) e), e -> asyncContainer.createIfNotExists().then(upload));
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
  public CompletableFuture<Optional<byte[]>> getAsync(String table, String name, Executor executor) {
    return callAsync(() -> prefix(table) + name, blob -> "read the value '" + blob + "'",
        blob -> asyncContainer.getBlobAsyncClient(blob).downloadContent().map(content -> Optional.of(content.toBytes()))
            .onErrorResume(e -> e instanceof BlobStorageException && missing((BlobStorageException) e),
                e -> Mono.just(Optional.empty())));
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
  public CompletableFuture<Boolean> deleteAsync(String table, String name, Executor executor) {
    return callAsync(() -> prefix(table) + name, blob -> "delete the value '" + blob + "'",
        blob -> asyncContainer.getBlobAsyncClient(blob).deleteIfExists()
            .onErrorResume(e -> e instanceof BlobStorageException && missing((BlobStorageException) e),
                e -> Mono.just(false)));
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

  /** Whether an answer says the container does not exist (deleted since it was created): created once more. */
  private static boolean containerMissing(BlobStorageException e) {
    return BlobErrorCode.CONTAINER_NOT_FOUND.equals(e.getErrorCode());
  }

  /** Whether an answer says there is no such value: no blob, or no container at all. */
  private static boolean missing(BlobStorageException e) {
    BlobErrorCode code = e.getErrorCode();
    return BlobErrorCode.BLOB_NOT_FOUND.equals(code) || BlobErrorCode.CONTAINER_NOT_FOUND.equals(code)
        || code == null && e.getStatusCode() == 404;
  }

  /** Runs a request, its failure translated into the contract's exceptions ({@link #failure}). */
  private <T> T call(String what, Supplier<T> request) {
    try {
      return request.get();
    } catch (RuntimeException | Error e) {
      throw failure(what, e);
    }
  }

  /**
   * A request of the async client as a future: the blob's name made (what it throws, a name outside the rules,
   * fails the future as it is), the SDK's {@code Mono} subscribed to at once, its failure translated into the
   * contract's exceptions ({@link #failure}) on the thread that completes it.
   */
  private <T> CompletableFuture<T> callAsync(Supplier<String> blobName,
      Function<String, String> what, Function<String, Mono<T>> request) {
    String blob;
    try {
      blob = blobName.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    String doing = what.apply(blob);
    CompletableFuture<T> sent;
    try {
      sent = request.apply(blob).toFuture();
    } catch (RuntimeException | Error e) {
      return CompletableFuture.failedFuture(failure(doing, e));
    }
    CompletableFuture<T> done = new CompletableFuture<>();
    sent.whenComplete((value, thrown) -> {
      if (thrown == null) {
        done.complete(value);
      } else {
        try {
          done.completeExceptionally(failure(doing, Transactions.unwrap(thrown)));
        } catch (RuntimeException | Error e) {
          done.completeExceptionally(e);
        }
      }
    });
    return done;
  }

  /**
   * The contract's exception for what a request of either path failed with: an answer of the service (401 and 403
   * as {@link AccessDeniedException}, any other as {@link TableMapperException} naming it), anything else as
   * {@link ServiceErrors#unexpected} says (no answer: {@code StoreUnavailableException}).
   */
  private RuntimeException failure(String what, Throwable thrown) {
    if (thrown instanceof TableMapperException) {
      return (RuntimeException) thrown;
    }
    if (thrown instanceof HttpResponseException) {
      HttpResponseException e = (HttpResponseException) thrown;
      int status = e.getResponse() == null ? 0 : e.getResponse().getStatusCode();
      String message = "cannot " + what + " in container '" + container.getBlobContainerName() + "': Azure Blob"
          + " Storage answered " + Secrets.redact(ServiceErrors.answer(e));
      if (status == 401 || status == 403) {
        return new AccessDeniedException(message + "; the credentials do not allow it: a large value needs read,"
            + " write, delete and list on the container (and create, for its first value)", null, e);
      }
      return new TableMapperException(message, e);
    }
    return ServiceErrors.unexpected(thrown, what);
  }
}
