package io.tablemapper.spi;

import java.util.Locale;
import java.util.Objects;

/**
 * Which store a backend reaches, as a tracer names it ({@link TableBackend#description()}): the names OpenTelemetry's
 * database semantic conventions give a database client's spans ({@code db.system.name}, {@code db.namespace},
 * {@code server.address}, {@code server.port}). Only the fields a backend knows are set: an embedded store has no
 * server, an in-memory one no namespace either.
 *
 * @param system what the store is, as {@code db.system.name} spells it: {@code azure.tables} (Azure Table Storage,
 *     which OpenTelemetry does not name), {@code azure.cosmosdb}, {@code h2database}, {@code tablemapper.memory}, or
 *     a third-party backend's own lower-case name
 * @param namespace the space of tables the backend reaches within the store: the storage or Cosmos DB account's name,
 *     the H2 database's; null when there is none
 * @param address the host name (or IP address) of the server the requests go to; null for an embedded store
 * @param port the port of that server; 0 when there is no server or its port is not known
 */
public record StoreDescription(String system, String namespace, String address, int port) {

  /** Checks the description: a system, a port in 0..65535, a port only with an address. */
  public StoreDescription {
    Objects.requireNonNull(system, "system");
    if (system.isBlank()) {
      throw new IllegalArgumentException("a store's system name must not be blank");
    }
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("a server port is 0 (none known) or 1..65535, not " + port);
    }
    if (port != 0 && address == null) {
      throw new IllegalArgumentException("a server port (" + port + ") needs the server's address");
    }
  }

  /** A store known only by its system name: no namespace, no server (an embedded or in-memory store). */
  public static StoreDescription of(String system) {
    return new StoreDescription(system, null, null, 0);
  }

  /**
   * What {@link TableBackend#description()} says of a backend that does not describe itself: its
   * {@link TableBackend#name() name} in lower case, blanks as dots, as the system, nothing else.
   */
  public static StoreDescription unknown(TableBackend backend) {
    String name = backend.name();
    String system = name == null || name.isBlank() ? backend.getClass().getSimpleName() : name;
    return of(system.trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", "."));
  }
}
