package io.tablemapper.annotations;

/**
 * How a query through an {@link Index} whose copies live in another partition or table answers
 * ({@link Index#reads()}).
 *
 * <ul>
 *   <li>{@link #ENTITIES} (the default): each copy read names a candidate, whose entity is then read by its keys and
 *       returned only while it still matches — one query for the copies, then one point read per copy. Results are
 *       never staler than the entities; an entity whose copy is not written yet is missed.
 *   <li>{@link #COPIES}: the copies answer the query themselves, in one request per page, eventually consistent
 *       (docs/indexes.md, "Queries answered by copies"). A full copy answers a method that returns the entity; a
 *       partial copy a projection, count or exists whose properties and conditions it holds; any other method of the
 *       index is verified as with {@link #ENTITIES}, and its plan says so.
 * </ul>
 *
 * <p>More choices may be added later; code that switches over this type should expect that.
 */
public enum IndexReads {
  /** Each copy verified against its entity: one query, then a point read per copy. */
  ENTITIES,
  /** The copies answer: one query, eventually consistent; only for {@link IndexForm#COPY} outside the partition. */
  COPIES
}
