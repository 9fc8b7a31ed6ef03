package io.tablemapper.backend.azure;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;

/**
 * Where a query resumes, as an opaque, URL-safe string.
 *
 * <p>A page that returned rows resumes right after the last row the service returned ({@link Phase#IN_PARTITION}:
 * the rest of that partition, then the partitions after it), so a row that comes to match after that key between
 * pages is on a later page, and the next request is again a key-range query. {@link Phase#AFTER_PARTITION}
 * resumes at the partitions after one. A page on which the service returned no row but a continuation of its own
 * (NextPartitionKey and NextRowKey, opaque to us) carries that continuation, valid for the same phase.
 *
 * <p>The text is {@code "a"} followed by the base64url encoding of the phase and its keys in Java's modified UTF-8,
 * which keeps any key exact, unpaired surrogates included.
 *
 * @param phase where the query is
 * @param partitionKey the partition of {@code IN_PARTITION} and {@code AFTER_PARTITION}, else null
 * @param rowKey the last RowKey read in {@code IN_PARTITION}, else null
 * @param service the service's own continuation for the same phase, or null
 */
record ContinuationToken(Phase phase, String partitionKey, String rowKey, String service) {
  private static final String VERSION = "a";

  /** The part of the query's key range a token resumes in. */
  enum Phase {
    /** The query's whole key range. */
    START,
    /** The rows of {@code partitionKey} after {@code rowKey}, then the partitions after it. */
    IN_PARTITION,
    /** The partitions after {@code partitionKey}. */
    AFTER_PARTITION
  }

  static ContinuationToken start(String service) {
    return new ContinuationToken(Phase.START, null, null, service);
  }

  static ContinuationToken after(String partitionKey, String rowKey) {
    return new ContinuationToken(Phase.IN_PARTITION, partitionKey, rowKey, null);
  }

  static ContinuationToken afterPartition(String partitionKey) {
    return new ContinuationToken(Phase.AFTER_PARTITION, partitionKey, null, null);
  }

  /** The same position with the service's continuation within it. */
  ContinuationToken withService(String serviceToken) {
    return new ContinuationToken(phase, partitionKey, rowKey, serviceToken);
  }

  /** The token's text. */
  String encode() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(phase.ordinal());
      writeNullable(out, partitionKey);
      writeNullable(out, rowKey);
      writeNullable(out, service);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return VERSION + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
  }

  /**
   * Reads a token this backend issued.
   *
   * @throws IllegalArgumentException if the text is not such a token
   */
  static ContinuationToken decode(String token, String table) {
    if (token.startsWith(VERSION)) {
      try {
        byte[] bytes = Base64.getUrlDecoder().decode(token.substring(VERSION.length()));
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        int phase = in.readUnsignedByte();
        String partitionKey = readNullable(in);
        String rowKey = readNullable(in);
        String service = readNullable(in);
        if (in.available() == 0 && phase < Phase.values().length) {
          ContinuationToken decoded = new ContinuationToken(Phase.values()[phase], partitionKey, rowKey, service);
          if (decoded.wellFormed()) {
            return decoded;
          }
        }
      } catch (IOException | IllegalArgumentException unreadable) {
        // reported below
      }
    }
    throw new IllegalArgumentException(
        "invalid continuation token '" + (token.length() <= 40 ? token : token.substring(0, 40) + "…")
            + "' for a query of table '" + table + "': pass back only a token the Azure backend returned"
            + " for the same query");
  }

  private boolean wellFormed() {
    switch (phase) {
      case START:
        return partitionKey == null && rowKey == null;
      case IN_PARTITION:
        return partitionKey != null && rowKey != null;
      default:
        return partitionKey != null && rowKey == null;
    }
  }

  private static void writeNullable(DataOutputStream out, String text) throws IOException {
    out.writeBoolean(text != null);
    if (text != null) {
      out.writeUTF(text);
    }
  }

  private static String readNullable(DataInputStream in) throws IOException {
    return in.readBoolean() ? in.readUTF() : null;
  }
}
