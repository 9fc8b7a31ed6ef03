/**
 * The H2 backend: a durable, key-sorted table store in an embedded H2 database, in a file or in memory, over JDBC.
 *
 * <p>Only {@link io.tablemapper.backend.h2.H2Backend} is public. Inside, {@code Database} lends pooled connections
 * and runs transactions; {@code Schema} creates and checks the SQL schema; {@code Catalog} keeps the store's tables;
 * {@code Encoding} stores keys and values as bytes whose order is the store's order; {@code PartitionWriter} applies
 * a write or batch as one transaction under its partition's lock, with {@code WriteSemantics} deciding what each
 * operation does and {@code Versions} issuing ETags and Timestamps; {@code Queries} reads rows and pages, with
 * {@code FilterSql} turning residual filters into SQL and {@code PageToken} naming where a page resumes;
 * {@code SqlErrors} turns SQL failures into the contract's exceptions.
 *
 * <p><b>Durability and crashes.</b> A write or batch is one H2 transaction. A file backend has H2 write each commit
 * to the file before the write returns, and H2 rolls back, at the next open, a transaction that a killed process
 * left, so the file holds every batch whole or not at all. ETag versions and table ids come from H2 sequences,
 * which record how far they have been drawn before handing values out: after a crash they skip values, never repeat
 * them. An entity is one row in {@code ENTITIES} and one row per property in {@code PROPERTIES}, and the schema does
 * not tie the two together. "Unique index or primary key violation" on {@code PROPERTIES}, which
 * {@code CrashRecoveryTest} once reported, is what inserting a row's properties gave where property rows had outlived
 * their entity row: a write deleted property rows only under keys whose entity row it found. So
 * that such rows can neither block a key for ever nor reappear as properties of its next row, every write deletes
 * the property rows under each key it writes. The crash test kills a writer at seeded random points, again and again,
 * and checks after each kill, in SQL, that no property row lacks its entity row.
 */
package io.tablemapper.backend.h2;
