package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A secondary index kept as a copy of the entity under another RowKey (the guide's intra-partition secondary
 * index pattern).
 *
 * <pre>{@code @Index(name = "email", rowKey = "email_{email}")}</pre>
 *
 * <p>The copy lives in the same partition as the entity and is written, moved and removed in the same entity
 * group transaction as the entity itself, so the two never disagree. An entity whose index properties are null has
 * no copy (a sparse index). Copies are never returned as entities by partition reads, counts or scans; repository
 * methods whose conditions fit the index read through it.
 *
 * <p>Each entity has one copy, so a copy's RowKey must identify its entity. Either the index is {@link #unique()}
 * (the default): its value belongs to at most one entity of the partition, and writing an entity whose index key is
 * already taken by another fails the whole write with {@code EntityExistsException}, as with {@code email_{email}};
 * or its RowKey also holds every component of the entity's own RowKey, so that entities sharing a value get
 * distinct copies, sorted by the value: {@code @Index(name = "lastName", rowKey =
 * "lastname_{lastName}_{employeeId:08}", unique = false)}. The annotation processor checks which one the template
 * is.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Indexes.class)
public @interface Index {

  /** The index name, unique within the entity; letters and digits. */
  String name();

  /** The RowKey template of the copy; it needs a literal prefix that no other key of the table starts with. */
  String rowKey();

  /**
   * The PartitionKey template of the copy. Empty (the default) means the entity's own partition, which is the
   * only form kept consistent in one entity group transaction and the only form supported in this version.
   */
  String partitionKey() default "";

  /**
   * The properties copied into the index row; empty (the default) copies every property, so a read through
   * the index needs no second request. A partial copy makes reads fetch the entity itself.
   */
  String[] properties() default {};

  /**
   * Whether an index value identifies one entity of the partition (the default). Set {@code unique = false} for an
   * index that several entities may share a value of; its RowKey must then hold every component of the entity's
   * RowKey (the processor reports {@code [IndexUniqueness]} otherwise). {@code unique = true} on a RowKey that holds
   * them is reported too, since nothing could then refuse a second entity with the same value.
   */
  boolean unique() default true;
}
