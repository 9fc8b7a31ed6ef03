package io.tablemapper.backend.memory;

import java.time.Instant;

/**
 * The system properties one write (or one whole batch) gives every row it stores.
 *
 * @param etag the new ETag
 * @param timestamp the new Timestamp
 */
record Version(String etag, Instant timestamp) {}
