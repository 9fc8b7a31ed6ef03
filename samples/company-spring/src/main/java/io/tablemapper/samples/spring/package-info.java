/** The guide's company as a Spring Boot REST service over tablemapper's starter. */
package io.tablemapper.samples.spring;
