package io.tablemapper.internal.model;

import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides every rule of an entity class over what a front end read of it ({@link EntitySource}): what the class is,
 * its table, type, version and cache, how it is created ({@link CreatorRules}), its properties (types, roles,
 * accessors, stored names and defaults: {@link PropertyRules}), its place in a hierarchy, its keys ({@link KeyBinder}), its indexes ({@link IndexRules}),
 * how many properties its rows and index copies hold ({@link RowMarks}) and its upgrade method.
 * The processor reports each problem as a compile error on the element at fault; the runtime refuses a class
 * compiled without the processor with the same messages. A rule added here holds on both paths.
 */
public final class EntityChecker {
  private EntityChecker() {}

  /**
   * Checks an entity class.
   *
   * @return what the rules decided, or null when an error was reported
   */
  public static <P extends PropertySource> CheckedEntity<P> check(EntitySource<P> source, Problems reported) {
    Counting problems = new Counting(reported);
    String entity = source.simpleName();
    if (!checkShape(source, problems)) {
      return null;
    }
    List<? extends EntitySource<?>> ancestors = source.ancestors();
    EntitySource<?> parent = ancestors.isEmpty() ? null : ancestors.get(0);
    Object site = source.entitySite();
    String table = source.declaredTable();
    if (parent != null) {
      String inherited = table(parent, ancestors.subList(1, ancestors.size()));
      if (!table.isEmpty() && !table.equalsIgnoreCase(inherited)) {
        problems.report(site, "table", EntityRules.inheritedTable(entity, table, parent.simpleName(), inherited));
      }
      table = inherited;
    } else if (table.isEmpty()) {
      table = entity;
    }
    boolean periodic = TableTemplate.isTemplate(table);
    if (periodic) {
      String problem = TableTemplate.problem(table);
      if (problem != null) {
        problems.report(site, "table", EntityRules.tableTemplate(entity, table, problem));
        periodic = false;
      }
    } else if (!StoreLimits.isValidTableName(table)) {
      problems.report(site, "table", EntityRules.tableName(entity, table));
    }
    String typeName = typeName(source);
    if (!EntityRules.validTypeName(typeName)) {
      problems.report(site, "type", EntityRules.typeName(entity, typeName));
    }
    for (EntitySource<?> ancestor : ancestors) {
      if (typeName(ancestor).equals(typeName)) {
        problems.report(site, "type", EntityRules.inheritedType(entity, typeName, ancestor.simpleName()));
      }
    }
    int version = source.version();
    if (version < 1) {
      problems.report(site, "version", EntityRules.version(entity, version));
    }
    checkCache(source, problems);

    CreatorRules.Creator creator = CreatorRules.decide(source, source.properties(), problems);
    List<CheckedProperty<P>> properties = PropertyRules.check(source, creator.bean(), problems);

    if (parent != null) {
      checkInherited(source, ancestors, problems);
    }
    EntitySource<?> partitionKeyOwner = keyOwner(source, ancestors, false);
    BoundKey<CheckedProperty<P>> partitionKey = key(source, partitionKeyOwner, false, properties, problems);
    EntitySource<?> rowKeyOwner = keyOwner(source, ancestors, true);
    BoundKey<CheckedProperty<P>> rowKey = rowKeyOwner == null && source.isAbstract()
        ? null // its concrete subtypes declare their RowKeys
        : key(source, rowKeyOwner, true, properties, problems);
    List<IndexRules.BoundIndex<CheckedProperty<P>>> indexes = List.of();
    if (rowKeyOwner == null && source.isAbstract() && parent == null && !source.indexes().isEmpty()) {
      problems.report(source.indexes().get(0).site(), null, EntityRules.inheritedIndex(entity, null, entity));
    } else if (parent == null) {
      indexes = IndexRules.bind(entity, typeName, table, properties, partitionKey, rowKey, source.indexes(),
          problems);
    }
    if (periodic && parent == null) {
      checkPeriod(entity, site, table, properties, partitionKey, rowKey, indexes, problems);
    }
    if (partitionKey != null) {
      checkHotPartitions(entity, partitionKeyOwner.partitionKeySite(), partitionKey, rowKey, problems);
    }
    checkKeyDefaults(entity, properties, partitionKey, rowKey, problems);
    EntitySource.UpgradeMethod upgrade = upgradeMethod(source, version, problems);
    List<String> wideHead = WideRules.check(source, properties, partitionKey, rowKey, indexes, problems);
    RowMarks.check(source, table, version, properties, indexes, problems);

    if (problems.errors > 0) {
      return null;
    }
    return new CheckedEntity<>(source, table, typeName, version, List.copyOf(properties), partitionKey,
        partitionKeyOwner, rowKey, rowKeyOwner, indexes, upgrade, ancestors, wideHead, creator.parameters());
  }

