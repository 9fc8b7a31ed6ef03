package io.tablemapper.internal.model;

import java.util.List;

/**
 * An entity class that follows every rule, with what the rules decided of it; what the processor generates code
 * from and the runtime builds its mapping from.
 *
 * @param table the table (a subtype's is its root's)
 * @param typeName the discriminator
 * @param properties every property in declaration order, stored or not
 * @param partitionKey the bound PartitionKey template
 * @param partitionKeyOwner the class that declares it: the entity or its root
 * @param rowKey the bound RowKey template; null for an abstract class whose concrete subtypes declare their own
 * @param rowKeyOwner the class that declares it (the entity or an ancestor), or null
 * @param indexes the valid indexes
 * @param upgrade the {@code @Upgrade} method, or null
 * @param ancestors the {@code @Entity} superclasses, nearest first
 * @param wideHead for a {@code @Wide} entity, the Java names of the properties its head row always holds
 *     ({@link WideRules}); null for any other
 * @param constructorParameters the Java names of the properties its constructor takes, in the constructor's order,
 *     when it is created through one ({@link CreatorRules}): a record's components, or an immutable class's
 *     constructor; null for a JavaBean (created without arguments, then set property by property) or an abstract
 *     class
 * @param <P> the front end's property
 */
public record CheckedEntity<P extends PropertySource>(
    EntitySource<P> source,
    String table,
    String typeName,
    int version,
    List<CheckedProperty<P>> properties,
    BoundKey<CheckedProperty<P>> partitionKey,
    EntitySource<?> partitionKeyOwner,
    BoundKey<CheckedProperty<P>> rowKey,
    EntitySource<?> rowKeyOwner,
    List<IndexRules.BoundIndex<CheckedProperty<P>>> indexes,
    EntitySource.UpgradeMethod upgrade,
    List<? extends EntitySource<?>> ancestors,
    List<String> wideHead,
    List<String> constructorParameters) {

  /** Whether the class is abstract: only its {@code @Entity} subtypes have rows. */
  public boolean abstractType() {
    return source.isAbstract();
  }

  /**
   * Its {@code @Cached}, which the rules found valid (a size and an expiry of at least 1), or null when its reads are
   * not cached: what the generated descriptor and the run-time one declare ({@code EntityDescriptor.cached}).
   */
  public EntitySource.Cache cache() {
    return source.cache();
  }

  /** Whether it is created through a constructor that takes its properties: a record or an immutable class. */
  public boolean constructed() {
    return constructorParameters != null;
  }

  /** Whether it is {@code @Wide}: stored over a head row and part rows. */
  public boolean wide() {
    return wideHead != null;
  }
}
