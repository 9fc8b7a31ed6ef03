package io.tablemapper.samples.company;

/**
 * An employee's name alone: a projection of {@link Employee}, whose components are properties of the employee with
 * the same names and types. A query that returns it asks the store for these two properties only.
 */
public record EmployeeName(String firstName, String lastName) {}
