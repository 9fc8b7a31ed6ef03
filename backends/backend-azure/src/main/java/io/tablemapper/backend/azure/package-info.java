/**
 * The Azure backend: {@link io.tablemapper.backend.azure.AzureTablesBackend}, a
 * {@link io.tablemapper.spi.TableBackend} on Azure Table Storage and the Cosmos DB Table API through the Azure SDK
 * ({@code com.azure:azure-data-tables}).
 *
 * <p>Only the backend is public. Inside, {@code Entities} types properties exactly both ways, {@code ODataFilter}
 * turns key ranges and residual filters into escaped OData, {@code QueryPage} reads one page and
 * {@code ContinuationToken} says where the next one resumes, {@code ServiceErrors} turns the service's answers into
 * the contract's exceptions (a 403 as {@code AccessDeniedException} naming the permission), {@code Retries} is the
 * retry policy for transient failures, {@code Attempts} with {@code Replays} tell a write whose answer was lost but
 * which was applied from a real conflict, {@code Writes} is the write and batch flow written once over a
 * {@code Channel} that is blocking ({@code TableClient}) or async ({@code TableAsyncClient}), {@code SasScope} reads the table and key range of a shared access
 * signature, and {@code Secrets} keeps keys and signatures out of every message.
 */
package io.tablemapper.backend.azure;
