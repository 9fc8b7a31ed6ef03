package io.tablemapper.backend.azure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Azurite's table and blob services for tests, with no step done by hand: the first test that needs it installs Azurite from
 * the npm registry (the version pinned in the build, {@code azurite.version}) into the build's shared directory for
 * that version ({@code azurite.directory}, the top-level {@code target/azurite/VERSION}) unless an earlier module or
 * build installed it there already, starts its table service and its blob service (where the Azure backend keeps the
 * values of {@code @Large} properties) each on a free port of 127.0.0.1 with in-memory persistence
 * and its log and workspace in the module's own directory ({@code azurite.workspace}), and waits until it answers.
 * Every test of the JVM then shares that one process, which is stopped when the JVM exits, whatever the outcome.
 *
 * <p>One install serves every module (backend-azure's tests and mapper-runtime's): a file lock keeps modules built
 * in parallel from installing at once, and a marker written last tells a finished install from one a killed build
 * left half done, which is installed again.
 *
 * <p>Two ways to use it: as an extension ({@code @ExtendWith(Azurite.class)}) on a class whose every test needs
 * Azurite, or through {@link #connectionString()} alone, from a test that runs on several stores, one of them Azure
 * (this module's test jar carries it to other modules' tests).
 *
 * <p>Without {@code node} and {@code npm} on the PATH the tests cannot run: each is skipped, with a banner on
 * standard error and the reason in the test report, never passed silently. A failing install or start fails them.
 */
public final class Azurite implements BeforeAllCallback, BeforeEachCallback {
  /** The well-known development account of the storage emulators; not a secret. */
  private static final String ACCOUNT = "devstoreaccount1";
  private static final String KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
  /** How many storage accounts Azurite serves: the development account and more, with the same key. */
  public static final int ACCOUNTS = 8;
  private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(5);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private static Server running;
  private static RuntimeException failedStart;

  /** Starts Azurite for the class, unless it runs already. */
  @Override
  public void beforeAll(ExtensionContext context) {
    server();
  }

  /** Skips each test, with the reason, when Azurite could not be run: every one then counts as skipped. */
  @Override
  public void beforeEach(ExtensionContext context) {
    String reason = server().skipReason;
    Assumptions.assumeTrue(reason == null, () -> reason);
  }

  /**
   * The connection string of this JVM's Azurite, started first if it is not running yet.
   *
   * @throws org.opentest4j.TestAbortedException when Azurite cannot run here (no Node.js): the calling test is
   *     reported skipped, with the reason
   */
  public static String connectionString() {
    return connectionString(0);
  }

  /**
   * The connection string of one of the {@link #ACCOUNTS} storage accounts of this JVM's Azurite (0 is the
   * development account): each holds tables of its own, as separate stores.
   *
   * @throws org.opentest4j.TestAbortedException when Azurite cannot run here (no Node.js)
   */
  public static String connectionString(int account) {
    if (account < 0 || account >= ACCOUNTS) {
      throw new IllegalArgumentException("account " + account + " is not one of Azurite's 0.." + (ACCOUNTS - 1));
    }
    Server server = server();
    Assumptions.assumeTrue(server.skipReason == null, () -> server.skipReason);
    String name = accountName(account);
    return "DefaultEndpointsProtocol=http;AccountName=" + name + ";AccountKey=" + KEY
        + ";TableEndpoint=http://127.0.0.1:" + server.port + "/" + name
        + ";BlobEndpoint=http://127.0.0.1:" + server.blobPort + "/" + name + ";";
  }

  private static String accountName(int account) {
    return account == 0 ? ACCOUNT : "tablemapper" + account;
  }

  private static synchronized Server server() {
    if (failedStart != null) {
      throw new IllegalStateException("Azurite failed to start earlier in this run: " + failedStart.getMessage(),
          failedStart);
    }
    if (running == null) {
      try {
        running = Server.start();
      } catch (RuntimeException e) {
        failedStart = e;
        throw e;
      }
      Runtime.getRuntime().addShutdownHook(new Thread(running::close, "stop-azurite"));
    }
    return running;
  }

  /** The Azurite process, or why there is none; closed when the JVM exits. */
  private static final class Server implements AutoCloseable {
    final Process process;
    final int port;
    final Process blobProcess;
    final int blobPort;
    final String skipReason;

    private Server(Process process, int port, Process blobProcess, int blobPort, String skipReason) {
      this.process = process;
      this.port = port;
      this.blobProcess = blobProcess;
      this.blobPort = blobPort;
      this.skipReason = skipReason;
    }

    static Server start() {
      String version = setting("azurite.version");
      Path workspace = Path.of(setting("azurite.workspace")).toAbsolutePath();
      Path directory = installDirectory(workspace);
      if (!onPath("node") || !onPath("npm")) {
        String reason = "Node.js (node and npm) is not on the PATH, so Azurite " + version
            + " cannot be installed and started: the Azure backend's tests are SKIPPED, not passed."
            + " Install Node.js 18 or later to run them.";
        System.err.println(banner(reason));
        return new Server(null, -1, null, -1, reason);
      }
      try {
        install(version, directory);
        return launch(directory, workspace);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot install or start Azurite " + version + " in " + directory, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while installing or starting Azurite", e);
      }
    }

    /**
     * The shared install directory the build names; where no build named one (a test run from an IDE that does not
     * know Maven's top-level directory), a directory in the module's workspace.
     */
    private static Path installDirectory(Path workspace) {
      String shared = System.getProperty("azurite.directory");
      if (shared == null || shared.isBlank() || shared.contains("${")) {
        return workspace.resolve("install");
      }
      return Path.of(shared).toAbsolutePath();
    }

    /** Installs and patches Azurite once into {@code directory}, unless a finished install of it is there. */
    private static void install(String version, Path directory) throws IOException, InterruptedException {
      Files.createDirectories(directory);
      Path installed = directory.resolve("installed");
      try (FileChannel lockFile = FileChannel.open(directory.resolve("install.lock"), StandardOpenOption.CREATE,
          StandardOpenOption.WRITE)) {
        lockFile.lock(); // released when the channel closes; another JVM waits here until the install is done
        if (Files.exists(installed) && Files.readString(installed).strip().equals(version)) {
          System.err.println("[azurite] azurite@" + version + " is installed in " + directory + " already");
          return;
        }
        Path packageJson = directory.resolve("node_modules/azurite/package.json");
        Path log = directory.resolve("npm-install.log");
        System.err.println("[azurite] installing azurite@" + version + " from the npm registry into " + directory);
        long start = System.nanoTime();
        Process npm = new ProcessBuilder(
                "npm", "install", "--prefix", directory.toString(), "--no-audit", "--no-fund",
                "--no-package-lock", "--no-save", "azurite@" + version)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
        if (!npm.waitFor(INSTALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
          npm.destroyForcibly();
          throw new IOException("npm install of azurite@" + version + " took longer than " + INSTALL_TIMEOUT
              + "; see " + log);
        }
        if (npm.exitValue() != 0 || !Files.exists(packageJson)
            || !Files.readString(packageJson).contains("\"version\": \"" + version + "\"")) {
          throw new IOException("npm install of azurite@" + version + " failed with exit code " + npm.exitValue()
              + ":\n" + tail(log));
        }
        allowServiceKeyLength(directory);
        Files.writeString(installed, version + "\n");
        System.err.printf("[azurite] installed azurite@%s in %.1f s%n", version,
            (System.nanoTime() - start) / 1e9);
      }
    }

    /**
     * Raises Azurite's key limit to the service's. Azurite refuses keys longer than 512 characters ("a little
     * arbitrary", says its source), where Azure Table Storage takes keys of up to 1 KiB, as
     * {@link io.tablemapper.spi.StoreLimits#MAX_KEY_LENGTH} and the conformance kit say; the installed copy is
     * patched so that the emulator accepts what the service accepts.
     */
    private static void allowServiceKeyLength(Path directory) throws IOException {
      Path constants = directory.resolve("node_modules/azurite/dist/src/table/utils/constants.js");
      String text = Files.readString(constants);
      String emulator = "exports.DEFAULT_KEY_MAX_LENGTH = 512;";
      String service = "exports.DEFAULT_KEY_MAX_LENGTH = " + io.tablemapper.spi.StoreLimits.MAX_KEY_LENGTH + ";";
      if (text.contains(emulator)) {
        Files.writeString(constants, text.replace(emulator, service));
      } else if (!text.contains(service)) {
        throw new IOException("cannot find Azurite's key length limit in " + constants
            + " to raise it to the service's; check the patch against this Azurite version");
      }
    }

    private static Server launch(Path directory, Path workspace) throws IOException, InterruptedException {
      Files.createDirectories(workspace);
      int port = freePort();
      Process tables = launch(directory, workspace, "table", port);
      int blobPort = freePort();
      Process blobs;
      try {
        blobs = launch(directory, workspace, "blob", blobPort);
      } catch (IOException | InterruptedException | RuntimeException e) {
        stop(tables);
        throw e;
      }
      return new Server(tables, port, blobs, blobPort, null);
    }

    /** Starts one of Azurite's services ({@code table} or {@code blob}) on a port and waits until it answers. */
    private static Process launch(Path directory, Path workspace, String service, int port)
        throws IOException, InterruptedException {
      Path main = directory.resolve("node_modules/azurite/dist/src/" + service + "/main.js");
      Path log = workspace.resolve(service.equals("table") ? "azurite.log" : "azurite-" + service + ".log");
      // Node's 16 KiB default limit on request headers is below the URL of a point read with two keys of 1024
      // three-byte characters, percent-encoded; the service takes such keys, so the emulator must too.
      List<String> command = new ArrayList<>(List.of(
          "node", "--max-http-header-size=65536", main.toString(),
          "--" + service + "Host", "127.0.0.1", "--" + service + "Port", String.valueOf(port),
          "--inMemoryPersistence", "--disableTelemetry", "--skipApiVersionCheck", "--silent"));
      ProcessBuilder builder = new ProcessBuilder(command);
      StringBuilder accounts = new StringBuilder();
      for (int account = 0; account < ACCOUNTS; account++) {
        accounts.append(account == 0 ? "" : ";").append(accountName(account)).append(':').append(KEY);
      }
      builder.environment().put("AZURITE_ACCOUNTS", accounts.toString());
      Process process = builder
          .directory(workspace.toFile())
          .redirectErrorStream(true)
          .redirectOutput(log.toFile())
          .start();
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      while (!answers(port)) {
        if (!process.isAlive()) {
          throw new IOException("Azurite exited with code " + process.exitValue() + " before answering:\n" + tail(log));
        }
        if (System.nanoTime() > deadline) {
          process.destroyForcibly();
          throw new IOException("Azurite did not answer on 127.0.0.1:" + port + " within " + START_TIMEOUT + ":\n"
              + tail(log));
        }
        Thread.sleep(100);
      }
      System.err.println("[azurite] " + service + " service of Azurite (pid " + process.pid() + ") listens on"
          + " 127.0.0.1:" + port);
      return process;
    }

    @Override
    public void close() {
      stop(blobProcess);
      stop(process);
    }

    private static void stop(Process process) {
      if (process != null && process.isAlive()) {
        process.destroy();
        try {
          if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
          }
        } catch (InterruptedException e) {
          process.destroyForcibly();
          Thread.currentThread().interrupt();
        }
      }
    }

    private static String setting(String name) {
      String value = System.getProperty(name);
      if (value == null || value.isBlank()) {
        throw new IllegalStateException(
            "system property '" + name + "' is not set; the build's surefire configuration sets it");
      }
      return value;
    }

    private static boolean onPath(String program) {
      String path = System.getenv("PATH");
      if (path == null) {
        return false;
      }
      for (String entry : path.split(java.io.File.pathSeparator)) {
        if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, program))) {
          return true;
        }
      }
      return false;
    }

    private static int freePort() throws IOException {
      try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}))) {
        return socket.getLocalPort();
      }
    }

    private static boolean answers(int port) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port), 200);
        return true;
      } catch (IOException notYet) {
        return false;
      }
    }

    private static String tail(Path log) throws IOException {
      if (!Files.exists(log)) {
        return "(no output)";
      }
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    private static String banner(String reason) {
      String line = "*".repeat(100);
      return "\n" + line + "\n*** AZURITE TESTS SKIPPED\n*** " + reason + "\n" + line + "\n";
    }
  }
}