  /**
   * The property of a table-name template must be a time component of a key, so that every write (from the entity)
   * and every read (from its key arguments) knows the table; indexes must stay in the entity's partition.
   */
  private static <P extends PropertySource> void checkPeriod(String entity, Object site, String table,
      List<CheckedProperty<P>> properties, BoundKey<CheckedProperty<P>> partitionKey,
      BoundKey<CheckedProperty<P>> rowKey, List<IndexRules.BoundIndex<CheckedProperty<P>>> indexes,
      Problems problems) {
    String property = TableTemplate.parse(table).property();
    CheckedProperty<P> found = null;
    for (CheckedProperty<P> candidate : properties) {
      if (candidate.name().equals(property)) {
        found = candidate;
      }
    }
    boolean inKey = partitionKey != null && partitionKey.indexOf(property) >= 0
        || rowKey != null && rowKey.indexOf(property) >= 0;
    if (found == null) {
      problems.report(site, "table", EntityRules.tablePeriod(entity, table, property, "is not a property of "
          + entity));
    } else if (!TableTemplate.isTimeKind(found.kind())) {
      problems.report(site, "table", EntityRules.tablePeriod(entity, table, property, "is a "
          + found.typeText() + ", not a time"));
    } else if (!inKey && (partitionKey != null && rowKey != null)) {
      problems.report(site, "table", EntityRules.tablePeriod(entity, table, property,
          "is not a component of the PartitionKey or the RowKey"));
    }
    for (IndexRules.BoundIndex<CheckedProperty<P>> index : indexes) {
      if (index.remote() || !index.table().equalsIgnoreCase(table)) {
        problems.report(index.site(), "partitionKey", EntityRules.tablePeriodIndex(entity, table, index.name()));
      }
    }
  }

  // ------------------------------------------------------------------ the class and its hierarchy

  private static boolean checkShape(EntitySource<?> source, Problems problems) {
    String entity = source.simpleName();
    EntitySource.Shape shape = source.shape();
    if (shape.notAClass() != null) {
      problems.report(null, null, EntityRules.notAClass(entity, shape.notAClass()));
      return false;
    }
    if (shape.generic()) {
      problems.report(null, null, EntityRules.generic(entity));
      return false;
    }
    for (int i = 0; i < shape.enclosing().size(); i++) {
      EntitySource.Enclosing enclosing = shape.enclosing().get(i);
      if (enclosing.isPrivate()) {
        problems.report(null, null, EntityRules.privateClass(entity, i == 0 ? null : enclosing.simpleName()));
        return false;
      }
      if (enclosing.inner()) {
        problems.report(null, null, EntityRules.innerClass(entity, enclosing.simpleName()));
        return false;
      }
      if (enclosing.local()) {
        problems.report(null, null, EntityRules.localClass(entity));
        return false;
      }
    }
    return true;
  }

  /** The table of an entity class: its own {@code @Entity(table)}, its nearest entity ancestor's, or its name. */
  private static String table(EntitySource<?> type, List<? extends EntitySource<?>> ancestors) {
    if (!type.declaredTable().isEmpty()) {
      return type.declaredTable();
    }
    return ancestors.isEmpty() ? type.simpleName() : table(ancestors.get(0), ancestors.subList(1, ancestors.size()));
  }

  /** The discriminator of an entity class: its {@code @Entity(type)}, or its simple name. */
  public static String typeName(EntitySource<?> type) {
    return type.declaredType().isEmpty() ? type.simpleName() : type.declaredType();
  }

