package io.tablemapper.backend.azure;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.credential.AzureNamedKeyCredential;
import com.azure.core.credential.TokenCredential;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.http.policy.RetryPolicy;
import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.core.http.rest.PagedResponse;
import com.azure.data.tables.TableAsyncClient;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceAsyncClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.ListTablesOptions;
import com.azure.data.tables.models.TableItem;
import com.azure.data.tables.models.TableEntity;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableNotFoundException;
import io.tablemapper.spi.BatchRules;
import io.tablemapper.spi.OutOfRowValues;
import io.tablemapper.spi.QueryResult;
import io.tablemapper.spi.RetryBudget;
import io.tablemapper.api.MapperScope;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableQuery;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.spi.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;
import reactor.core.publisher.Mono;

/**
 * A {@link TableBackend} on Azure Table Storage or the Cosmos DB Table API, through the Azure SDK
 * ({@code com.azure:azure-data-tables}). Create one with {@link #fromConnectionString(String)}, or hand
 * {@link #AzureTablesBackend(TableServiceClient)} a client you configured yourself (credentials, HTTP client,
 * retries).
 *
 * <p>It behaves as the conformance kit pins down, like every backend:
 *
 * <ul>
 *   <li>Every property keeps its exact type both ways (Int32 vs Int64, DateTime to the 100 ns tick, Guid, Binary,
 *       Double with NaN and the infinities), see {@code Entities}.
 *   <li>Key ranges and residual filters become an OData {@code $filter} with every literal escaped, so no value can
 *       widen a query; what the service cannot be trusted to compare exactly is widened or left out of the request,
 *       and every row received is checked with the query's own {@link TableQuery#matches} before it is returned.
 *       A filter of more than the service's 15 discrete comparisons is sent cut down to 15 (the key ranges and the
 *       most selective comparisons), the client checking the rest; pages may then come back short.
 *       Projections become {@code $select}; the page limit {@code $top}.
 *   <li>A continuation token resumes right after the last row the service returned; it is an opaque, URL-safe
 *       string that stays valid across processes.
 *   <li>Batches are entity group transactions ({@code submitTransaction}); a rejected operation is reported with its
 *       position as the service names it. Each row gets the ETag and Timestamp the service gave it, which may differ
 *       from row to row of one batch (they do on Azurite and the Cosmos DB Table API).
 *   <li>Table names are case-insensitive: every spelling of a name is sent as the first spelling this backend met,
 *       which Azurite needs (it finds a table created with capitals only under that spelling; the service finds it
 *       under any). On the Cosmos DB Table API they are case-sensitive, and each spelling is sent as given.
 *   <li>Its {@link #profile()} follows its endpoint: {@link StoreProfile#COSMOS_TABLE} for a Cosmos DB Table API
 *       account ({@code *.table.cosmos.azure.com}, {@code *.table.cosmosdb.azure.com}), whose query results come in
 *       no key order with opaque tokens and whose RowKeys (255 bytes) and batches (2 MiB) are checked against its
 *       smaller limits before sending; {@link #withProfile} sets it for an endpoint that does not show it.
 *   <li>The store's rules are checked in the client before anything is sent ({@link BatchRules}, {@link
 *       StoreLimits}): one partition per batch, 100 operations and 4 MiB (in the size estimate and as the request
 *       body sent, {@link io.tablemapper.spi.RequestSize}), one operation per entity, keys, 252
 *       properties, sizes, the DateTime range and precision. The service enforces them too; the emulator, Azurite,
 *       does not, so checking them here makes both behave alike. A merge is one request ({@code Merge Entity}, an
 *       upsert-merge {@code Insert Or Merge}): the service refuses a merged row beyond the limits itself. On an
 *       emulator ({@link #emulated(String)}), which does not, a merge reads the stored row first and is sent only if
 *       the merged row is within the limits, conditionally on the ETag it read (see {@code Merges}).
 *   <li>Service errors become the contract's exceptions ({@code TableNotFoundException},
 *       {@code EntityNotFoundException}, {@code EntityExistsException}, {@code ConcurrencyConflictException},
 *       {@code BatchException}, ...); no SDK exception or {@code Error} (a {@code LinkageError} of a missing
 *       library, say) reaches the caller, save a {@code VirtualMachineError}. The factories retry transient answers
 *       (408, 429, 500, 502, 503, 504) and unreachable requests with jittered exponential back-off, by a
 *       {@link RetryBudget} ({@link #fromConnectionString(String, RetryBudget)}); a throttled request (429, 503
 *       {@code ServerBusy}) still refused when it is spent fails with {@link io.tablemapper.api.StoreBusyException}
 *       naming the table and the partition. Each request's retries and throttling answers are reported to the
 *       caller's {@link io.tablemapper.spi.RequestTally}, so the mapper's {@code OperationEvent}s count them.
 *   <li>Tables are created by {@link #createTableIfNotExists} (on the async path
 *       {@link #createTableIfNotExistsAsync}), which a mapper calls before its first insert or upsert into a table
 *       under the default {@code TableCreation.CREATE_ON_WRITE}, and never under {@code NEVER} (for a SAS scoped to
 *       one table, which may not create tables).
 * </ul>
 *
 * <p>Safe for concurrent use. After {@link #close()} every operation throws {@link IllegalStateException}.
 */
