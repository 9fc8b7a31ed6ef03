package io.tablemapper.processor.generation.report;

import io.tablemapper.api.QueryKind;
import io.tablemapper.internal.key.KeyTemplate;
import io.tablemapper.processor.entity.EntityModel;
import io.tablemapper.processor.entity.KeyModel;
import io.tablemapper.processor.entity.PropertyModel;
import io.tablemapper.processor.planning.Plan;
import io.tablemapper.processor.planning.QueryPlanner;
import io.tablemapper.processor.repository.RepositoryModel;
import io.tablemapper.processor.util.Annotations;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the {@link KeyDesign} of a compilation from its valid entities and repositories. Everything is sorted (tables
 * and shapes by name, key spaces by their example RowKey, reads by repository), so the report is deterministic.
 */
public final class KeyDesignBuilder {

  private KeyDesignBuilder() {}

  /** The design of these entities (and the entities of these repositories) and of the methods of the repositories. */
  public static KeyDesign build(Collection<EntityModel> entities, Collection<RepositoryModel> given) {
    List<RepositoryModel> repositories = new ArrayList<>(); // a Jakarta Data repository of several entities: its parts
    for (RepositoryModel repository : given) {
      if (repository.jakarta() != null && !repository.jakarta().parts().isEmpty()) {
        repositories.addAll(repository.jakarta().parts());
      } else {
        repositories.add(repository);
      }
    }
    Map<String, EntityModel> byName = new TreeMap<>();
    for (EntityModel entity : entities) {
      byName.put(entity.binaryName(), entity);
    }
    for (RepositoryModel repository : repositories) {
      byName.putIfAbsent(repository.entity().binaryName(), repository.entity());
    }
    Map<String, Map<String, List<KeyDesign.Space>>> tables = new TreeMap<>();
    Map<String, String> shapeOfEntity = new LinkedHashMap<>();
    for (EntityModel entity : byName.values()) {
      String shape = shape(entity.partitionKey());
      shapeOfEntity.put(entity.binaryName(), shape);
      if (entity.abstractType() || entity.rowKey() == null) {
        continue; // only its concrete subtypes have rows
      }
      List<KeyDesign.Space> spaces = tables.computeIfAbsent(entity.table(), t -> new TreeMap<>())
          .computeIfAbsent(shape, s -> new ArrayList<>());
      spaces.add(space(entity, null));
      for (EntityModel.IndexModel index : entity.indexes()) {
        if (!index.remote()) {
          spaces.add(space(entity, index));
        } else { // in the index's own table and partitions
          tables.computeIfAbsent(index.table(), t -> new TreeMap<>())
              .computeIfAbsent(shape(index.partitionKey()), s -> new ArrayList<>())
              .add(space(entity, index));
        }
      }
    }
    List<RepositoryModel> sorted = new ArrayList<>(repositories);
    sorted.sort(Comparator.comparing(r -> r.element().getQualifiedName().toString()));
    Map<String, String> tableOfSpace = new HashMap<>();
    tables.forEach((table, groups) -> groups.values()
        .forEach(group -> group.forEach(space -> tableOfSpace.put(space.id(), table))));
    Map<String, List<KeyDesign.Read>> readsOfTable = new HashMap<>();
    for (RepositoryModel repository : sorted) {
      List<RepositoryModel.QueryMethod> methods = repository.methods();
      List<String> parameters = MethodLabels.parameters(methods.stream().map(m -> m.element()).toList());
      for (int i = 0; i < methods.size(); i++) {
        KeyDesign.Read read = read(repository, methods.get(i), parameters.get(i), tables,
            rowTypes(repository.entity(), byName.values()), shapeOfEntity);
        for (String table : tablesRead(read, tableOfSpace, repository.entity().table())) {
          readsOfTable.computeIfAbsent(table, t -> new ArrayList<>()).add(read);
        }
      }
    }
    Set<String> names = new TreeSet<>(tables.keySet());
    names.addAll(readsOfTable.keySet()); // a table only read, whose entity has no rows of its own here
    List<KeyDesign.Table> result = new ArrayList<>();
    for (String table : names) {
      List<KeyDesign.Partition> partitions = new ArrayList<>();
      for (Map.Entry<String, List<KeyDesign.Space>> group : tables.getOrDefault(table, Map.of()).entrySet()) {
        List<KeyDesign.Space> spaces = new ArrayList<>(group.getValue());
        spaces.sort(Comparator.comparing((KeyDesign.Space space) -> space.exampleRowKey().key())
            .thenComparing(KeyDesign.Space::id));
        partitions.add(new KeyDesign.Partition(group.getKey(), List.copyOf(spaces)));
      }
      result.add(new KeyDesign.Table(table, List.copyOf(partitions),
          List.copyOf(readsOfTable.getOrDefault(table, List.of()))));
    }
    return new KeyDesign(List.copyOf(result));
  }

