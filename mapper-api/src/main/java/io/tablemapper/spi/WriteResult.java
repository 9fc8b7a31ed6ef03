package io.tablemapper.spi;

import java.time.Instant;

/**
 * What the store assigned to one written row: the ETag and Timestamp a read of the row returns until it is written
 * again; both null for a delete. The results of one batch may differ from row to row (see {@link TableBackend}).
 *
 * @param etag the row's new ETag
 * @param timestamp the row's new Timestamp
 */
public record WriteResult(String etag, Instant timestamp) {}
