/**
 * The design guide's company: departments, employees with an email index, reviews under compound keys and
 * expense claims newest-first, all in one table and partitioned by department, so that one entity group
 * transaction can change a department and its employees together.
 */
package io.tablemapper.samples.company;
