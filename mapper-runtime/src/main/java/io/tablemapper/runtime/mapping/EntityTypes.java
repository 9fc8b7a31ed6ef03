package io.tablemapper.runtime.mapping;

import io.tablemapper.internal.mapping.EntityMapping;

/**
 * The entity types one mapper knows: each class's mapping under the mapper's naming ({@link Mappings}), registered
 * in its {@link TypeRegistry} as it is first used, so that partition reads resolve rows of every type seen.
 */
public final class EntityTypes {
  /** The mappings of the entity classes under this mapper's default naming. */
  private final Mappings mappings;
  private final TypeRegistry registry;

  public EntityTypes(Mappings mappings, TypeRegistry registry) {
    this.mappings = mappings;
    this.registry = registry;
  }

  public Mappings mappings() {
    return mappings;
  }

  public TypeRegistry registry() {
    return registry;
  }

  /**
   * The mapping of an entity class, registered with this mapper: a {@link Hierarchy} when the class has
   * {@code @Entity} subtypes, each of them registered too.
   */
  public <T> EntityMapping<T> mapping(Class<T> entityClass) {
    return register(mappings.hierarchy(entityClass));
  }

  /** Registers a mapping (every concrete member of a hierarchy) and returns it. */
  public <T> EntityMapping<T> register(EntityMapping<T> mapping) {
    for (EntityMapping<?> member : Hierarchy.members(mapping)) {
      mappings.checkAncestors(member.entityClass());
      registry.register(member);
    }
    return mapping;
  }

  /** The mapping of an entity object's class, registered with this mapper. */
  public EntityMapping<?> mappingOf(Object entity) {
    EntityMapping<?> mapping = mappings.mappingOf(entity);
    mappings.checkAncestors(mapping.entityClass());
    registry.register(mapping);
    return mapping;
  }

  /**
   * The mapping of an entity class itself (never a {@link Hierarchy}), registered with this mapper: what writes of
   * objects of exactly that class use.
   */
  @SuppressWarnings("unchecked")
  public EntityMapping<Object> ownMapping(Class<?> entityClass) {
    EntityMapping<?> mapping = mappings.mapping(entityClass);
    mappings.checkAncestors(mapping.entityClass());
    registry.register(mapping);
    return (EntityMapping<Object>) mapping;
  }
}
