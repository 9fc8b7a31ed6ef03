/**
 * The guide's data-modelling patterns, one class each with a static {@code run(TableMapper, PrintStream)}: for now
 * {@link io.tablemapper.samples.company.patterns.EmployeePhotos}, the large entities pattern (an employee whose photo
 * is stored out of the row).
 */
package io.tablemapper.samples.company.patterns;
