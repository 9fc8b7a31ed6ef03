package io.tablemapper.backend.azure;

import io.tablemapper.spi.StoreDescription;
import io.tablemapper.spi.StoreProfile;
import java.net.URI;
import java.util.Locale;

/**
 * What an endpoint of the table service says of the store behind it, for {@link AzureTablesBackend#description()}:
 * the account (the first label of the host, {@code https://<account>.table.core.windows.net}; or, on an emulator that
 * names it in the path, the path's first segment, {@code http://127.0.0.1:10002/devstoreaccount1}), the host and
 * the port (the endpoint's own, else its scheme's: 443 for https, 80 for http).
 */
final class Endpoints {
  private Endpoints() {}

  /**
   * The description of the store an endpoint reaches: {@code azure.cosmosdb} for a store of the Cosmos DB Table API's
   * profile, else {@code azure.tables}; the account, host and port where the endpoint tells them (only the system
   * when it is not a URI with a host).
   */
  static StoreDescription describe(String endpoint, StoreProfile profile) {
    String system = profile == StoreProfile.COSMOS_TABLE ? "azure.cosmosdb" : "azure.tables";
    URI uri;
    try {
      uri = endpoint == null ? null : URI.create(endpoint.trim());
    } catch (IllegalArgumentException notAUri) {
      uri = null;
    }
    if (uri == null || uri.getHost() == null) {
      return StoreDescription.of(system);
    }
    String host = uri.getHost();
    int port = uri.getPort() > 0 ? uri.getPort() : defaultPort(uri.getScheme());
    return new StoreDescription(system, account(host, uri.getPath()), host, port);
  }

  /** The account: the first segment of a path that names one (an emulator's), else the host's first label. */
  private static String account(String host, String path) {
    String rest = path == null ? "" : path.startsWith("/") ? path.substring(1) : path;
    int slash = rest.indexOf('/');
    String segment = slash < 0 ? rest : rest.substring(0, slash);
    if (!segment.isEmpty()) {
      return segment;
    }
    if (host.startsWith("[") || Character.isDigit(host.charAt(host.length() - 1))) {
      return null; // an IP address names no account
    }
    int dot = host.indexOf('.');
    return dot < 0 ? host : host.substring(0, dot);
  }

  private static int defaultPort(String scheme) {
    String lower = scheme == null ? "" : scheme.toLowerCase(Locale.ROOT);
    return lower.equals("https") ? 443 : lower.equals("http") ? 80 : 0;
  }
}
