/**
 * The H2 backend: a durable, key-sorted table store in an embedded H2 database, in a file or in memory, over JDBC.
 *
 * <p>Only {@link io.tablemapper.backend.h2.H2Backend} is public. Inside, {@code Database} lends pooled
 * {@code Session}s (a connection and its prepared statements, reused) and runs transactions under the database's
 * write lock; {@code Schema} creates and checks the SQL schema (one SQL row per entity) and {@code V1Migration}
 * migrates files of schema version 1 in place; {@code Catalog} keeps the store's tables, cached; {@code Encoding}
 * stores keys as bytes whose order is the store's order, and {@code RowCodec} an entity's properties as one typed
 * value; {@code PartitionWriter} applies a write or batch as one transaction, with {@code WriteSemantics} deciding
 * what each operation does and {@code Versions} issuing ETags and Timestamps; {@code Queries} reads rows and pages,
 * with {@code RowFilter} evaluating residual filters on the stored rows and {@code PageToken} naming where a page
 * resumes; {@code SqlErrors} turns SQL failures into the contract's exceptions.
 *
 * <p><b>Durability and crashes.</b> A write or batch is one H2 transaction, and only one runs on a database at a time
 * ({@code Database}). A file backend has H2 write each commit to the file before the write returns, and H2 rolls
 * back, at the next open, a transaction that a killed process left, so the file holds every batch whole or not at
 * all. That holds only because no two write transactions overlap: H2 stores a commit by writing the changed maps
 * one after the other while other transactions keep changing them, so a store could catch another transaction's
 * change without the undo record that rolls it back, and a kill then left that change in the file as if committed
 * (H2 issue #2080). "Unique index or primary key violation" on {@code TABLEMAPPER.PROPERTIES}, which
 * {@code CrashRecoveryTest} once reported, came from that: the primary-key index entries of property rows that the
 * killed writer inserted but never committed stayed in the file without their undo records. H2 hides such leftovers
 * from reads, and so from {@code DELETE}, but its unique check still counts them, so the next insert of those keys
 * failed (deleting the property rows under a key first, as an earlier fix did, cannot remove them). ETag versions and
 * table ids come from H2 sequences, which record how far they have been drawn before handing values out: after a
 * crash they skip values, never repeat them. The crash test kills a writer of two concurrent batch streams at seeded
 * random points, again and again, and checks after each kill that every batch is whole or absent and, in SQL, that
 * the rows agree with each other; {@code WriteLockTest} checks that writes do not overlap.
 */
package io.tablemapper.backend.h2;
