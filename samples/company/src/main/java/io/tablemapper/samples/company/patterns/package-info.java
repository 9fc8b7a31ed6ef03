/**
 * The guide's data-modelling patterns, one runnable class each with a static {@code run(TableMapper, PrintStream)}:
 * {@link io.tablemapper.samples.company.patterns.DailyLogs}, a log table per day whose old days are dropped whole
 * (the high-volume delete).
 */
package io.tablemapper.samples.company.patterns;
