package io.tablemapper.processor.entity;

import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.KeySpaces;
import io.tablemapper.internal.model.WideRules;
import io.tablemapper.processor.util.Annotations;
import io.tablemapper.processor.util.Diagnostics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;

/**
 * The entity types of each table met in this compilation, in every round, for the rules that span types: each type
 * of a table has its own discriminator, and the keys of any two types (and their index copies) never meet
 * ({@link KeySpaces#checkAgainst}) — also where a remote index keeps its copies in another type's table: such an
 * index table is accepted only when its copies are proved apart from every row the other type can write there (a
 * PartitionKey or RowKey literal prefix of their own), and reported as {@code [KeySpaceOverlap]} otherwise. Entities compiled elsewhere (in a library, or by an earlier incremental build)
 * are out of sight: only the types compiled together are checked against each other.
 */
public final class Tables {
  /** Valid entities by table name, lower-cased (the store's table names are case-insensitive). */
  private final Map<String, List<EntityModel>> byTable = new LinkedHashMap<>();
  /** Every valid entity, of any table: a remote index's copies may live in another type's table. */
  private final List<EntityModel> admitted = new ArrayList<>();

  /**
   * Checks an entity against the types of its table seen so far, reporting on the entity; on success it joins the
   * table, on failure it is not generated.
   */
  public boolean admit(EntityModel entity, Diagnostics diagnostics) {
    List<EntityModel> others = byTable.computeIfAbsent(entity.table().toLowerCase(Locale.ROOT), t -> new ArrayList<>());
    for (EntityModel other : others) {
      if (other.typeName().equals(entity.typeName())) {
        AnnotationMirror annotation = Annotations.find(entity.element(), Annotations.ENTITY);
        diagnostics.report(entity.element(), annotation, "type", EntityRules.typeDuplicate(entity.simpleName(),
            other.element().getQualifiedName().toString(), entity.table(), entity.typeName()));
        return false;
      }
    }
    boolean ok = true;
    for (EntityModel other : admitted) {
      if (other.sharesRowKey(entity)) {
        continue; // one RowKey template of a hierarchy: one key space by design, ids unique across the types
      }
      // every key space of either type against every one of the other's that lives in the same table: its rows,
      // or a remote index's copies, whichever table their entity is in
      ok &= KeySpaces.checkAgainst(keySpaces(entity), keySpaces(other), diagnostics.problems(entity.element()));
    }
    if (ok) {
      others.add(entity);
      admitted.add(entity);
    }
    return ok;
  }

  /**
   * An entity's key spaces as the shared rules see them: its rows, its index copies in its partition, then the copies
   * of its remote indexes, each in its own table and partitions (proved apart from the entity's own rows by
   * IndexRules, and here from every other type's).
   */
  private static KeySpaces.Type keySpaces(EntityModel entity) {
    List<KeySpaces.Space> spaces = ownRows(entity);
    for (EntityModel.IndexModel index : entity.indexes()) {
      if (index.remote()) {
        spaces.add(remoteSpace(index));
      }
    }
    return new KeySpaces.Type(entity.element().getQualifiedName().toString(), entity.typeName(), entity.table(),
        entity.partitionKey().template(), entity.partitionKey().shape(), spaces);
  }

  /** The key spaces of an entity's own partitions: its rows and its copies in its partition. */
  private static List<KeySpaces.Space> ownRows(EntityModel entity) {
    List<KeySpaces.Space> spaces = new ArrayList<>();
    if (entity.rowKey() != null) {
      spaces.add(space(null, entity.rowKey()));
      if (entity.wideHead() != null) {
        KeyModel key = entity.rowKey();
        spaces.add(WideRules.partSpace(key.template(), key.shape(), key.key().firstType(), key.annotation()));
      }
    }
    for (EntityModel.IndexModel index : entity.indexes()) {
      if (!index.remote()) {
        spaces.add(space(index.name(), index.rowKey()));
      }
    }
    return spaces;
  }

  private static KeySpaces.Space remoteSpace(EntityModel.IndexModel index) {
    KeyModel key = index.rowKey();
    return new KeySpaces.Space(index.name(), key.template(), key.shape(), key.key().firstType(), key.annotation(),
        "rowKey", index.table(), index.partitionKey().template(), index.partitionKey().shape());
  }

  private static KeySpaces.Space space(String index, KeyModel key) {
    return new KeySpaces.Space(index, key.template(), key.shape(), key.key().firstType(), key.annotation(),
        index == null ? "value" : "rowKey");
  }
}