public final class AzureTablesBackend implements TableBackend {
  private final TableServiceClient service;
  private final ConcurrentHashMap<String, TableClient> tables = new ConcurrentHashMap<>();
  /** The SDK's async client of the same service, for the async path; null: that path runs the blocking calls. */
  private final TableServiceAsyncClient asyncService;
  private final ConcurrentHashMap<String, TableAsyncClient> asyncTables = new ConcurrentHashMap<>();
  private volatile Retries.TableDeletionWait tableDeletionWait = Retries.TABLE_DELETION;
  /** The table and PartitionKey range of a table SAS, or null. */
  private final MapperScope sasScope;
  private volatile boolean closed;
  /** Where values stored out of rows go, or null when this backend has none. */
  private final BlobValues values;
  /** The rules of the service reached: from the endpoint, or {@link #withProfile}. */
  private final StoreProfile profile;
  /** Whether the endpoint is an emulator's, whose merges are guarded by a read ({@link #emulated(String)}). */
  private final boolean emulator;

  /**
   * A backend on the service a client of yours reaches. The client's own pipeline applies: configure its retries
   * there (for example with the same transient statuses {@link #fromConnectionString} retries), and add
   * {@link #batchPolicy()} to it, or every batch reads its rows back for their ETags (the SDK drops them).
   */
  public AzureTablesBackend(TableServiceClient service) {
    this(service, null, null, null);
  }

  /**
   * A backend on the service the clients of yours reach, {@code asyncService} built by the same
   * {@code TableServiceClientBuilder} as {@code service} ({@code buildAsyncClient()}): the async path
   * ({@link #getAsync}, {@link #queryAsync}, {@link #writeAsync}, {@link #batchAsync},
   * {@link #createTableIfNotExistsAsync}, {@link #tableExistsAsync}) then sends its requests through it, holding
   * no thread while they are under way. Configure both as for {@link #AzureTablesBackend(TableServiceClient)}.
   */
  public AzureTablesBackend(TableServiceClient service, TableServiceAsyncClient asyncService) {
    this(service, Objects.requireNonNull(asyncService, "asyncService"), null, null);
  }

  private AzureTablesBackend(TableServiceClient service, TableServiceAsyncClient asyncService, MapperScope sasScope,
      BlobValues values) {
    this(service, asyncService, sasScope, values, profileOf(Objects.requireNonNull(service, "service")));
  }

  private AzureTablesBackend(TableServiceClient service, TableServiceAsyncClient asyncService, MapperScope sasScope,
      BlobValues values, StoreProfile profile) {
    this.service = Objects.requireNonNull(service, "service");
    this.asyncService = asyncService;
    this.sasScope = sasScope;
    this.values = values;
    this.profile = profile;
    this.emulator = emulated(service);
  }

  /**
   * This backend as a store of another profile than its endpoint implies ({@link #profileOf(String)}): for example
   * {@link StoreProfile#COSMOS_TABLE} for a Cosmos DB account reached through a custom domain or a proxy. The mapper
   * then keeps results in key order and checks Cosmos DB's limits before sending, as on a Cosmos DB endpoint.
   */
  public AzureTablesBackend withProfile(StoreProfile profile) {
    return new AzureTablesBackend(service, asyncService, sasScope, values, Objects.requireNonNull(profile, "profile"));
  }

  /**
   * The rules of the service this backend reaches: {@link StoreProfile#COSMOS_TABLE} for a Cosmos DB Table API
   * endpoint ({@code https://<account>.table.cosmos.azure.com}, {@code https://<account>.table.cosmosdb.azure.com}),
   * {@link StoreProfile#AZURE_TABLE_STORAGE} for any other (Table Storage, Azurite), unless {@link #withProfile}
   * said otherwise.
   */
  @Override
  public StoreProfile profile() {
    return profile;
  }

