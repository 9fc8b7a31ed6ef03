package io.tablemapper.backend.memory;

import java.util.Base64;

/**
 * Where a query resumes: the keys of the last row a page returned; the next page starts right after it (exclusive),
 * so a row that comes to match after that key, inserted or changed between pages, is on a later page.
 *
 * <p>The token is {@code "2"} followed by the base64url encoding of the UTF-16 code units of the PartitionKey, a
 * U+0000 separator (a character no stored key holds) and the RowKey. Encoding code units, not UTF-8, keeps any
 * key exact, unpaired surrogates included. Tokens are deterministic: the same position always gives the same
 * token, so a token outlives the query object and the process that issued it.
 *
 * <p>Tokens of version {@code "1"}, which named the next matching row and resumed at it, are rejected like any
 * other text this backend did not issue.
 *
 * @param partitionKey the PartitionKey of the last row returned
 * @param rowKey the RowKey of the last row returned; the next page resumes after it, within that partition
 */
record ContinuationToken(String partitionKey, String rowKey) {
  private static final String VERSION = "2";
  private static final char SEPARATOR = '\u0000';

  /** The token's text. */
  String encode() {
    int length = partitionKey.length() + 1 + rowKey.length();
    byte[] bytes = new byte[2 * length];
    int at = put(bytes, 0, partitionKey);
    bytes[at++] = 0;
    bytes[at++] = 0;
    put(bytes, at, rowKey);
    return VERSION + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
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
        if (bytes.length % 2 == 0) {
          char[] chars = new char[bytes.length / 2];
          int separator = -1;
          for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) (((bytes[2 * i] & 0xFF) << 8) | (bytes[2 * i + 1] & 0xFF));
            if (chars[i] == SEPARATOR && separator < 0) {
              separator = i;
            }
          }
          if (separator >= 0) {
            return new ContinuationToken(
                new String(chars, 0, separator), new String(chars, separator + 1, chars.length - separator - 1));
          }
        }
      } catch (IllegalArgumentException notBase64) {
        // reported below
      }
    }
    throw new IllegalArgumentException(
        "invalid continuation token '" + abbreviate(token) + "' for a query of table '" + table
            + "': pass back only a token the in-memory backend returned");
  }

  private static int put(byte[] bytes, int at, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      bytes[at++] = (byte) (c >>> 8);
      bytes[at++] = (byte) c;
    }
    return at;
  }

  private static String abbreviate(String token) {
    return token.length() <= 40 ? token : token.substring(0, 40) + "…";
  }
}
