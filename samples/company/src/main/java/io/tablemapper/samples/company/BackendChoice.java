package io.tablemapper.samples.company;

import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.spi.TableBackend;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The backend the sample runs on, chosen by system properties:
 *
 * <ul>
 *   <li>{@code -Dtablemapper.backend=h2} (the default): an H2 database file, {@code -Dtablemapper.h2.file=PATH}
 *       (default {@code data/company}, under the working directory; H2 adds {@code .mv.db}). The data stay there
 *       between runs.
 *   <li>{@code -Dtablemapper.backend=memory}: in memory, gone when the sample ends.
 * </ul>
 *
 * <p>Each backend is one case of {@link #from}, which reads the properties that backend needs; another backend (say
 * {@code azure}, with its connection string in {@code tablemapper.azure.connectionString}) is one more case.
 *
 * @param description what the backend is and where it keeps the data, for the sample's output
 * @param durable whether the data outlive the run
 * @param opener opens the backend
 */
record BackendChoice(String description, boolean durable, Supplier<TableBackend> opener) {
  static final String BACKEND = "tablemapper.backend";
  static final String H2_FILE = "tablemapper.h2.file";
  static final String DEFAULT_H2_FILE = "data/company";

  /**
   * The backend the properties choose.
   *
   * @throws IllegalArgumentException naming the property, the value and the choices, for a backend it does not know
   */
  static BackendChoice from(Properties properties) {
    String backend = properties.getProperty(BACKEND, "h2").trim().toLowerCase(Locale.ROOT);
    switch (backend) {
      case "h2":
        Path base = Path.of(properties.getProperty(H2_FILE, DEFAULT_H2_FILE)).toAbsolutePath().normalize();
        String file = base.toString().endsWith(".mv.db") ? base.toString() : base + ".mv.db";
        return new BackendChoice("H2 database file " + file, true, () -> H2Backend.file(base));
      case "memory":
        return new BackendChoice("in memory (nothing is kept after the run)", false, InMemoryBackend::create);
      default:
        throw new IllegalArgumentException(
            "-D" + BACKEND + "=" + properties.getProperty(BACKEND) + " names no backend the sample knows; choose h2"
                + " (the default; the file is -D" + H2_FILE + "=PATH, default " + DEFAULT_H2_FILE + ") or memory");
    }
  }

  /** Opens the backend. */
  TableBackend open() {
    return opener.get();
  }
}
