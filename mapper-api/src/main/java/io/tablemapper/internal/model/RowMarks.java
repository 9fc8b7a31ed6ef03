package io.tablemapper.internal.model;

import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.StoreLimits;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The properties the mapper adds to the rows it writes for an entity (its bookkeeping), and the rule
 * {@link Rule#PROPERTY_COUNT} that counts them with what the rows copy, so that no class that compiles is refused
 * on every write: one count for the processor, for the runtime's check of a class compiled without it, and for the
 * runtime's writer of index copies ({@code IndexCopies}).
 *
 * <ul>
 *   <li>An entity's row holds its stored properties, its discriminator ({@value EntityMapping#TYPE_PROPERTY}) and,
 *       above version 1, its version ({@value EntityMapping#VERSION_PROPERTY}).
 *   <li>An index copy holds what it copies — the entity's row whole (its version included) for a full copy, the
 *       index's {@code properties} for a partial one, nothing for a keys-only one — and the copy's bookkeeping
 *       ({@link #copyMarks}): its discriminator ({@code type#index}) and its entity's RowKey
 *       ({@value EntityMapping#PRIMARY_ROW_KEY_PROPERTY}); a copy outside the entity's partition also the entity's
 *       PartitionKey ({@value EntityMapping#PRIMARY_PARTITION_KEY_PROPERTY}) and the work ids of the writes that
 *       claimed it ({@value EntityMapping#WORK_IDS_PROPERTY}), one in another table the entity's table
 *       ({@value EntityMapping#PRIMARY_TABLE_PROPERTY}), and one whose copies answer queries the ETag of the
 *       entity's version it was written from ({@value EntityMapping#PRIMARY_ETAG_PROPERTY}).
 * </ul>
 *
 * A row holds at most {@value StoreLimits#MAX_PROPERTIES} properties. A wide entity is counted by
 * {@link WideRules} instead: its rows are split to fit, and its copies copy only properties of its head, whose limit
 * leaves room for their bookkeeping. A key list's rows hold keys, never the entity's properties.
 */
public final class RowMarks {
  private RowMarks() {}

  /** The bookkeeping of an entity's row of this version: its discriminator, and its version above 1. */
  public static List<String> entityMarks(int version) {
    return version > 1 ? List.of(EntityMapping.TYPE_PROPERTY, EntityMapping.VERSION_PROPERTY)
        : List.of(EntityMapping.TYPE_PROPERTY);
  }

  /**
   * The bookkeeping of an index copy, in the order the copy is written (the discriminator named as the mapper's
   * default).
   *
   * @param remote whether the copy lives outside its entity's partition
   * @param otherTable whether it lives in another table than its entity's
   */
  public static List<String> copyMarks(boolean remote, boolean otherTable) {
    return copyMarks(remote, otherTable, false);
  }

  /**
   * The bookkeeping of an index copy, with the ETag of the entity's version it was written from
   * ({@value EntityMapping#PRIMARY_ETAG_PROPERTY}) when its copies answer queries ({@code reads = COPIES}).
   *
   * @param remote whether the copy lives outside its entity's partition
   * @param otherTable whether it lives in another table than its entity's
   * @param copyReads whether the copies answer queries, and so name their entity's version
   */
  public static List<String> copyMarks(boolean remote, boolean otherTable, boolean copyReads) {
    List<String> marks = new ArrayList<>(5);
    marks.add(EntityMapping.TYPE_PROPERTY);
    marks.add(EntityMapping.PRIMARY_ROW_KEY_PROPERTY);
    if (remote) {
      marks.add(EntityMapping.PRIMARY_PARTITION_KEY_PROPERTY);
    }
    if (otherTable) {
      marks.add(EntityMapping.PRIMARY_TABLE_PROPERTY);
    }
    if (remote) {
      marks.add(EntityMapping.WORK_IDS_PROPERTY); // a remote copy is claimed before its entity's transaction
    }
    if (copyReads) {
      marks.add(EntityMapping.PRIMARY_ETAG_PROPERTY);
    }
    return marks;
  }

  /** How many properties {@link #copyMarks} adds to a copy. */
  public static int copyMarkCount(boolean remote, boolean otherTable) {
    return copyMarkCount(remote, otherTable, false);
  }

  /** How many properties {@link #copyMarks(boolean, boolean, boolean)} adds to a copy. */
  public static int copyMarkCount(boolean remote, boolean otherTable, boolean copyReads) {
    return 2 + (remote ? 2 : 0) + (otherTable ? 1 : 0) + (copyReads ? 1 : 0);
  }

  /**
   * Reports an entity whose row, or one of whose index copies, would hold more properties than a row holds. A copy
   * is counted only when the entity's own row fits (one mistake, one message).
   *
   * @param table the entity's table
   */
  static <P extends PropertySource> void check(EntitySource<P> source, String table, int version,
      List<CheckedProperty<P>> properties, List<IndexRules.BoundIndex<CheckedProperty<P>>> indexes,
      Problems problems) {
    if (source.wide() != null) {
      return; // WideRules
    }
    String entity = source.simpleName();
    int stored = 0;
    for (CheckedProperty<P> property : properties) {
      if (property.stored()) {
        stored++;
      }
    }
    List<String> entityMarks = entityMarks(version);
    if (stored + entityMarks.size() > StoreLimits.MAX_PROPERTIES) {
      problems.report(null, null, EntityRules.propertyCount(entity, stored, entityMarks));
      return;
    }
    for (IndexRules.BoundIndex<CheckedProperty<P>> index : indexes) {
      if (index.keyList()) {
        continue;
      }
      List<String> marks = copyMarks(index.remote(), !index.table().equalsIgnoreCase(table), index.copyReads());
      boolean full = index.properties().isEmpty() && !index.keysOnly();
      int copied = full ? stored : new LinkedHashSet<>(index.properties()).size();
      if (full) {
        marks.addAll(1, entityMarks.subList(1, entityMarks.size())); // the row's version; the type is the copy's
      }
      if (copied + marks.size() > StoreLimits.MAX_PROPERTIES) {
        problems.report(index.site(), full ? null : "properties",
            EntityRules.indexPropertyCount(entity, index.name(), full, copied, marks));
      }
    }
  }
}
