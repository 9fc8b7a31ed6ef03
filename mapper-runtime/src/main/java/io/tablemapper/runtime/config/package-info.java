/**
 * What {@code TableMapper.builder()} collected ({@code MapperSettings}), with its defaults and the mapper-wide
 * bounds (how many times a step that lost a race is attempted).
 *
 * <p>Internal to the runtime, not an API. Uses: {@code support}.
 */
package io.tablemapper.runtime.config;
