package io.tablemapper.spi;

import java.time.Instant;

/**
 * What the store assigned to a written row; both null for a delete.
 *
 * @param etag the row's new ETag
 * @param timestamp the row's new Timestamp
 */
public record WriteResult(String etag, Instant timestamp) {}
