package io.tablemapper.runtime.query;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.EntityQuery;
import io.tablemapper.spi.KeyBound;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import io.tablemapper.runtime.values.JsonMappingContext;

/**
 * The continuation tokens of {@link io.tablemapper.api.Page}s: URL-safe base64 of a small JSON document
 * {@code {"v":1,"q":<query fingerprint>,"b":<backend token>,"n":<items returned so far>}}. A token holds nothing
 * tied to one process or mapper, so it resumes the same query anywhere over the same data; the fingerprint (a
 * hash of the method, entity, index, partition, key bounds, filter and limit) makes a token of another query
 * fail loudly instead of resuming at a wrong place.
 */
public final class PageTokens {
  private static final int VERSION = 1;

  private PageTokens() {}

  /** A decoded token. */
  public record Token(String backendToken, int returned) {}

  /** The fingerprint of a repository query. */
  public static String fingerprint(EntityMapping<?> mapping, EntityQuery query) {
    return hash(String.join("\n", "query", query.method(), mapping.table(), mapping.typeName(),
        String.valueOf(query.index()), String.valueOf(query.partitionKey()), bound(query.rowFrom()),
        bound(query.rowTo()), String.valueOf(query.filter()), String.valueOf(query.limit())));
  }

  /** The fingerprint of a partition read, of every type ({@code typeName} null) or of one. */
  public static String fingerprint(String table, String partitionKey, String typeName) {
    return hash(String.join("\n", "partition", table, partitionKey, String.valueOf(typeName)));
  }

  /** The token resuming after {@code returned} items at the backend's {@code backendToken}. */
  public static String encode(String fingerprint, String backendToken, int returned) {
    ObjectNode json = JsonMappingContext.json().createObjectNode()
        .put("v", VERSION)
        .put("q", fingerprint)
        .put("b", backendToken);
    if (returned > 0) {
      json.put("n", returned);
    }
    try {
      byte[] bytes = JsonMappingContext.json().writeValueAsBytes(json);
      return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a continuation token", e);
    }
  }

  /**
   * Decodes a token issued for the query with this fingerprint.
   *
   * @param what the query, for messages (for example {@code EmployeeRepository.findByDepartment})
   * @throws IllegalArgumentException if the token is garbled or was issued for another query
   */
  public static Token decode(String token, String fingerprint, String what) {
    JsonNode json;
    try {
      json = JsonMappingContext.json().readTree(Base64.getUrlDecoder().decode(token));
    } catch (IllegalArgumentException | java.io.IOException e) {
      throw garbled(token, what, e);
    }
    if (json == null || !json.isObject() || !json.path("v").isInt() || !json.path("q").isTextual()
        || !json.path("b").isTextual() || json.has("n") && !json.path("n").canConvertToInt()) {
      throw garbled(token, what, null);
    }
    if (json.get("v").intValue() != VERSION) {
      throw new IllegalArgumentException(
          "continuation token for " + what + " has version " + json.get("v").intValue() + "; this runtime reads"
              + " version " + VERSION + " tokens — start again with PageRequest.of(size)");
    }
    if (!json.get("q").textValue().equals(fingerprint)) {
      throw new IllegalArgumentException(
          "continuation token was issued for another query than " + what + " (a different method, entity,"
              + " partition, key range, filter or index); a token only resumes the query whose page returned it");
    }
    int returned = json.path("n").asInt(0);
    if (returned < 0) {
      throw garbled(token, what, null);
    }
    return new Token(json.get("b").textValue(), returned);
  }

  private static IllegalArgumentException garbled(String token, String what, Exception cause) {
    String shown = token.length() <= 40 ? token : token.substring(0, 40) + "…";
    return new IllegalArgumentException(
        "continuation token '" + shown + "' for " + what + " is not a token this runtime issued (it cannot be"
            + " decoded); pass Page.continuationToken() unchanged",
        cause);
  }

  private static String bound(KeyBound bound) {
    return bound == null ? "-" : (bound.inclusive() ? "[" : "(") + bound.key();
  }

  private static String hash(String text) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 12));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
