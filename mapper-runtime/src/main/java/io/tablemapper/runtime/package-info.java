/**
 * The {@link io.tablemapper.api.TableMapper} implementation, whose builder
 * ({@link io.tablemapper.runtime.TableMapperBuilder}, a {@link java.util.ServiceLoader} service) is what
 * {@code TableMapper.builder()} returns.
 *
 * <p>What lives here, each in one package-private class:
 *
 * <ul>
 *   <li>finding generated code by name ({@code Employee__Mapping}, {@code EmployeeRepository__Impl}), with
 *       reflection once per class ({@code GeneratedCode}) and a registry of entity types per table
 *       ({@code TypeRegistry});
 *   <li>classes compiled without the processor: {@code EntityIntrospector} has an {@code @Entity} class, as
 *       reflection reads it ({@code ClassEntitySource}), checked by the processor's own rules and messages
 *       ({@link io.tablemapper.internal.model.EntityChecker}), and builds a {@code RuntimeMapping} that does what
 *       generated code does, through accessors Byte Buddy generates into the entity's package
 *       ({@code Accessors}); repositories over such classes serve the writes of
 *       {@link io.tablemapper.api.TableRepository} ({@code CrudRepositories});
 *   <li>writes, as a pipeline: an application write becomes an immutable {@code WriteIntent} (its row and index
 *       copies, {@code IndexCopies}, built once); each attempt reads a {@code Snapshot} of the stored rows, the pure
 *       {@code WritePlanner} turns the two into the operations of one entity group transaction, every operation
 *       conditional on the ETag of the row it touches, and {@code EgtWriter} reads, plans, sends and learns from
 *       what the store refused, translating failures through {@code WriteFailures} — never half a write, on stores
 *       that give a batch's rows one ETag or each its own;
 *   <li>the discriminator: the property that holds each row's type is decided once, by the mapper's
 *       {@code Discriminator} (which {@code MapperCore} holds), for every row written, filter sent and row resolved;
 *       generated mappings leave it out of their rows;
 *   <li>queries: {@code QueryRun} reads a planned {@link io.tablemapper.internal.mapping.EntityQuery} page by page,
 *       adding the discriminator and following partial index copies to their entities; {@code EntityQueries} builds
 *       lists, streams, pages, counts and deletes on it, with opaque continuation tokens ({@code PageTokens});
 *   <li>{@link io.tablemapper.api.Batch} ({@code DefaultBatch}) and {@link io.tablemapper.api.Partition}
 *       ({@code DefaultPartition});
 *   <li>JSON for {@code @Json} properties through one shared Jackson mapper ({@code JsonMappingContext});
 *   <li>{@code @Encrypted} properties: {@code EncryptionContext} (the mapping context of a mapper with keys)
 *       encrypts and decrypts rows in the format of {@code EncryptedValues}, with the keys of a {@code KeyRing} or
 *       an application's resolver; {@code Reencryption} rewrites a table's values under the current key;
 *   <li>{@code @Large} properties: {@code LargeValues} stores them out of the row in the backend's
 *       {@link io.tablemapper.spi.OutOfRowValues} before the row, deletes replaced ones after it, fetches them on
 *       read (through {@code LargeValueContext}) and sweeps values no row references;
 *   <li>scopes: {@code ScopedBackend} checks every request of a scoped view (or of a backend whose credentials name
 *       a scope) before it reaches the store.
 * </ul>
 */
package io.tablemapper.runtime;
