/**
 * The guide's data-modelling patterns, each a class with a static {@code run(TableMapper, PrintStream)} that stores
 * and reads its example: {@link io.tablemapper.samples.company.patterns.HourlyReadings}, a data series recorded one
 * value at a time by partial merges; {@link io.tablemapper.samples.company.patterns.WideEntities}, an employee's
 * messages of each day of a year as one wide entity over several rows;
 * {@link io.tablemapper.samples.company.patterns.EmployeePhotos}, an employee whose large photo is stored out of the
 * row; {@link io.tablemapper.samples.company.patterns.DailyLogs}, a log table per day whose old days are dropped whole
 * (the high-volume delete).
 */
package io.tablemapper.samples.company.patterns;
