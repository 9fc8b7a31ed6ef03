/**
 * What applications call: {@link io.tablemapper.api.TableMapper} and its builder, repositories, batches
 * (entity group transactions), partition reads, paging, observing what they do
 * ({@link io.tablemapper.api.OperationListener}, {@link io.tablemapper.api.QueryListener}), rows without classes
 * ({@link io.tablemapper.api.DynamicEntity}, {@link io.tablemapper.api.DynamicTable}), dropping tables and when they
 * are created ({@link io.tablemapper.api.TableMapper#deleteTable}, {@link io.tablemapper.api.TableCreation}), and
 * the exception hierarchy rooted at {@link io.tablemapper.api.TableMapperException}.
 */
package io.tablemapper.api;
