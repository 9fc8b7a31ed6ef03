/**
 * Micrometer support of tablemapper: meters of every operation ({@link io.tablemapper.micrometer.TableMapperMetrics},
 * an {@link io.tablemapper.api.OperationListener}), and Observations, spans as well as timers, of every operation
 * and store request ({@link io.tablemapper.micrometer.TableMapperObservations}, an
 * {@link io.tablemapper.api.OperationTracer}), with names and keys documented in
 * {@link io.tablemapper.micrometer.TableMapperObservationDocumentation} and conventions an application may replace.
 */
package io.tablemapper.micrometer;
