package io.tablemapper.processor.entity;

import com.palantir.javapoet.ClassName;
import io.tablemapper.annotations.IndexForm;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.internal.model.EntitySource;
import io.tablemapper.internal.model.PropertyRole;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * An entity class as the processor understands it, after validation.
 *
 * @param element the class or record
 * @param className its name for generated code
 * @param constructorArguments the properties the constructor that creates it on a read takes, in its order: a
 *     record's components, or the parameters of an immutable class's constructor whose parameters are its
 *     properties; null for a JavaBean (created without arguments, then set property by property)
 * @param table the table
 * @param typeName the discriminator
 * @param version the schema version
 * @param properties every property in declaration order, stored or not
 * @param partitionKey the PartitionKey template
 * @param rowKey the RowKey template; null for an abstract class whose concrete subtypes declare their own
 * @param indexes the intra-partition indexes
 * @param upgradeMethod the name of the static {@code @Upgrade} method, or null
 * @param abstractType whether the class is abstract: only its {@code @Entity} subtypes have rows
 * @param ancestors the binary names of the {@code @Entity} superclasses, nearest first; empty for a root entity
 * @param rowKeyOwner the binary name of the class that declares the RowKey template (itself or an ancestor), or
 *     null when there is none
 * @param wideHead for a {@code @Wide} entity, the Java names of the properties its head row always holds (the only
 *     ones queries may compare, order by or project); null for any other
 * @param defaultNaming the compilation's default naming strategy (a {@code NamingStrategy} name) when some of its
 *     stored names follow it, no {@code @Naming} governing the class or an {@code @Entity} superclass; else null
 * @param cache its {@code @Cached}, or null when its reads are not cached
 */
public record EntityModel(
    TypeElement element,
    ClassName className,
    List<PropertyModel> constructorArguments,
    String table,
    String typeName,
    int version,
    List<PropertyModel> properties,
    KeyModel partitionKey,
    KeyModel rowKey,
    List<IndexModel> indexes,
    String upgradeMethod,
    boolean abstractType,
    List<String> ancestors,
    String rowKeyOwner,
    List<String> wideHead,
    String defaultNaming,
    EntitySource.Cache cache) {

  /**
   * Whether a read creates it through a constructor that takes its properties ({@link #constructorArguments}), a
   * record or an immutable class, written through its getters; else it is a JavaBean.
   */
  public boolean constructed() {
    return constructorArguments != null;
  }

  /** Whether a query may compare, order by or project a property: any, except outside a wide entity's head. */
  public boolean inHead(String property) {
    return wideHead == null || wideHead.contains(property);
  }

  /** The binary name of the hierarchy's root {@code @Entity}: the entity's own for a root. */
  String root() {
    return ancestors.isEmpty() ? binaryName() : ancestors.get(ancestors.size() - 1);
  }

  /**
   * One {@code @Index}.
   *
   * @param name the index name
   * @param table the table of the copies: the entity's own unless the index names another
   * @param partitionKey the copy's PartitionKey template for a remote index (copies outside the entity's
   *     partition, kept eventually consistent), or null for copies in the entity's partition
   * @param rowKey the copy's RowKey template
   * @param properties the copied properties, empty for all (or none, for the keys alone or a key list)
   * @param form what the index keeps: a copy per entity ({@code COPY}), the entity's keys alone ({@code KEYS}), or
   *     one row per value listing its entities' keys ({@code KEY_LIST})
   * @param unique whether a value identifies one entity (its keys lack a component of the entity's keys), so a
   *     second entity with the value is refused; else every entity has its own copy
   * @param copyReads whether its copies may answer queries ({@code reads = IndexReads.COPIES}): only a remote copy
   */
  public record IndexModel(String name, String table, KeyModel partitionKey, KeyModel rowKey, List<String> properties,
      IndexForm form, boolean unique, boolean copyReads) {

    /** An index whose queries are verified against the entities. */
    public IndexModel(String name, String table, KeyModel partitionKey, KeyModel rowKey, List<String> properties,
        IndexForm form, boolean unique) {
      this(name, table, partitionKey, rowKey, properties, form, unique, false);
    }

    /** Whether the copies hold every property of the entity. */
    public boolean fullCopy() {
      return form == IndexForm.COPY && properties.isEmpty();
    }

    /** Whether the copies hold only the entity's keys ({@code form = IndexForm.KEYS}). */
    public boolean keysOnly() {
      return form == IndexForm.KEYS;
    }

    /**
     * Whether the index keeps one row per value listing the keys of its entities ({@code form = IndexForm.KEY_LIST}):
     * it serves point reads of one value only, each leading to every entity listed.
     */
    public boolean keyList() {
      return form == IndexForm.KEY_LIST;
    }

    /**
     * Whether a read through the index fetches each entity: always for a remote index (its copies may be stale, so
     * each is checked against its entity), and for a partial or keys-only copy.
     */
    public boolean followsToEntity() {
      return remote() || !fullCopy();
    }

    /**
     * What the copies hold, in words: {@code full copy}, {@code copies firstName, lastName}, {@code keys only},
     * {@code key list}.
     */
    public String holds() {
      return form == IndexForm.KEY_LIST ? "key list" : keysOnly() ? "keys only" : properties.isEmpty() ? "full copy" : "copies " + String.join(", ", properties);
    }

    /** Whether the copies live outside the entity's partition, kept eventually consistent. */
    public boolean remote() {
      return partitionKey != null;
    }
  }

  /** The simple name used in messages and generated strings. */
  public String simpleName() {
    return element.getSimpleName().toString();
  }

  /** The metamodel class. */
  public ClassName metamodelName() {
    return generated(GeneratedNames.metamodel(binaryName()));
  }

  /** The mapping class. */
  public ClassName mappingName() {
    return generated(GeneratedNames.mapping(binaryName()));
  }

  /** The class's binary name, as {@code Class.getName()} gives it. */
  public String binaryName() {
    String packageName = className.packageName();
    String nested = String.join("$", className.simpleNames());
    return packageName.isEmpty() ? nested : packageName + "." + nested;
  }

  private static ClassName generated(String qualifiedName) {
    return ClassName.get(GeneratedNames.packageName(qualifiedName), GeneratedNames.simpleName(qualifiedName));
  }

  /** The stored properties. */
  public List<PropertyModel> storedProperties() {
    List<PropertyModel> stored = new ArrayList<>();
    for (PropertyModel property : properties) {
      if (property.stored()) {
        stored.add(property);
      }
    }
    return stored;
  }

  /** The property with this name, or null. */
  public PropertyModel property(String name) {
    return PropertyModel.named(properties, name);
  }

  /** The {@code @ETag} property, or null. */
  public PropertyModel etag() {
    return withRole(PropertyRole.ETAG);
  }

  /** The {@code @Timestamp} property, or null. */
  public PropertyModel timestamp() {
    return withRole(PropertyRole.TIMESTAMP);
  }

  private PropertyModel withRole(PropertyRole role) {
    for (PropertyModel property : properties) {
      if (property.role() == role) {
        return property;
      }
    }
    return null;
  }

  /**
   * Whether the rows of two entity types of one table share a key space by design: they are of one hierarchy and
   * have the RowKey template one class declares for both.
   */
  boolean sharesRowKey(EntityModel other) {
    return root().equals(other.root()) && rowKeyOwner != null && rowKeyOwner.equals(other.rowKeyOwner);
  }
}
