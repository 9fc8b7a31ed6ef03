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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@link KeyDesign} of a compilation from its valid entities and repositories. Everything is sorted (tables
 * and shapes by name, key spaces by their example RowKey, reads by repository), so the report is deterministic.
 */
public final class KeyDesignBuilder {

  private KeyDesignBuilder() {}

  /** The design of these entities (and the entities of these repositories) and of the methods of the repositories. */
  public static KeyDesign build(Collection<EntityModel> entities, Collection<RepositoryModel> repositories) {
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
    List<KeyDesign.Table> result = new ArrayList<>();
    for (Map.Entry<String, Map<String, List<KeyDesign.Space>>> table : tables.entrySet()) {
      List<KeyDesign.Partition> partitions = new ArrayList<>();
      for (Map.Entry<String, List<KeyDesign.Space>> group : table.getValue().entrySet()) {
        List<KeyDesign.Space> spaces = new ArrayList<>(group.getValue());
        spaces.sort(Comparator.comparing(KeyDesign.Space::exampleRowKey).thenComparing(KeyDesign.Space::id));
        partitions.add(new KeyDesign.Partition(group.getKey(), List.copyOf(spaces)));
      }
      List<KeyDesign.Read> reads = new ArrayList<>();
      for (RepositoryModel repository : sorted) {
        if (repository.entity().table().equals(table.getKey())) {
          for (RepositoryModel.QueryMethod method : repository.methods()) {
            reads.add(read(repository, method, tables, rowTypes(repository.entity(), byName.values()),
                shapeOfEntity));
          }
        }
      }
      result.add(new KeyDesign.Table(table.getKey(), List.copyOf(partitions), List.copyOf(reads)));
    }
    return new KeyDesign(List.copyOf(result));
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

  static String id(EntityModel entity, String index) {
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
    List<KeyDesign.Column> columns = new ArrayList<>();
    for (PropertyModel property : entity.storedProperties()) {
      if (index == null || index.fullCopy() || index.properties().contains(property.name())) {
        columns.add(new KeyDesign.Column(property.storedName(), property.kind().edmType().odataName()));
      }
    }
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
    return new KeyDesign.Space(id(entity, index == null ? null : index.name()),
        entity.element().getQualifiedName().toString(), entity.typeName(), index == null ? null : index.name(),
        partitionKey.template().source(), rowKey.template().source(), rowKey.template().literalPrefix(),
        List.copyOf(encodings), List.copyOf(columns),
        KeySamples.example(entity.simpleName(), partitionKey, true),
        KeySamples.example(entity.simpleName(), rowKey, false), note, List.copyOf(warnings));
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
      Map<String, Map<String, List<KeyDesign.Space>>> tables, List<EntityModel> types,
      Map<String, String> shapeOfEntity) {
    EntityModel entity = repository.entity();
    Plan plan = method.plan();
    boolean remote = plan.eventuallyConsistent();
    Map<String, List<KeyDesign.Space>> partitions =
        tables.getOrDefault(remote ? plan.index().table() : entity.table(), Map.of());
    List<String> spaces = new ArrayList<>();
    if (plan.mode() != Plan.RowMode.NONE) {
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
    return new KeyDesign.Read(repository.element().getSimpleName().toString(),
        method.element().getSimpleName().toString(), plan.kind(), List.copyOf(spaces),
        partitionKey == null ? "every partition" : partitionKey, rowKey == null ? "any" : rowKey,
        QueryPlanner.filter(plan), List.copyOf(warnings));
  }
}