  /**
   * The tables a method reads: those of the key spaces it reads and of the rows it then reads by key (a method
   * through an index in another table reads both), in that order; its entity's table where it reads no key space
   * of the report, so that every method is in it.
   */
  static List<String> tablesRead(KeyDesign.Read read, Map<String, String> tableOfSpace, String entityTable) {
    Set<String> tables = new LinkedHashSet<>();
    for (List<String> ids : List.of(read.spaces(), read.follows())) {
      for (String id : ids) {
        String table = tableOfSpace.get(id);
        if (table != null) {
          tables.add(table);
        }
      }
    }
    if (tables.isEmpty()) {
      tables.add(entityTable);
    }
    return List.copyOf(tables);
  }

  /** The shape of a PartitionKey: its literals, and each placeholder as its encoding ({@code {INT:06}}). */
  static String shape(KeyModel key) {
    StringBuilder text = new StringBuilder();
    for (KeyTemplate.Segment segment : key.template().segments()) {
      if (segment instanceof KeyTemplate.Literal) {
        text.append(((KeyTemplate.Literal) segment).text());
      } else {
        KeyTemplate.Placeholder placeholder = (KeyTemplate.Placeholder) segment;
        text.append('{').append(key.property(placeholder.index()).keyType().name())
            .append(placeholder.text().substring(1 + placeholder.property().length()));
      }
    }
    return text.toString();
  }

  /** A key space's id: the entity's table, its type and the index, unique where two tables have a type of one name. */
  static String id(EntityModel entity, String index) {
    return entity.table() + "/" + label(entity, index);
  }

  private static String label(EntityModel entity, String index) {
    return entity.typeName() + (index == null ? "" : "." + index);
  }

  private static KeyDesign.Space space(EntityModel entity, EntityModel.IndexModel index) {
    KeyModel rowKey = index == null ? entity.rowKey() : index.rowKey();
    KeyModel partitionKey = index != null && index.remote() ? index.partitionKey() : entity.partitionKey();
    List<String> encodings = new ArrayList<>();
    for (KeyModel key : List.of(partitionKey, rowKey)) {
      for (KeyTemplate.Placeholder placeholder : key.template().placeholders()) {
        String encoding = KeySamples.encoding(placeholder, key.property(placeholder.index()).keyType());
        if (!encodings.contains(encoding)) {
          encodings.add(encoding);
        }
      }
    }
    List<KeyDesign.Column> bookkeeping = StoredTypes.bookkeeping(entity, index);
    List<KeyDesign.Column> columns = new ArrayList<>(bookkeeping.subList(0, 1)); // the discriminator first
    for (PropertyModel property : entity.storedProperties()) {
      if (index == null || index.fullCopy() || index.properties().contains(property.name())) {
        columns.add(StoredTypes.column(property));
      }
    }
    columns.addAll(bookkeeping.subList(1, bookkeeping.size())); // the mapper's other marks last
    List<String> warnings = new ArrayList<>();
    if (partitionKey.template().isConstant()) {
      warnings.add("hot partition: every " + (index != null && index.remote() ? "copy of index " + index.name()
          + " of " : "") + entity.typeName() + " is in the one partition '" + partitionKey.template().source()
          + "', served by one node");
    }
    String note = index == null ? entity.typeName() + " rows"
        : "index " + index.name() + " of " + entity.typeName() + ": " + (index.unique() ? "unique"
            : index.keyList() ? "one list per value" : "one copy per " + entity.typeName()) + ", "
            + (index.fullCopy() ? "full copy" : index.keysOnly() ? "keys only" : index.keyList()
                ? "key list: the keys of every " + entity.typeName() + " with the value, in one row"
                : "partial copy") + (index.remote() ? ", eventually consistent: written after the entity's EGT by the"
            + " pending work, each read checked against the entity in table " + entity.table()
            : ", written in the same EGT");
    if (entity.wideHead() != null && index == null) {
      note += ", wide: the properties beyond the head row's fill part rows (RowKey ~01, ~02, …) of its partition";
    }
    String indexName = index == null ? null : index.name();
    return new KeyDesign.Space(id(entity, indexName), label(entity, indexName),
        index == null ? entity.table() : index.table(), entity.element().getQualifiedName().toString(),
        entity.typeName(), indexName, partitionKey.template().source(), rowKey.template().source(),
        rowKey.template().literalPrefix(), List.copyOf(encodings), List.copyOf(columns),
        KeySamples.example(entity.simpleName(), partitionKey), KeySamples.example(entity.simpleName(), rowKey), note,
        List.copyOf(warnings));
  }

