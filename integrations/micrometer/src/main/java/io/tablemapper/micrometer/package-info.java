/**
 * Micrometer meters of every tablemapper operation: {@link io.tablemapper.micrometer.TableMapperMetrics}, an
 * {@link io.tablemapper.api.OperationListener} to add to a mapper's builder.
 */
package io.tablemapper.micrometer;
