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
 */
package io.tablemapper.backend.h2;