  /**
   * The class whose key template of this kind an entity has: its own, else its nearest {@code @Entity} ancestor
   * that declares one; null if none does. A subtype's own {@code @PartitionKey} is not used (only the root declares
   * it, and a subtype's is reported); its own {@code @RowKey} is.
   */
  private static EntitySource<?> keyOwner(EntitySource<?> type, List<? extends EntitySource<?>> ancestors,
      boolean rowKey) {
    if ((ancestors.isEmpty() || rowKey) && template(type, rowKey) != null) {
      return type;
    }
    for (EntitySource<?> ancestor : ancestors) {
      if (template(ancestor, rowKey) != null) {
        return ancestor;
      }
    }
    return null;
  }

  /**
   * The class that declares the RowKey template an entity class has (itself or an {@code @Entity} ancestor), or
   * null; entity classes with the same one share one key space by design.
   */
  public static EntitySource<?> rowKeyOwner(EntitySource<?> type) {
    return keyOwner(type, type.ancestors(), true);
  }

  private static String template(EntitySource<?> type, boolean rowKey) {
    return rowKey ? type.rowKey() : type.partitionKey();
  }

  /**
   * The rules of a subtype: it inherits its root's PartitionKey template unchanged (so a partition holds every
   * subtype), and the RowKey template of the ancestor that declares one, if any (so a query of that class reaches
   * every subtype); only a subtype of classes that declare none declares its own. No entity of a hierarchy
   * declares indexes (the copies of one type's index could not be told from another's through the root's queries).
   */
  private static void checkInherited(EntitySource<?> source, List<? extends EntitySource<?>> ancestors,
      Problems problems) {
    String entity = source.simpleName();
    EntitySource<?> parent = ancestors.get(0);
    String root = ancestors.get(ancestors.size() - 1).simpleName();
    if (source.partitionKey() != null) {
      problems.report(source.partitionKeySite(), "value",
          EntityRules.inheritedPartitionKey(entity, parent.simpleName(), root));
    }
    EntitySource<?> declaring = keyOwner(parent, ancestors.subList(1, ancestors.size()), true);
    if (source.rowKey() != null && declaring != null) {
      problems.report(source.rowKeySite(), "value", EntityRules.inheritedRowKey(entity, parent.simpleName(),
          declaring.simpleName(), declaring.rowKey()));
    }
    List<EntitySource<?>> hierarchy = new ArrayList<>();
    hierarchy.add(source);
    hierarchy.addAll(ancestors);
    for (EntitySource<?> type : hierarchy) {
      if (!type.indexes().isEmpty()) {
        problems.report(type == source ? type.indexes().get(0).site() : null, null, EntityRules.inheritedIndex(entity,
            type == source ? null : type.simpleName(), root));
      }
    }
  }

  /** {@code @Cached}: the cache holds at least one read, and a cached read expires after at least one second. */
  private static void checkCache(EntitySource<?> source, Problems problems) {
    EntitySource.Cache cache = source.cache();
    if (cache == null) {
      return;
    }
    if (cache.maximumSize() < 1) {
      problems.report(cache.site(), "maximumSize", EntityRules.cachedSize(source.simpleName(), cache.maximumSize()));
    }
    if (cache.expireAfterWriteSeconds() < 1) {
      problems.report(cache.site(), "expireAfterWriteSeconds", EntityRules.cachedExpiry(source.simpleName(),
          cache.expireAfterWriteSeconds()));
    }
  }

  // ------------------------------------------------------------------ keys

  private static <P extends PropertySource> BoundKey<CheckedProperty<P>> key(EntitySource<P> source,
      EntitySource<?> owner, boolean rowKey, List<CheckedProperty<P>> properties, Problems problems) {
    String entity = source.simpleName();
    String annotation = rowKey ? "RowKey" : "PartitionKey";
    if (owner == null) {
      problems.report(null, null, EntityRules.missingKey(entity, annotation));
      return null;
    }
    Object site = rowKey ? owner.rowKeySite() : owner.partitionKeySite();
    BoundKey<CheckedProperty<P>> key =
        KeyBinder.bind(entity, properties, template(owner, rowKey), "@" + annotation, site, "value", problems);
    return key;
  }

