package io.tablemapper.benchmarks;

import io.tablemapper.annotations.Entity;
import io.tablemapper.annotations.Index;
import io.tablemapper.annotations.Large;
import io.tablemapper.annotations.PartitionKey;
import io.tablemapper.annotations.Repository;
import io.tablemapper.annotations.RowKey;
import io.tablemapper.api.AsyncTableRepository;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.backend.azure.AzureTablesBackend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The mapper's async writes and reads on Azure, which hold no thread while their requests are under way, against
 * the blocking repository in the same run: Azurite behind a {@link LatencyProxy} that gives every request a round
 * trip of {@link #roundTripMillis} (5 ms; the table and the blob endpoint alike), and a mapper whose
 * {@code asyncExecutor} has <em>one</em> thread, which only hands the results over.
 *
 * <ul>
 *   <li>{@code upserts20}: twenty upserts of an {@link Account}, whose unique {@code email} index is a copy in
 *       another partition (a remote index: the write's pending work, its registry entry, the claim of the new value
 *       and the release of the old one). Each round gives every account a new e-mail address, so each upsert claims
 *       a value and gives one up, and the tables do not grow. {@code sync}: the blocking repository, one upsert after
 *       another (the baseline); {@code async}: the {@link AsyncTableRepository}, all twenty futures under way at
 *       once, then joined.</li>
 *   <li>{@code moveOne}: one upsert of an account that moves its e-mail address to one it never had, the latency
 *       of a single cross-partition write: {@code sync} sends the protocol's requests one after another;
 *       {@code async} has its independent ones under way at once (the entity read beside the registry entry, the old
 *       copy's check beside the claim). {@code insertOne_sync}: one blocking insert of a new account.</li>
 *   <li>{@code largeReads20}: twenty point reads of a {@link Document}, one partition each, whose {@code @Large}
 *       body is a blob (a table request, then a blob request per read). {@code sync}: the blocking repository one
 *       after another; {@code async}: all twenty futures under way at once, then joined.</li>
 * </ul>
 *
 * <p>The benchmark starts Azurite itself (backend-azure's test helper, as {@link AsyncFanOutBenchmark} does) and a
 * proxy in front of each of its table and blob endpoints; it stops the proxies and closes the mapper at the end.
 * With one executor thread, an async write that parked any of its requests on the executor would queue behind the
 * others and take about as long as the sequential baseline; without, twenty writes take about one write's round
 * trips. Run (after {@code mvn -o -pl benchmarks -am package -DskipTests}), from the repository's root:
 *
 * <pre>{@code java -jar benchmarks/target/benchmarks.jar AsyncMapperBenchmark}</pre>
 *
 * <p>and with {@code -p roundTripMillis=0} straight to Azurite (where two shared cores are the bound, not the
 * network), or a quick check that it works: {@code java -jar benchmarks/target/benchmarks.jar AsyncMapperBenchmark
 * -f 1 -wi 1 -i 1 -w 1s -r 1s}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 4, time = 2)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AsyncMapperBenchmark {
  static final int OPERATIONS = 20;
  /** The size of a document's {@code @Large} body, in characters (ASCII: bytes too). */
  static final int BODY_CHARS = 16 * 1024;
  private static final String ACCOUNTS = "AsyncMapperAccounts";
  private static final String DOCUMENTS = "AsyncMapperDocuments";

  /** The simulated network round trip of every request, in milliseconds; 0: straight to Azurite. */
  @Param({"5"})
  public int roundTripMillis;

  /** An account of a tenant, unique by e-mail address across all tenants: the index's copy is in another partition. */
  @Entity(table = ACCOUNTS)
  @PartitionKey("{tenant}")
  @RowKey("a_{id:04}")
  @Index(name = "email", partitionKey = "email_{email}", rowKey = "account")
  public record Account(String tenant, int id, String email, int round) {}

  /** The blocking writes of accounts. */
  @Repository
  public interface Accounts extends TableRepository<Account> {}

  /** The same writes, async. */
  @Repository
  public interface AsyncAccounts extends AsyncTableRepository<Account> {}

  /** A document of a folder, whose body is stored out of the row, in a blob. */
  @Entity(table = DOCUMENTS)
  @PartitionKey("{folder}")
  @RowKey("d_{id:04}")
  public record Document(String folder, int id, String title, @Large String body) {}

  /** The blocking point reads of documents. */
  @Repository
  public interface Documents extends TableRepository<Document> {
    Optional<Document> findByFolderAndId(String folder, int id);
  }

  /** The same point reads, async. */
  @Repository
  public interface AsyncDocuments extends AsyncTableRepository<Document> {
    CompletableFuture<Optional<Document>> findByFolderAndId(String folder, int id);
  }

  private final List<LatencyProxy> proxies = new ArrayList<>();
  private ExecutorService executor;
  private TableMapper mapper;
  private Accounts accounts;
  private AsyncAccounts asyncAccounts;
  private Documents documents;
  private AsyncDocuments asyncDocuments;
  private int round;
  private int inserted;

  @Setup
  public void setUp() {
    String connection = AsyncFanOutBenchmark.azurite();
    if (roundTripMillis > 0) {
      connection = throughProxy(connection, "TableEndpoint");
      connection = throughProxy(connection, "BlobEndpoint");
    }
    AzureTablesBackend backend = AzureTablesBackend.fromConnectionString(connection);
    backend.deleteTableIfExists(ACCOUNTS);
    backend.deleteTableIfExists(DOCUMENTS);
    executor = Executors.newSingleThreadExecutor(task -> {
      Thread thread = new Thread(task, "async-mapper-benchmark-executor");
      thread.setDaemon(true);
      return thread;
    });
    mapper = TableMapper.builder().backend(backend).asyncExecutor(executor).build();
    accounts = mapper.repository(Accounts.class);
    asyncAccounts = mapper.repository(AsyncAccounts.class);
    documents = mapper.repository(Documents.class);
    asyncDocuments = mapper.repository(AsyncDocuments.class);
    String body = "0123456789abcdef".repeat(BODY_CHARS / 16);
    for (int i = 0; i < OPERATIONS; i++) {
      documents.insert(new Document(folder(i), i, "document " + i, body));
    }
    // the tables created and Azurite (Node.js) started on both paths before the first benchmark; JMH's warm-up
    // iterations do the rest (one round: each trial sets up anew, the suite's smoke test runs every benchmark once)
    upserts20_sync();
    upserts20_async();
    largeReads20_sync();
    largeReads20_async();
  }

  /** The connection string with the endpoint {@code name} (on 127.0.0.1) replaced by a proxy in front of it. */
  private String throughProxy(String connection, String name) {
    String port = connection.replaceAll("(?s).*" + name + "=http://127\\.0\\.0\\.1:([0-9]+)/.*", "$1");
    if (port.equals(connection)) {
      throw new IllegalStateException("no " + name + " on 127.0.0.1 in Azurite's connection string");
    }
    LatencyProxy proxy = LatencyProxy.start(Integer.parseInt(port), Duration.ofMillis(roundTripMillis));
    proxies.add(proxy);
    return connection.replace(name + "=http://127.0.0.1:" + port + "/",
        name + "=http://127.0.0.1:" + proxy.port() + "/");
  }

  @TearDown
  public void tearDown() {
    mapper.close();
    executor.shutdownNow();
    proxies.forEach(LatencyProxy::close);
  }

  private static String tenant(int i) {
    return String.format("tenant%02d", i);
  }

  private static String folder(int i) {
    return String.format("folder%02d", i);
  }

  /** This round's accounts: each with an e-mail address no account has had before. */
  private List<Account> nextAccounts() {
    round++;
    List<Account> next = new ArrayList<>(OPERATIONS);
    for (int i = 0; i < OPERATIONS; i++) {
      next.add(new Account(tenant(i), i, "user" + i + "-r" + round + "@example.com", round));
    }
    return next;
  }

  /** Twenty upserts with a remote unique index, one after another (the baseline). */
  @Benchmark
  public int upserts20_sync() {
    int written = 0;
    for (Account account : nextAccounts()) {
      written += accounts.upsert(account).round() == round ? 1 : 0;
    }
    return written;
  }

  /** Twenty async upserts with a remote unique index, all under way at once, then joined. */
  @Benchmark
  public int upserts20_async() {
    List<CompletableFuture<Account>> writes = new ArrayList<>(OPERATIONS);
    for (Account account : nextAccounts()) {
      writes.add(asyncAccounts.upsert(account));
    }
    int written = 0;
    for (CompletableFuture<Account> write : writes) {
      written += write.join().round() == round ? 1 : 0;
    }
    return written;
  }

  /**
   * One blocking upsert that moves an account's remote unique value to one it never had: the protocol's requests, one
   * after another.
   */
  @Benchmark
  public Account moveOne_sync() {
    round++;
    return accounts.upsert(new Account("moves", 0, "moved-r" + round + "@example.com", round));
  }

  /** The same upsert, async and joined: the protocol's independent requests under way at once. */
  @Benchmark
  public Account moveOne_async() {
    round++;
    return asyncAccounts.upsert(new Account("moves", 1, "moved-async-r" + round + "@example.com", round)).join();
  }

  /** One blocking insert of an account with its remote unique value. */
  @Benchmark
  public Account insertOne_sync() {
    inserted++;
    return accounts.insert(new Account("inserts", inserted, "inserted" + inserted + "@example.com", 0));
  }

  /** Twenty point reads of an entity with a {@code @Large} value (row, then blob), one after another. */
  @Benchmark
  public int largeReads20_sync() {
    int chars = 0;
    for (int i = 0; i < OPERATIONS; i++) {
      chars += documents.findByFolderAndId(folder(i), i).orElseThrow().body().length();
    }
    return chars;
  }

  /** Twenty async point reads of an entity with a {@code @Large} value, all under way at once, then joined. */
  @Benchmark
  public int largeReads20_async() {
    List<CompletableFuture<Optional<Document>>> reads = new ArrayList<>(OPERATIONS);
    for (int i = 0; i < OPERATIONS; i++) {
      reads.add(asyncDocuments.findByFolderAndId(folder(i), i));
    }
    int chars = 0;
    for (CompletableFuture<Optional<Document>> read : reads) {
      chars += read.join().orElseThrow().body().length();
    }
    return chars;
  }
}
