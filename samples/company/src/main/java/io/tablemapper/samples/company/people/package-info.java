/**
 * The guide's inheritance example: an abstract {@link io.tablemapper.samples.company.people.Person} whose
 * {@link io.tablemapper.samples.company.people.Customer} and {@link io.tablemapper.samples.company.people.Employee}
 * rows share one table and one partition, each resolved to its class by its {@code EntityType}.
 */
package io.tablemapper.samples.company.people;
