package io.tablemapper.backend.h2;

import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The child process of {@link CrashRecoveryTest}: writes two streams of batches to an H2 file, on two threads, until
 * it is killed, appending {@code <n>} and a line break to an acknowledgement file after batch {@code n} returns. (A
 * file, not standard output: the parent reads it after the kill, when a pipe would have lost what it had not read.)
 *
 * <p>Odd batches replace all {@value #GENERATION_ROWS} rows of partition {@code gen} with {@code generation = n};
 * even batches insert {@link #logSize} rows into partition {@code log}, each carrying {@code batch = n} and the
 * batch's size. A batch applied in part would leave rows of two generations, or a batch with fewer rows than its
 * size. Two threads write at once, as an application's would: before writes were serialized per database, one
 * thread's commit could store the other's half-written batch (see {@code Database}), which is how a kill once left
 * rows of an uncommitted batch; now they queue on the database's write lock, and a kill lands inside a batch, a
 * commit, or H2's recovery at the next open.
 */
public final class CrashWriter {
  static final String TABLE = "Crash";
  static final int GENERATION_ROWS = 100;

  private CrashWriter() {}

  /** Arguments: the database path, the first (odd) batch number, the acknowledgement file. */
  public static void main(String[] args) throws IOException {
    H2Backend backend = H2Backend.file(Path.of(args[0]));
    backend.createTableIfNotExists(TABLE);
    int first = Integer.parseInt(args[1]);
    FileOutputStream acknowledgements = new FileOutputStream(args[2], true);
    for (int stream = 0; stream < 2; stream++) {
      int start = first + stream;
      Thread writer = new Thread(() -> {
        for (int batch = start; ; batch += 2) {
          backend.batch(TABLE, operations(batch));
          acknowledge(acknowledgements, batch);
        }
      }, "writer-" + stream);
      writer.setUncaughtExceptionHandler((thread, failure) -> {
        failure.printStackTrace();
        Runtime.getRuntime().halt(1);
      });
      writer.start();
    }
  }

  private static void acknowledge(FileOutputStream acknowledgements, int batch) {
    synchronized (acknowledgements) {
      try {
        acknowledgements.write((batch + "\n").getBytes(StandardCharsets.US_ASCII));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  static List<WriteOperation> operations(int batch) {
    List<WriteOperation> operations = new ArrayList<>();
    String payload = "x".repeat(500 + batch % 500);
    if (batch % 2 == 1) {
      for (int i = 0; i < GENERATION_ROWS; i++) {
        operations.add(WriteOperation.upsertReplace(TableRow.builder("gen", String.format("r%03d", i))
            .putInt32("generation", batch).putString("payload", payload).build()));
      }
    } else {
      int size = logSize(batch);
      for (int i = 0; i < size; i++) {
        operations.add(WriteOperation.insert(TableRow.builder("log", String.format("b%06d-%03d", batch, i))
            .putInt32("batch", batch).putInt32("size", size).putString("payload", payload).build()));
      }
    }
    return operations;
  }

  /** How many rows the even batch {@code batch} inserts: 1 to 100. */
  static int logSize(int batch) {
    return 1 + (batch * 37) % 100;
  }
}
