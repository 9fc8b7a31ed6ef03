package io.tablemapper.processor.entity;

import io.tablemapper.internal.model.EntityRules;
import io.tablemapper.internal.model.KeySpaces;
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
 * ({@link KeySpaces#checkAgainst}). Entities compiled elsewhere (in a library, or by an earlier incremental build)
 * are out of sight: only the types compiled together are checked against each other.
 */
public final class Tables {
  /** Valid entities by table name, lower-cased (the store's table names are case-insensitive). */
  private final Map<String, List<EntityModel>> byTable = new LinkedHashMap<>();

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
    for (EntityModel other : others) {
      if (other.sharesRowKey(entity)) {
        continue; // one RowKey template of a hierarchy: one key space by design, ids unique across the types
      }
      ok &= KeySpaces.checkAgainst(keySpaces(entity), keySpaces(other), diagnostics.problems(entity.element()));
    }
    if (ok) {
      others.add(entity);
    }
    return ok;
  }

  /** An entity's key spaces as the shared rules see them: its rows, then its index copies. */
  private static KeySpaces.Type keySpaces(EntityModel entity) {
    List<KeySpaces.Space> spaces = new ArrayList<>();
    if (entity.rowKey() != null) {
      spaces.add(space(null, entity.rowKey()));
    }
    for (EntityModel.IndexModel index : entity.indexes()) {
      if (index.remote()) {
        continue; // its copies are proved apart from the entity's rows by IndexRules
      }
      spaces.add(space(index.name(), index.rowKey()));
    }
    return new KeySpaces.Type(entity.element().getQualifiedName().toString(), entity.typeName(), entity.table(),
        entity.partitionKey().template(), entity.partitionKey().shape(), spaces);
  }

  private static KeySpaces.Space space(String index, KeyModel key) {
    return new KeySpaces.Space(index, key.template(), key.shape(), key.key().firstType(), key.annotation(),
        index == null ? "value" : "rowKey");
  }
}