  /**
   * The hot-partition anti-patterns of the keys, warnings on the PartitionKey: log-style keys (a literal or times
   * alone in the PartitionKey, a time leading the RowKey), else a literal PartitionKey, else one led by a time.
   *
   * @param rowKey the entity's RowKey, or null when it has none (an abstract class)
   */
  private static void checkHotPartitions(String entity, Object site, BoundKey<?> partitionKey, BoundKey<?> rowKey,
      Problems problems) {
    KeyTemplate template = partitionKey.template();
    boolean timesOnly = !template.isConstant();
    List<String> spread = new ArrayList<>();
    for (int i = 0; i < partitionKey.properties().size(); i++) {
      boolean temporal = partitionKey.property(i).keyType().temporal();
      timesOnly &= temporal;
      if (!temporal) {
        spread.add("{" + partitionKey.property(i).name() + "}");
      }
    }
    if ((template.isConstant() || timesOnly) && rowKey != null && leadingTime(rowKey) != null) {
      problems.report(site, "value", EntityRules.logData(entity, template, rowKey.template()));
    } else if (template.isConstant()) {
      problems.report(site, "value", EntityRules.partitionKeyConstant(entity, template));
    } else if (leadingTime(partitionKey) != null) {
      problems.report(site, "value",
          EntityRules.partitionKeyTimeLeading(entity, template, leadingTime(partitionKey), spread));
    }
  }

  /** The property of a key's first placeholder when it is a time, else null. */
  private static String leadingTime(BoundKey<?> key) {
    if (key.template().isConstant()) {
      return null;
    }
    ModelProperty first = key.property(key.template().placeholders().get(0).index());
    return first.keyType().temporal() ? first.name() : null;
  }

  /** Defaults on key properties, which rows always hold (their keys decompose into them), are reported. */
  private static void checkKeyDefaults(String entity, List<? extends CheckedProperty<?>> properties,
      BoundKey<?> partitionKey, BoundKey<?> rowKey, Problems problems) {
    for (CheckedProperty<?> property : properties) {
      if (property.defaultText() != null && (partitionKey != null && partitionKey.indexOf(property.name()) >= 0
          || rowKey != null && rowKey.indexOf(property.name()) >= 0)) {
        problems.report(property.source().defaultSite(), null, EntityRules.defaultOnKey(entity, property.name()));
      }
    }
  }

  // ------------------------------------------------------------------ upgrade method

  /** The entity's {@code @Upgrade} method, or null when it has none or the one it has is reported. */
  private static EntitySource.UpgradeMethod upgradeMethod(EntitySource<?> source, int version, Problems problems) {
    String entity = source.simpleName();
    EntitySource.UpgradeMethod found = null;
    boolean reported = false;
    for (EntitySource.UpgradeMethod method : source.upgradeMethods()) {
      String where = EntityRules.upgradeWhere(method.name(), entity);
      if (found != null) {
        problems.report(method.site(), null, EntityRules.upgradeSecond(where,
            found.name()));
        reported = true;
        continue;
      }
      String problem = signatureProblem(method);
      if (problem != null) {
        problems.report(method.site(), null, EntityRules.upgradeSignature(where, problem, method.name()));
        reported = true;
      } else if (version < 2) {
        problems.report(method.site(), null, EntityRules.upgradeVersion(where, entity, version));
        reported = true;
      }
      found = method;
    }
    return reported ? null : found;
  }

  private static String signatureProblem(EntitySource.UpgradeMethod method) {
    if (!method.isStatic()) {
      return "is not static";
    }
    if (method.isPrivate()) {
      return "is private, so generated code cannot call it";
    }
    if (method.returnType() != null) {
      return "returns " + method.returnType() + "; it changes the properties in place";
    }
    if (method.generic()) {
      return "has type parameters";
    }
    if (!method.parametersFit()) {
      return "takes (" + String.join(", ", method.parameterTypes()) + ")";
    }
    if (method.checkedException() != null) {
      return "throws the checked " + method.checkedException() + ", which a read cannot pass on";
    }
    return null;
  }

  /** Problems passed on, with the errors counted. */
  private static final class Counting implements Problems {
    private final Problems problems;
    int errors;

    Counting(Problems problems) {
      this.problems = problems;
    }

    @Override
    public void report(Object site, String attribute, Problem problem) {
      if (problem.rule().severity() == Rule.Severity.ERROR) {
        errors++;
      }
      problems.report(site, attribute, problem);
    }
  }
}
