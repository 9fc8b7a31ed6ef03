/**
 * Spring Boot auto-configuration of tablemapper: a {@link io.tablemapper.api.TableMapper} from the
 * {@code tablemapper.*} properties ({@link io.tablemapper.spring.boot.TableMapperProperties}), the application's
 * repositories as beans, a health indicator and Micrometer meters; and Spring Boot's short report of a start its
 * configuration stops ({@code TableMapperFailureAnalyzer}).
 */
package io.tablemapper.spring.boot;
