package io.tablemapper.runtime;

import io.tablemapper.internal.model.EntitySource;
import io.tablemapper.internal.model.IndexRules;
import io.tablemapper.internal.model.PropertySource;
import java.util.ArrayList;
import java.util.List;
import io.tablemapper.runtime.introspect.ClassEntitySource;

/**
 * Everything a front end read of an entity class ({@link EntitySource}), as text without the sites (an element on
 * one path, a field or nothing on the other): what both front ends must agree on, fact by fact.
 */
final class EntityFacts {
  private EntityFacts() {}

  /** The facts of a class, one a line. */
  static String describe(EntitySource<?> source) {
    List<String> facts = new ArrayList<>();
    facts.add("class " + source.simpleName() + " " + source.shape());
    facts.add("record=" + source.isRecord() + " abstract=" + source.isAbstract() + " noArgumentConstructor="
        + source.hasNoArgumentConstructor());
    facts.add("@Entity(table=" + source.declaredTable() + ", type=" + source.declaredType() + ", version="
        + source.version() + ")");
    EntitySource.Cache cache = source.cache();
    facts.add("@Cached " + (cache == null ? "none" : cache.maximumSize() + " " + cache.expireAfterWriteSeconds()));
    EntitySource.Wide wide = source.wide();
    facts.add("@Wide " + (wide == null ? "none" : wide.head()));
    facts.add("@PartitionKey " + source.partitionKey() + " @RowKey " + source.rowKey());
    for (IndexRules.Declaration index : source.indexes()) {
      facts.add("@Index " + index.name() + " rowKey=" + index.rowKey() + " partitionKey=" + index.partitionKey()
          + " properties=" + index.properties() + " unique=" + index.unique());
    }
    for (EntitySource<?> ancestor : source.ancestors()) {
      facts.add("extends " + ancestor.simpleName() + " @Entity(table=" + ancestor.declaredTable() + ", type="
          + ancestor.declaredType() + ") @PartitionKey " + ancestor.partitionKey() + " @RowKey " + ancestor.rowKey()
          + " indexes " + ancestor.indexes().size());
    }
    facts.add("naming " + source.namingStrategy());
    if (source.shape().notAClass() == null) {
      for (PropertySource property : source.properties()) {
        facts.add(describe(property));
      }
    }
    for (EntitySource.UpgradeMethod method : source.upgradeMethods()) {
      facts.add("@Upgrade " + method.name() + " static=" + method.isStatic() + " private=" + method.isPrivate()
          + " returns=" + method.returnType() + " generic=" + method.generic() + " parameters="
          + method.parameterTypes() + " fit=" + method.parametersFit() + " throws=" + method.checkedException());
    }
    return String.join("\n", facts);
  }

  private static String describe(PropertySource property) {
    return "property " + property.name() + ": " + property.typeText() + " (" + property.canonicalName()
        + (property.isEnum() ? ", enum " + property.enumConstants() : "")
        + (property.isPrimitive() ? ", primitive" : "") + ")"
        + (property.isTransient() ? " @Transient" : "") + (property.isJson() ? " @Json" : "")
        + (property.isEncrypted() ? " @Encrypted" : "")
        + (property.isLarge() ? " @Large" : "")
        + (property.isETag() ? " @ETag" : "") + (property.isTimestamp() ? " @Timestamp" : "")
        + (property.explicitName() == null ? "" : " @Property(" + property.explicitName() + ")")
        + (property.defaultText() == null ? "" : " @DefaultValue(" + property.defaultText() + ")")
        + " declaringStrategy=" + property.declaringStrategy() + " readable=" + property.readable()
        + " writable=" + property.writable() + " final=" + property.finalField();
  }

  /** The facts of a class compiled without the processor, as the runtime reads them. */
  static String ofClass(Class<?> type) {
    return describe(new ClassEntitySource(type));
  }
}