  /**
   * The profile an endpoint implies: {@link StoreProfile#COSMOS_TABLE} when its host ends with
   * {@code .table.cosmos.azure.com} or {@code .table.cosmosdb.azure.com} (ignoring case, with or without a scheme,
   * port or path), else {@link StoreProfile#AZURE_TABLE_STORAGE}.
   */
  public static StoreProfile profileOf(String endpoint) {
    String host = endpoint == null ? "" : endpoint.trim().toLowerCase(Locale.ROOT);
    int scheme = host.indexOf("://");
    if (scheme >= 0) {
      host = host.substring(scheme + 3);
    }
    for (char end : new char[] {'/', ':', '?', '#'}) {
      int at = host.indexOf(end);
      if (at >= 0) {
        host = host.substring(0, at);
      }
    }
    if (host.endsWith(".")) {
      host = host.substring(0, host.length() - 1);
    }
    return host.endsWith(".table.cosmos.azure.com") || host.endsWith(".table.cosmosdb.azure.com")
        ? StoreProfile.COSMOS_TABLE
        : StoreProfile.AZURE_TABLE_STORAGE;
  }

  /**
   * Whether an endpoint is an emulator's (Azurite's), which keeps fewer of the service's rules: one that names its
   * account in its path ({@code http://127.0.0.1:10002/devstoreaccount1}), as emulators do and the service (whose
   * endpoints name the account in the host, {@code https://<account>.table.core.windows.net}) does not, or one on
   * the loopback interface. On an emulator a merge reads the stored row first, to refuse a merged row beyond the
   * limits that the emulator would store; the service refuses it itself.
   */
  static boolean emulated(String endpoint) {
    String rest = endpoint == null ? "" : endpoint.trim().toLowerCase(Locale.ROOT);
    int scheme = rest.indexOf("://");
    if (scheme >= 0) {
      rest = rest.substring(scheme + 3);
    }
    int slash = rest.indexOf('/');
    String host = slash < 0 ? rest : rest.substring(0, slash);
    String path = slash < 0 ? "" : rest.substring(slash + 1);
    int port = host.lastIndexOf(':');
    if (port >= 0 && !host.endsWith("]")) {
      host = host.substring(0, port);
    }
    boolean loopback = host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]");
    return loopback || !path.isEmpty() && path.charAt(0) != '?';
  }

  private static boolean emulated(TableServiceClient service) {
    try {
      return emulated(service.getServiceEndpoint());
    } catch (RuntimeException noEndpoint) {
      return true; // a client without an endpoint (a test double): guarded, as on an emulator
    }
  }

  /** Whether a merge reads the stored row first (on an emulator, {@link #emulated(String)}). */
  boolean guardsMerges() {
    return emulator;
  }

  private static StoreProfile profileOf(TableServiceClient service) {
    try {
      return profileOf(service.getServiceEndpoint());
    } catch (RuntimeException noEndpoint) {
      return StoreProfile.AZURE_TABLE_STORAGE; // a client without an endpoint (a test double): Table Storage's rules
    }
  }

  /**
   * This backend with its values stored out of rows ({@code @Large} properties) in a container of Azure Blob
   * Storage, one blob per value named {@code <table>/<name>}; the container is created with the first value. A
   * backend from {@link #fromConnectionString} has the container {@code tablemapper-values} of the same account
   * already; one built otherwise has none until given one here.
   */
  public AzureTablesBackend withLargeValues(BlobContainerClient container) {
    return new AzureTablesBackend(service, asyncService, sasScope,
        new BlobValues(Objects.requireNonNull(container, "container")), profile);
  }

  /** Values stored out of rows: blobs of one container, or empty when this backend was given none. */
  @Override
  public Optional<OutOfRowValues> outOfRowValues() {
    return Optional.ofNullable(values);
  }

  /** A backend of both clients of a configured builder. */
  private static AzureTablesBackend of(TableServiceClientBuilder builder) {
    return new AzureTablesBackend(builder.buildClient(), builder.buildAsyncClient(), null, null);
  }

  /**
   * The table and PartitionKey range of a table SAS ({@code tn}, {@code spk}, {@code epk}); empty for a backend
   * from an account SAS or other credentials. A mapper refuses what lies outside it before sending anything: the
   * service would refuse it too, but Azurite does not check a SAS's key range. (A RowKey range, {@code srk} and
   * {@code erk}, is left to the service.)
   */
  @Override
  public Optional<MapperScope> accessScope() {
    return Optional.ofNullable(sasScope);
  }

  /**
   * A backend on the account a connection string names, for example
   * {@code DefaultEndpointsProtocol=https;AccountName=...;AccountKey=...;EndpointSuffix=core.windows.net} or
   * {@code UseDevelopmentStorage=true} for a local Azurite, with transient failures retried.
   *
   * @throws IllegalArgumentException if the connection string cannot be used (its secrets are not repeated)
   */
  public static AzureTablesBackend fromConnectionString(String connectionString) {
    return fromConnectionString(connectionString, RetryBudget.DEFAULT);
  }

  /**
   * {@link #fromConnectionString(String)} retrying transient and throttling answers (408, 429, 500, 502, 503, 504)
   * by {@code retries} rather than {@link RetryBudget#DEFAULT}: for example
   * {@code RetryBudget.DEFAULT.withMaxRetries(8).withTotalDelay(Duration.ofSeconds(20))} for a batch job that had
   * rather wait than fail, or {@link RetryBudget#NONE} for a caller that retries itself. A throttled request still
   * refused when the budget is spent fails with {@link io.tablemapper.api.StoreBusyException}.
   *
   * @throws IllegalArgumentException if the connection string cannot be used (its secrets are not repeated)
   */
  public static AzureTablesBackend fromConnectionString(String connectionString, RetryBudget retries) {
    Objects.requireNonNull(connectionString, "connectionString");
    Objects.requireNonNull(retries, "retries");
    AzureTablesBackend backend;
    try {
      backend = of(clientBuilder(connectionString, retries));
    } catch (IllegalArgumentException | IllegalStateException | NullPointerException invalid) {
      throw new IllegalArgumentException(
          "invalid Azure Storage connection string (" + withoutSecrets(String.valueOf(invalid.getMessage()))
              + "); expected for example"
              + " 'DefaultEndpointsProtocol=https;AccountName=<account>;AccountKey=<key>;EndpointSuffix=core.windows.net'"
              + " or 'UseDevelopmentStorage=true'");
    }
    return new AzureTablesBackend(backend.service, backend.asyncService, null, blobValues(connectionString));
  }

  /**
   * The container {@code tablemapper-values} of the account a connection string names, or null when the string
   * names no Blob Storage (only a table endpoint): a mapper then refuses {@code @Large} properties, saying why.
   */
  private static BlobValues blobValues(String connectionString) {
    try {
      return new BlobValues(new BlobServiceClientBuilder().connectionString(connectionString).buildClient()
          .getBlobContainerClient(BlobValues.DEFAULT_CONTAINER));
    } catch (IllegalArgumentException | IllegalStateException | NullPointerException noBlobs) {
      return null;
    }
  }

  /**
   * A backend on the tables a shared access signature opens: an account SAS, or a SAS of one table (then only that
   * table can be used, and the mapper must not create tables: build it with {@code TableCreation.NEVER} or
   * {@code VERIFY_AT_START}). What the SAS does not allow fails with {@link io.tablemapper.api.AccessDeniedException}
   * naming the permission needed. Transient failures are retried.
   *
   * @param endpoint the table service's endpoint, for example {@code https://myaccount.table.core.windows.net}
   * @param sasToken the signature's query string ({@code sv=...&sig=...}, with or without its leading {@code ?})
   * @throws IllegalArgumentException if the endpoint or token cannot be used (the token is not repeated)
   */
  public static AzureTablesBackend fromSas(String endpoint, String sasToken) {
    Objects.requireNonNull(sasToken, "sasToken");
    String token = sasToken.startsWith("?") ? sasToken.substring(1) : sasToken;
    if (!token.contains("sig=")) {
      throw new IllegalArgumentException("a shared access signature has a 'sig' parameter, and this one has none"
          + " (expected the query string of a SAS, such as 'sv=...&tn=Orders&sp=r&se=...&sig=...')");
    }
    MapperScope scope = SasScope.of(token);
    AzureTablesBackend built = build(endpoint, "a shared access signature", builder -> builder.sasToken(token));
    return scope == null ? built : new AzureTablesBackend(built.service, built.asyncService, scope, null);
  }

  /**
   * A backend on the account whose name and key the credential holds ({@code new AzureNamedKeyCredential(name,
   * key)}), without a connection string; transient failures are retried.
   *
   * @throws IllegalArgumentException if the endpoint cannot be used
   */
  public static AzureTablesBackend fromCredential(String endpoint, AzureNamedKeyCredential credential) {
    Objects.requireNonNull(credential, "credential");
    return build(endpoint, "a named key credential", builder -> builder.credential(credential));
  }

  /**
   * A backend on the account an identity of Microsoft Entra ID may use: a {@link TokenCredential} such as
   * azure-identity's {@code DefaultAzureCredential} or {@code ManagedIdentityCredential}, whose role (for example
   * Storage Table Data Reader) decides what it may do. The endpoint must be HTTPS, as the SDK sends tokens over
   * HTTPS only; transient failures are retried.
   *
   * @throws IllegalArgumentException if the endpoint cannot be used
   */
  public static AzureTablesBackend fromCredential(String endpoint, TokenCredential credential) {
    Objects.requireNonNull(credential, "credential");
    Objects.requireNonNull(endpoint, "endpoint");
    if (!endpoint.regionMatches(true, 0, "https://", 0, 8)) {
      throw new IllegalArgumentException("a token credential needs an HTTPS endpoint, and '" + withoutSecrets(endpoint)
          + "' is not one: the SDK sends tokens over HTTPS only");
    }
    return build(endpoint, "a token credential", builder -> builder.credential(credential));
  }

  private static AzureTablesBackend build(String endpoint, String what,
      UnaryOperator<TableServiceClientBuilder> credentials) {
    Objects.requireNonNull(endpoint, "endpoint");
    try {
      TableServiceClientBuilder builder = new TableServiceClientBuilder()
          .endpoint(endpoint)
          .retryPolicy(Retries.policy())
          .addPolicy(batchPolicy())
          .addPolicy(attemptsPolicy());
      return of(credentials.apply(builder));
    } catch (IllegalArgumentException | IllegalStateException | NullPointerException invalid) {
      throw new IllegalArgumentException("cannot use endpoint '" + withoutSecrets(endpoint) + "' with " + what
          + " (" + withoutSecrets(String.valueOf(invalid.getMessage())) + "); expected for example"
          + " 'https://<account>.table.core.windows.net'");
    }
  }

  /** The text with every key, signature and SAS token written as {@code ***}. */
  static String withoutSecrets(String text) {
    return Secrets.redact(text);
  }

  /**
   * The pipeline policy this backend's batches need: it keeps the ETags of their operations, which the SDK parses
   * but drops, and escapes characters Azurite would misread in a batch body. Add it to a
   * {@code TableServiceClientBuilder} you hand to {@link #AzureTablesBackend(TableServiceClient)}; it acts only on
   * this backend's batches.
   */
  public static HttpPipelinePolicy batchPolicy() {
    return new BatchPolicy();
  }

  /**
   * The pipeline policy that counts the attempts the SDK's retries make of each write of this backend, so that a
   * write whose answer was lost but which was applied is reported as done rather than as the conflict its own retry
   * met (an insert finding its own row). Add it to a {@code TableServiceClientBuilder} you hand to
   * {@link #AzureTablesBackend(TableServiceClient)}; it acts only on this backend's writes.
   */
  public static HttpPipelinePolicy attemptsPolicy() {
    return new Attempts();
  }

  /**
   * The SDK retry policy of this backend's factories, retrying transient and throttling answers by {@code budget}:
   * set it with {@code TableServiceClientBuilder.retryPolicy} on a client you hand to
   * {@link #AzureTablesBackend(TableServiceClient)}, with {@link #attemptsPolicy()} so that retries and throttling
   * answers are counted.
   */
  public static RetryPolicy retryPolicy(RetryBudget budget) {
    return Retries.policy(Objects.requireNonNull(budget, "budget"));
  }

  /**
   * The builder {@link #fromConnectionString} uses: the connection string, the retry policy ({@link Retries}),
   * {@link #batchPolicy()} and {@link #attemptsPolicy()}.
   */
  static TableServiceClientBuilder clientBuilder(String connectionString) {
    return clientBuilder(connectionString, RetryBudget.DEFAULT);
  }

  /** {@link #clientBuilder(String)} retrying by {@code retries}. */
  static TableServiceClientBuilder clientBuilder(String connectionString, RetryBudget retries) {
    return new TableServiceClientBuilder()
        .connectionString(connectionString)
        .retryPolicy(Retries.policy(retries))
        .addPolicy(batchPolicy())
        .addPolicy(attemptsPolicy());
  }

  // ------------------------------------------------------------------ tables

  /**
   * {@inheritDoc}
   *
   * <p>A table of the same name that the service is still deleting (it answers 409 {@code TableBeingDeleted} for up
   * to about 40 seconds after a delete) is waited for, with backoff, within {@link Retries#TABLE_DELETION}'s bound.
   *
   * @throws TableMapperException if the table is still being deleted when the bound has passed, or the wait is
   *     interrupted
   */
  @Override
  public boolean createTableIfNotExists(String table) {
    return Writes.join(TableCalls.create(new Channel.Blocking(table, client(table), this), tableDeletionWait));
  }

  /** Waits for tables being deleted as {@code wait} says (tests use tiny delays); returns this backend. */
  AzureTablesBackend tableDeletionWait(Retries.TableDeletionWait wait) {
    this.tableDeletionWait = wait;
    return this;
  }

  @Override
  public boolean deleteTableIfExists(String table) {
    TableClient client = client(table);
    return Transactions.call(table, "delete table '" + table + "'", () -> {
      // The SDK answers a missing table with its 404 response instead of an exception.
      return client.deleteTableWithResponse(null, Context.NONE).getStatusCode() != 404;
    });
  }

  @Override
  public List<String> listTables(String prefix) {
    StoreLimits.checkTablePrefix(prefix);
    String what = "list the tables starting with '" + prefix + "'";
    // Every spelling of the prefix lies between its upper-case and lower-case spellings, and letters and digits
    // sort below '{': the service narrows by that range, the exact (case-blind) prefix is checked here.
    ListTablesOptions options = new ListTablesOptions();
    if (!prefix.isEmpty()) {
      options.setFilter("TableName ge '" + prefix.toUpperCase(Locale.ROOT) + "' and TableName lt '"
          + prefix.toLowerCase(Locale.ROOT) + "{'");
    }
    return Transactions.call(null, what, () -> {
      List<String> names = new ArrayList<>();
      try {
        for (TableItem item : service.listTables(options, null, Context.NONE)) {
          if (item.getName().regionMatches(!profile.caseSensitiveTableNames(), 0, prefix, 0, prefix.length())) {
            names.add(item.getName());
          }
        }
      } catch (HttpResponseException e) {
        throw ServiceErrors.translate(e, null, what);
      }
      names.sort(String.CASE_INSENSITIVE_ORDER);
      return names;
    });
  }

  /** The cheapest read that needs the table: a page of at most one key from an empty key range. */
  static ListEntitiesOptions existenceProbe() {
    return new ListEntitiesOptions().setTop(1).setFilter("PartitionKey lt ''").setSelect(List.of("PartitionKey"));
  }

  @Override
  public boolean tableExists(String table) {
    return Writes.join(TableCalls.exists(new Channel.Blocking(table, client(table), this)));
  }

  // ------------------------------------------------------------------ reads

  @Override
  public Optional<TableRow> get(String table, String partitionKey, String rowKey) {
    TableClient client = client(table);
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(rowKey, "rowKey");
    if (!storable(partitionKey) || !storable(rowKey)) {
      requireTable(table);
      return Optional.empty();
    }
    String what = readWhat(table, partitionKey, rowKey);
    try {
      return found(client.getEntityWithResponse(partitionKey, rowKey, null, null,
          new Attempts.Counter().context(Context.NONE)));
    } catch (RuntimeException | Error e) {
      return missing(e, table, what);
    }
  }

  private static String readWhat(String table, String partitionKey, String rowKey) {
    return "read (PartitionKey '" + partitionKey + "', RowKey '" + rowKey + "') of table '" + table + "'";
  }

  /** The row a point read answered with, on either path. */
  private static Optional<TableRow> found(Response<TableEntity> response) {
    return response == null || response.getValue() == null
        ? Optional.empty()
        : Optional.of(Entities.toRow(response.getValue()));
  }

  /** What a point read that failed means, on either path: no such row (empty), or the contract's exception. */
  private static Optional<TableRow> missing(Throwable thrown, String table, String what) {
    RuntimeException failure = Transactions.failure(thrown, table, what);
    if (failure instanceof io.tablemapper.api.EntityNotFoundException) {
      return Optional.empty();
    }
    throw failure;
  }

  @Override
  public QueryResult query(TableQuery query) {
    TableClient client = client(query.table());
    QueryPage page = new QueryPage(query, profile);
    return Transactions.call(query.table(), "query " + query + " by " + page.plan(),
        () -> page.read(client, () -> requireTable(query.table())));
  }

  // ------------------------------------------------------------------ the async path

  /**
   * {@inheritDoc}
   *
   * <p>With the SDK's async client ({@link #fromConnectionString} and the other factories build one, as does
   * {@link #AzureTablesBackend(TableServiceClient, TableServiceAsyncClient)}): one {@code getEntityWithResponse}
   * request, no thread held while it is under way, its answer and failures read as {@link #get} reads them. Keys no
   * row can have are answered the blocking way, on {@code executor} (the table's existence is checked then).
   */
  @Override
  public CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor) {
    return getAsync(table, partitionKey, rowKey, executor, TraceParents.current());
  }

  /** {@link #getAsync}, the SDK's spans under {@code traceParent} (null: none), which the caller's thread had. */
  CompletableFuture<Optional<TableRow>> getAsync(
      String table, String partitionKey, String rowKey, Executor executor, Object traceParent) {
    if (asyncService == null || partitionKey == null || rowKey == null || !storable(partitionKey)
        || !storable(rowKey)) {
      return TableBackend.super.getAsync(table, partitionKey, rowKey, executor);
    }
    String what = readWhat(table, partitionKey, rowKey);
    return Transactions.callAsync(table, what,
            () -> TraceParents.within(
                Attempts.counted(asyncClient(table).getEntityWithResponse(partitionKey, rowKey, null)), traceParent),
            AzureTablesBackend::found)
        .exceptionally(failure -> missing(failure, table, what));
  }

  /**
   * {@inheritDoc}
   *
   * <p>With the SDK's async client: the page's one {@code listEntities} request ({@code ListEntitiesOptions} as
   * {@link #query} sends them), no thread held while it is under way; its rows checked and its token made as
   * {@link #query} does ({@code QueryPage}). A page whose key ranges select nothing is answered the blocking way, on
   * {@code executor}.
   */
  @Override
  public CompletableFuture<QueryResult> queryAsync(TableQuery query, Executor executor) {
    if (asyncService == null) {
      return TableBackend.super.queryAsync(query, executor);
    }
    QueryPage page;
    Mono<PagedResponse<TableEntity>> request;
    try {
      page = new QueryPage(query, profile);
      Mono<PagedResponse<TableEntity>> read = page.readAsync(asyncClient(query.table()));
      request = read == null ? null : TraceParents.within(Attempts.counted(read), TraceParents.current());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    if (request == null) {
      return TableBackend.super.queryAsync(query, executor);
    }
    return Transactions.callAsync(query.table(), "query " + query + " by " + page.plan(), () -> request, page::result);
  }

  /**
   * {@inheritDoc}
   *
   * <p>With the SDK's async client: the requests of {@link #createTableIfNotExists}, from the same code
   * ({@code TableCalls}) — a 409 {@code TableAlreadyExists} answered {@code false}, a table the service is still
   * deleting waited for with the same backoff and bound, on a timer — no thread held while one is under way or
   * between them. Cancelling the future cancels the request under way and sends no other (a creation sent may still
   * be applied). {@code executor} is not used.
   */
  @Override
  public CompletableFuture<Boolean> createTableIfNotExistsAsync(String table, Executor executor) {
    if (asyncService == null) {
      return TableBackend.super.createTableIfNotExistsAsync(table, executor);
    }
    Channel.Async channel;
    try {
      channel = new Channel.Async(table, asyncClient(table), this, executor);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return outcome(TableCalls.create(channel, tableDeletionWait), channel, table, "create table '" + table + "'");
  }

  /**
   * {@inheritDoc}
   *
   * <p>With the SDK's async client: the probe of {@link #tableExists} (a page of at most one key from an empty key
   * range), its answer read by the same code ({@code TableCalls}); no thread held while it is under way.
   * {@code executor} is not used.
   */
  @Override
  public CompletableFuture<Boolean> tableExistsAsync(String table, Executor executor) {
    if (asyncService == null) {
      return TableBackend.super.tableExistsAsync(table, executor);
    }
    Channel.Async channel;
    try {
      channel = new Channel.Async(table, asyncClient(table), this, executor);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return outcome(TableCalls.exists(channel), channel, table, "check whether table '" + table + "' exists");
  }

  // ------------------------------------------------------------------ writes

  @Override
  public WriteResult write(String table, WriteOperation operation) {
    TableClient client = client(table);
    Objects.requireNonNull(operation, "operation");
    return Writes.join(Writes.write(new Channel.Blocking(table, client, this), operation));
  }

  @Override
  public List<WriteResult> batch(String table, List<WriteOperation> operations) {
    TableClient client = client(table);
    Objects.requireNonNull(operations, "operations");
    return Writes.join(Writes.batch(new Channel.Blocking(table, client, this), operations));
  }

  /**
   * {@inheritDoc}
   *
   * <p>With the SDK's async client: the requests of {@link #write} (a merge's read of the stored row, the write, the
   * read that tells an ambiguous write's own effect from a conflict) each sent when the one before it has answered,
   * no thread held while one is under way; the same retries, checks and exceptions as {@link #write}, from the same
   * code ({@code Writes}). Cancelling the future, or its completing by {@code orTimeout}, cancels the request under
   * way and sends no other; a write already sent may still be applied. {@code executor} is not used.
   */
  @Override
  public CompletableFuture<WriteResult> writeAsync(String table, WriteOperation operation, Executor executor) {
    if (asyncService == null) {
      return TableBackend.super.writeAsync(table, operation, executor);
    }
    Channel.Async channel;
    try {
      Objects.requireNonNull(operation, "operation");
      channel = new Channel.Async(table, asyncClient(table), this, executor);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return outcome(Writes.write(channel, operation), channel, table, "write to table '" + table + "'");
  }

  /**
   * {@inheritDoc}
   *
   * <p>With the SDK's async client: the requests of {@link #batch} (the read of the stored rows of a batch with
   * merges, the transaction, the read that tells an ambiguous transaction's own effect) each sent when the one
   * before it has answered, no thread held while one is under way; the same retries, checks and exceptions as
   * {@link #batch}, from the same code ({@code Writes}). Cancellation and timeouts as for {@link #writeAsync}.
   */
  @Override
  public CompletableFuture<List<WriteResult>> batchAsync(
      String table, List<WriteOperation> operations, Executor executor) {
    if (asyncService == null) {
      return TableBackend.super.batchAsync(table, operations, executor);
    }
    Channel.Async channel;
    try {
      Objects.requireNonNull(operations, "operations");
      channel = new Channel.Async(table, asyncClient(table), this, executor);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return outcome(Writes.batch(channel, operations), channel, table, "batch on table '" + table + "'");
  }

  /**
   * The future handed to the caller: the flow's outcome, its failure the contract's exception itself (not wrapped);
   * once it is complete however (cancelled, timed out by the caller's {@code orTimeout}), the flow is abandoned.
   */
  private static <T> CompletableFuture<T> outcome(
      CompletableFuture<T> flow, Channel.Async channel, String table, String what) {
    CompletableFuture<T> outcome = new CompletableFuture<>();
    flow.whenComplete((value, thrown) -> {
      if (thrown == null) {
        outcome.complete(value);
      } else {
        Throwable failure = Transactions.unwrap(thrown);
        outcome.completeExceptionally(failure instanceof java.util.concurrent.CancellationException
            ? failure
            : Transactions.failure(failure, table, what));
      }
    });
    outcome.whenComplete((value, thrown) -> channel.abandon());
    return outcome;
  }

  // ------------------------------------------------------------------ plumbing

  /** Whether a row can have this key: no longer than the store allows and without a forbidden character. */
  private static boolean storable(String key) {
    return key.length() <= StoreLimits.MAX_KEY_LENGTH && StoreLimits.firstForbiddenKeyChar(key) < 0;
  }

  /** Throws {@code TableNotFoundException} unless the table exists. */
  void requireTable(String table) {
    if (!tableExists(table)) {
      throw missingTable(table);
    }
  }

  /** The exception for a table that does not exist, on either path. */
  static TableNotFoundException missingTable(String table) {
    return new TableNotFoundException(
        "table '" + table + "' does not exist in Azure Table Storage; create it with createTableIfNotExists");
  }

  /**
   * The SDK's client of a table, after checking the backend is open and the name valid. Table names are
   * case-insensitive, so every spelling of a name gets the client of the spelling this backend met first: the
   * service finds a table under any spelling, but Azurite finds a table created with capitals only under the
   * spelling it was created with.
   */
  private TableClient client(String table) {
    ensureOpen();
    StoreLimits.checkTableName(table);
    return tables.computeIfAbsent(spellingKey(table), lowerCase -> service.getTableClient(table));
  }

  /** The key of a table's clients: its name in lower case, or as given where the profile's names are case-sensitive. */
  private String spellingKey(String table) {
    return profile.caseSensitiveTableNames() ? table : table.toLowerCase(Locale.ROOT);
  }

  /** {@link #client} for the async path. */
  private TableAsyncClient asyncClient(String table) {
    ensureOpen();
    StoreLimits.checkTableName(table);
    // the spelling met first, as for the blocking client
    String spelling = client(table).getTableName();
    return asyncTables.computeIfAbsent(spellingKey(table), lowerCase -> asyncService.getTableClient(spelling));
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("the Azure Tables backend is closed; create a new one");
    }
  }

  /**
   * {@code azure.tables}, or {@code azure.cosmosdb} on the Cosmos DB Table API's {@link #profile() profile}; the
   * account as the namespace (the endpoint's first host label, or the first path segment of an emulator's endpoint,
   * {@code devstoreaccount1}), and the endpoint's host and port (443 for https, 80 for http, unless it names one).
   */
  @Override
  public StoreDescription description() {
    String endpoint;
    try {
      endpoint = service.getServiceEndpoint();
    } catch (RuntimeException noEndpoint) {
      endpoint = null; // a client without an endpoint (a test double): the system alone
    }
    return Endpoints.describe(endpoint, profile);
  }

  /** {@code azure-tables}. */
  @Override
  public String name() {
    return "azure-tables";
  }

  /** Marks the backend closed; the SDK client holds no resources of its own to release. Idempotent. */
  @Override
  public void close() {
    closed = true;
    tables.clear();
    asyncTables.clear();
  }

  @Override
  public String toString() {
    return "AzureTablesBackend[" + Secrets.redact(service.getServiceEndpoint()) + (closed ? ", closed]" : "]");
  }
}
