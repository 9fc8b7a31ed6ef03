package io.tablemapper.samples.company;

import io.tablemapper.backend.azure.AzureTablesBackend;
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
 *   <li>{@code -Dtablemapper.backend=azure}: Azure Table Storage or the Cosmos DB Table API, on the account that
 *       {@code -Dtablemapper.azure.connectionString=...} names (or the environment variable
 *       {@code TABLEMAPPER_AZURE_CONNECTION_STRING}, which keeps the key out of the process list);
 *       {@code UseDevelopmentStorage=true} is a local Azurite.
 * </ul>
 *
 * <p>Each backend is one case of {@link #from}, which reads the properties that backend needs.
 *
 * @param description what the backend is and where it keeps the data, for the sample's output
 * @param durable whether the data outlive the run
 * @param opener opens the backend
 */
record BackendChoice(String description, boolean durable, Supplier<TableBackend> opener) {
  static final String BACKEND = "tablemapper.backend";
  static final String H2_FILE = "tablemapper.h2.file";
  static final String DEFAULT_H2_FILE = "data/company";
  static final String AZURE_CONNECTION_STRING = "tablemapper.azure.connectionString";
  static final String AZURE_CONNECTION_STRING_VARIABLE = "TABLEMAPPER_AZURE_CONNECTION_STRING";

  /** The backend the system properties and the environment choose. */
  static BackendChoice fromSystem() {
    Properties properties = new Properties();
    properties.putAll(System.getProperties());
    String fromEnvironment = System.getenv(AZURE_CONNECTION_STRING_VARIABLE);
    if (fromEnvironment != null && !properties.containsKey(AZURE_CONNECTION_STRING)) {
      properties.setProperty(AZURE_CONNECTION_STRING, fromEnvironment);
    }
    return from(properties);
  }

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
      case "azure":
        String connectionString = properties.getProperty(AZURE_CONNECTION_STRING, "").trim();
        if (connectionString.isEmpty()) {
          throw new IllegalArgumentException("-D" + BACKEND + "=azure needs the account's connection string in -D"
              + AZURE_CONNECTION_STRING + "=... or the environment variable " + AZURE_CONNECTION_STRING_VARIABLE
              + " (UseDevelopmentStorage=true for a local Azurite)");
        }
        return new BackendChoice("Azure Tables account " + account(connectionString), true,
            () -> AzureTablesBackend.fromConnectionString(connectionString));
      default:
        throw new IllegalArgumentException(
            "-D" + BACKEND + "=" + properties.getProperty(BACKEND) + " names no backend the sample knows; choose h2"
                + " (the default; the file is -D" + H2_FILE + "=PATH, default " + DEFAULT_H2_FILE + "), memory"
                + " or azure (with -D" + AZURE_CONNECTION_STRING + "=...)");
    }
  }

  /** The account a connection string names, for the output; never its key. */
  private static String account(String connectionString) {
    for (String part : connectionString.split(";")) {
      int equals = part.indexOf('=');
      if (equals > 0) {
        String name = part.substring(0, equals).trim();
        if (name.equalsIgnoreCase("AccountName")) {
          return part.substring(equals + 1).trim();
        }
        if (name.equalsIgnoreCase("UseDevelopmentStorage")) {
          return "devstoreaccount1 (local Azurite)";
        }
      }
    }
    return "of the connection string";
  }

  /** Opens the backend. */
  TableBackend open() {
    return opener.get();
  }
}
