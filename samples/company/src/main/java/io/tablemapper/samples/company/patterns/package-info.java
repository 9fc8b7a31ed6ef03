/**
 * The guide's data-modelling patterns, each a class with a static {@code run(TableMapper, PrintStream)} that stores
 * its own tables and prints what it shows: {@link io.tablemapper.samples.company.patterns.HourlyReadings} (the data
 * series pattern: one entity per day, one merge per new value).
 */
package io.tablemapper.samples.company.patterns;
