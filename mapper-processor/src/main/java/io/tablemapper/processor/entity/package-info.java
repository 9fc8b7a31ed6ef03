/**
 * The processor's front end of the one entity model: {@code ElementEntitySource} and {@code ElementProperty} read an
 * {@code @Entity} class from its elements, {@link io.tablemapper.internal.model.EntityChecker} decides every rule over
 * them (as the runtime's front end has it decide over reflection), and {@code EntityAnalyzer} turns the result into
 * the {@code EntityModel} generated code is written from. {@code Tables} proves the entity types of one table apart.
 */
package io.tablemapper.processor.entity;