  /** The entity types whose rows a repository of this entity reads: itself unless abstract, and its subtypes. */
  private static List<EntityModel> rowTypes(EntityModel entity, Collection<EntityModel> entities) {
    List<EntityModel> types = new ArrayList<>();
    for (EntityModel other : entities) {
      boolean mine = other == entity || other.ancestors().contains(entity.binaryName());
      if (mine && !other.abstractType() && other.rowKey() != null) {
        types.add(other);
      }
    }
    return types;
  }

  private static KeyDesign.Read read(RepositoryModel repository, RepositoryModel.QueryMethod method,
      String parameters, Map<String, Map<String, List<KeyDesign.Space>>> tables, List<EntityModel> types,
      Map<String, String> shapeOfEntity) {
    EntityModel entity = repository.entity();
    Plan plan = method.plan();
    boolean remote = plan.eventuallyConsistent();
    Map<String, List<KeyDesign.Space>> partitions =
        tables.getOrDefault(remote ? plan.index().table() : entity.table(), Map.of());
    List<String> spaces = new ArrayList<>();
    List<String> follows = new ArrayList<>();
    for (Plan part : plan.union() ? plan.branches() : List.of(plan)) {
      if (part.index() != null && part.index().followsToEntity() && !part.copiesAnswer()) { // leads to its entity
        for (EntityModel type : types) {
          if (!follows.contains(id(type, null))) {
            follows.add(id(type, null));
          }
        }
      }
    }
    if (plan.union()) { // the branches of an Or: each reads its own keys
      for (Plan branch : plan.branches()) {
        if (branch.mode() != Plan.RowMode.NONE) {
          for (EntityModel type : types) {
            String space = id(type, branch.index() == null ? null : branch.index().name());
            if (!spaces.contains(space)) {
              spaces.add(space);
            }
          }
        }
      }
    } else if (plan.mode() != Plan.RowMode.NONE) {
      for (EntityModel type : types) { // a RowKey range of its own rows (or copies), of each type of the hierarchy
        spaces.add(id(type, plan.index() == null ? null : plan.index().name()));
      }
    } else if (plan.kind() == QueryKind.TABLE_SCAN) {
      for (List<KeyDesign.Space> group : partitions.values()) {
        group.forEach(space -> spaces.add(space.id()));
      }
    } else if (remote) { // the copies of one index partition
      spaces.add(id(entity, plan.index().name()));
    } else if (plan.kind() == QueryKind.PARTITION_SCAN) {
      partitions.getOrDefault(shapeOfEntity.get(entity.binaryName()), List.of())
          .forEach(space -> spaces.add(space.id()));
    }
    List<String> warnings = new ArrayList<>();
    if (plan.kind() == QueryKind.PARTITION_SCAN || plan.kind() == QueryKind.TABLE_SCAN) {
      boolean allowed = Annotations.has(method.element(), Annotations.ALLOW_SCAN);
      String what = plan.kind() == QueryKind.TABLE_SCAN ? "table scan: reads every partition of " + entity.table()
          : plan.mode() == Plan.RowMode.NONE ? "partition scan: reads every row of the partition, of every type"
          : "partition scan: reads every row of its RowKey range and keeps those that pass the filter";
      warnings.add(what + (allowed ? " (allowed by @AllowScan)" : " (not allowed: a compile warning)"));
    }
    if (plan.partitionArguments() != null && plan.partitionKey(entity).template().isConstant()) {
      warnings.add("hot partition: every call reads the one partition '"
          + plan.partitionKey(entity).template().source() + "'");
    }
    if (remote) {
      warnings.add("eventually consistent: reads index " + plan.index().name() + " in table " + plan.index().table()
          + ", then each " + entity.simpleName() + " by its keys; may miss an entity written a moment ago");
    }
    String partitionKey = QueryPlanner.partitionKey(entity, plan);
    String rowKey = QueryPlanner.rowKey(plan);
    String filter = QueryPlanner.filter(plan);
    if (plan.union()) {
      List<String> partitionKeys = new ArrayList<>();
      List<String> rowKeys = new ArrayList<>();
      List<String> filters = new ArrayList<>();
      for (Plan branch : plan.branches()) {
        partitionKeys.add(QueryPlanner.partitionKey(entity, branch));
        String branchRowKey = QueryPlanner.rowKey(branch);
        rowKeys.add(branchRowKey == null ? "any" : branchRowKey);
        String branchFilter = QueryPlanner.filter(branch);
        filters.add(branchFilter == null ? "none" : branchFilter);
      }
      partitionKey = "per branch of the Or: " + String.join(" | ", partitionKeys);
      rowKey = String.join(" | ", rowKeys);
      filter = String.join(" | ", filters);
    }
    return new KeyDesign.Read(repository.element().getSimpleName().toString(),
        method.element().getSimpleName().toString(), parameters, plan.kind(), List.copyOf(spaces), List.copyOf(follows),
        partitionKey == null ? "every partition" : partitionKey, rowKey == null ? "any" : rowKey,
        filter, List.copyOf(warnings));
  }
}
