package io.tablemapper.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * An Azurite table service started by a benchmark for itself, on a free port of 127.0.0.1 with in-memory
 * persistence, and stopped by it: the Azurite the build installed ({@code target/azurite/VERSION}, installed by the
 * first Azure test of {@code mvn install}), found from the working directory upwards, or the one
 * {@code -Dazurite.directory} names. Needs {@code node} on the PATH.
 */
final class AzuriteProcess implements AutoCloseable {
  /** The well-known development account of the storage emulators; not a secret. */
  private static final String CONNECTION = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
      + "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"
      + "TableEndpoint=http://127.0.0.1:%d/devstoreaccount1;";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private final Process process;
  private final int port;
  /** Azurite's working directory (its log), deleted when it stops. */
  private final Path workspace;

  private AzuriteProcess(Process process, int port, Path workspace) {
    this.process = process;
    this.port = port;
    this.workspace = workspace;
  }

  /** Starts Azurite and waits until it answers. */
  static AzuriteProcess start() {
    Path main = installed().resolve("node_modules/azurite/dist/src/table/main.js");
    try {
      Path workspace = Files.createTempDirectory("azurite-benchmark");
      int port = freePort();
      Process process = new ProcessBuilder("node", "--max-http-header-size=65536", main.toString(),
          "--tableHost", "127.0.0.1", "--tablePort", String.valueOf(port), "--inMemoryPersistence",
          "--disableTelemetry", "--skipApiVersionCheck", "--silent")
          .directory(workspace.toFile())
          .redirectErrorStream(true)
          .redirectOutput(workspace.resolve("azurite.log").toFile())
          .start();
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      while (!answers(port)) {
        if (!process.isAlive() || System.nanoTime() > deadline) {
          process.destroyForcibly();
          throw new IllegalStateException("Azurite did not start on 127.0.0.1:" + port + "; see "
              + workspace.resolve("azurite.log"));
        }
        Thread.sleep(100);
      }
      return new AzuriteProcess(process, port, workspace);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start Azurite (" + main + "); is node on the PATH?", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting Azurite", e);
    }
  }

  /** The connection string of the development account of this Azurite. */
  String connectionString() {
    return String.format(CONNECTION, port);
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try (Stream<Path> files = Files.walk(workspace)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a log left in the temporary directory is no reason to fail a benchmark run
    }
  }

  /** The directory of the newest finished install (its {@code installed} marker written). */
  private static Path installed() {
    String named = System.getProperty("azurite.directory");
    if (named != null && !named.isBlank()) {
      return Path.of(named);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path azurite = dir.resolve("target/azurite");
      if (Files.isDirectory(azurite)) {
        try (Stream<Path> versions = Files.list(azurite)) {
          Path newest = versions.filter(version -> Files.exists(version.resolve("installed")))
              .max(Comparator.comparing(Path::getFileName)).orElse(null);
          if (newest != null) {
            return newest;
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    throw new IllegalStateException("no Azurite installed under target/azurite of " + Path.of("").toAbsolutePath()
        + " or a directory above it; run 'mvn install' once (its Azure tests install Azurite) or name an install"
        + " with -Dazurite.directory=<dir holding node_modules/azurite>");
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
}
