package io.tablemapper.backend.azure;

import io.tablemapper.api.MapperScope;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The scope a table SAS names in its query string: its table ({@code tn}) and key range ({@code spk}, {@code srk},
 * {@code epk}, {@code erk}).
 */
final class SasScope {
  private SasScope() {}

  /** The scope of a SAS, or null for an account SAS (no {@code tn}). */
  static MapperScope of(String token) {
    Map<String, String> parameters = new HashMap<>();
    for (String pair : token.split("&")) {
      int equals = pair.indexOf('=');
      if (equals > 0) {
        parameters.put(pair.substring(0, equals).toLowerCase(Locale.ROOT),
            URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
      }
    }
    String table = parameters.get("tn");
    if (table == null) {
      return null;
    }
    return MapperScope.builder()
        .keys(table, parameters.get("spk"), parameters.get("srk"), parameters.get("epk"), parameters.get("erk"))
        .build();
  }
}
