package io.tablemapper.backend.h2;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;

/**
 * A continuation token: the keys of the last row a page returned, after which the next page resumes. It names a
 * position, not a cursor or anything held by the backend, so it stays valid across backend instances on the same
 * file and across restarts, while the data changes.
 *
 * <p>The text is {@code "h2."} followed by the base64url encoding (without padding) of: the number of code units of
 * the PartitionKey (4 bytes, big-endian), then the PartitionKey and the RowKey as {@link Encoding#text} bytes.
 *
 * @param partitionKey the PartitionKey of the last row returned
 * @param rowKey the RowKey of the last row returned
 */
record PageToken(String partitionKey, String rowKey) {
  private static final String PREFIX = "h2.";

  /** The token's text. */
  String encode() {
    byte[] partition = Encoding.text(partitionKey);
    byte[] row = Encoding.text(rowKey);
    byte[] bytes = ByteBuffer.allocate(4 + partition.length + row.length)
        .putInt(partitionKey.length())
        .put(partition)
        .put(row)
        .array();
    return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * Reads a token this backend issued.
   *
   * @throws IllegalArgumentException if the text is not such a token
   */
  static PageToken decode(String token, String table) {
    if (token.startsWith(PREFIX)) {
      try {
        byte[] bytes = Base64.getUrlDecoder().decode(token.substring(PREFIX.length()));
        if (bytes.length >= 4 && bytes.length % 2 == 0) {
          int partitionLength = ByteBuffer.wrap(bytes).getInt();
          long partitionEnd = 4L + 2L * partitionLength;
          if (partitionLength >= 0 && partitionEnd <= bytes.length) {
            return new PageToken(
                Encoding.text(Arrays.copyOfRange(bytes, 4, (int) partitionEnd)),
                Encoding.text(Arrays.copyOfRange(bytes, (int) partitionEnd, bytes.length)));
          }
        }
      } catch (IllegalArgumentException notBase64) {
        // reported below
      }
    }
    throw new IllegalArgumentException(
        "invalid continuation token '" + (token.length() <= 40 ? token : token.substring(0, 40) + "…")
            + "' for a query of table '" + table + "': pass back only a token the H2 backend returned");
  }
}
