/**
 * What {@code TableMapper.builder()} collected ({@code MapperSettings}), with its defaults and the mapper-wide
 * bounds (how many times a step that lost a race is attempted).
 *
 * <p>Internal to the runtime, not an API. Uses: nothing of the runtime but this package.
 */
package io.tablemapper.runtime.config;
