package io.tablemapper.api;

/**
 * What one repository query did, reported to a {@link QueryListener}.
 *
 * @param method the repository method, for example {@code EmployeeRepository.findByEmail}
 * @param kind how the query reached the store
 * @param plan the plan as written in the generated Javadoc, for example
 *     {@code POINT via index email: PartitionKey = {department}, RowKey = email_{email}}
 * @param table the table queried
 * @param rowsRead every row the backend returned, including the entities read to resolve partial index copies
 * @param rowsReturned the entities returned to the caller
 * @param requests the backend requests made, including those resolving partial index copies
 */
public record QueryEvent(
    String method, QueryKind kind, String plan, String table, int rowsRead, int rowsReturned, int requests) {}
