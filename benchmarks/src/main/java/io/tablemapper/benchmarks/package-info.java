/**
 * JMH benchmarks of tablemapper side by side with hand-written code and the peers, run in one JVM per benchmark by
 * {@link io.tablemapper.benchmarks.BenchmarkMain}, which prints every result as a ratio against its baseline of
 * the same run and renders {@code BENCHMARKS.md}'s tables ({@link io.tablemapper.benchmarks.BenchmarkReport}).
 */
package io.tablemapper.benchmarks;
