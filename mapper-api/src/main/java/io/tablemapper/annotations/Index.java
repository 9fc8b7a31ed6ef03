package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A secondary index kept as a copy of the entity under other keys: in the entity's own partition (the guide's
 * intra-partition secondary index pattern), or in another partition or table (its inter-partition secondary index and
 * Index Table patterns).
 *
 * <pre>{@code
 * @Index(name = "byEmail", rowKey = "email_{email}")                       // in the entity's partition
 * @Index(name = "email", partitionKey = "email_{email}", rowKey = "employee") // a partition per email
 * @Index(name = "byLastName", table = "EmployeesByLastName",                // another table
 *        partitionKey = "{lastName}", rowKey = "{department}_{employeeId:08}", unique = false)
 * }</pre>
 *
 * <p>A copy in the entity's own partition ({@code partitionKey} and {@code table} empty) is written, moved and
 * removed in the same entity group transaction as the entity itself, so the two never disagree. Any other copy is
 * <em>eventually consistent</em>: the entity's transaction records the index work still to do, and the mapper does
 * it right after, idempotently, finishing work a crashed process left ({@code TableMapper.completePending()}).
 *
 * <p>An entity whose index properties are null has no copy (a sparse index). Copies are never returned as entities
 * by partition reads, counts or scans; repository methods whose conditions fit the index read through it.
 *
 * <p>Each entity has one copy, so a copy's keys must identify its entity. Either the index is {@link #unique()}
 * (the default): its value belongs to at most one entity (of the partition, for a copy in the entity's partition;
 * of the table otherwise), and writing an entity whose index value is already taken by another fails with
 * {@code EntityExistsException}, as with {@code email_{email}}; or its keys also hold every component of the
 * entity's own keys (its RowKey's, and for a copy elsewhere its PartitionKey's too), so that entities sharing a value
 * get distinct copies, sorted by the value: {@code @Index(name = "lastName", rowKey =
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

  /**
   * The RowKey template of the copy. In the entity's partition it needs a literal prefix that no other key of the
   * table starts with; elsewhere, it only has to keep the copies apart from other rows of their partitions.
   */
  String rowKey();

  /**
   * The PartitionKey template of the copy. Empty (the default) means the entity's own partition: in the entity's
   * table, such a copy is kept consistent in the entity's group transaction; with a {@link #table()} it is the
   * entity's PartitionKey in that table. Any other PartitionKey makes the index eventually consistent; it must not
   * be a literal alone, since every copy would then share one partition (a hot partition, warned about).
   */
  String partitionKey() default "";

  /**
   * The table the copies live in (the guide's Index Table pattern); empty (the default) means the entity's own
   * table. A copy in another table is eventually consistent.
   */
  String table() default "";

  /**
   * The properties copied into the index row; empty (the default) copies every property, so a read through
   * the index needs no second request. A partial copy makes reads fetch the entity itself (unless its copies answer:
   * {@link #reads()}).
   */
  String[] properties() default {};

  /**
   * What the index keeps per entity: a copy of its properties ({@link IndexForm#COPY}, the default; all of them, or
   * {@link #properties()}), or only its keys ({@link IndexForm#KEYS}, the seed's normalized index table: the
   * smallest index, whose every read fetches the entity).
   */
  IndexForm form() default IndexForm.COPY;

  /**
   * Whether an index value identifies one entity (the default). Set {@code unique = false} for an index that
   * several entities may share a value of; its keys must then hold every component of the entity's keys (the
   * processor reports {@code [IndexUniqueness]} otherwise). {@code unique = true} on keys that hold them is reported
   * too, since nothing could then refuse a second entity with the same value.
   */
  boolean unique() default true;

  /**
   * How a query through the index answers, for an index in another partition or table: by reading each copy's
   * entity and keeping it only while it still matches ({@link IndexReads#ENTITIES}, the default: one query, then a
   * point read per copy), or from the copies alone ({@link IndexReads#COPIES}: one request per page, eventually
   * consistent — a reader may see a write's previous values until the mapper has reconciled its copy, as
   * docs/indexes.md "Queries answered by copies" states). Under {@code COPIES} a full copy answers methods that
   * return the entity (with the ETag of the version the copy was written from, so that a conditional write of what
   * was read succeeds while that version is stored), and a partial copy ({@link #properties()}) answers projections,
   * counts and exists whose properties and conditions it holds; the plan of every other method of the index says it
   * is verified. Writes of an entity with such an index also record its ETag in the copy (one more property, and the
   * copy rewritten by every write of the entity).
   *
   * <p>The processor reports {@code [IndexReads]} for {@code COPIES} on a {@link IndexForm#KEYS} or
   * {@link IndexForm#KEY_LIST} index, whose rows hold no property to answer with, and on an index in the entity's
   * partition: its copies are written in the entity's own transaction, so a full one already answers alone and
   * strongly consistent.
   */
  IndexReads reads() default IndexReads.ENTITIES;
}
