package io.tablemapper.annotations;

/**
 * What an {@link Index} keeps under its keys for each entity (the seed's index-table forms).
 *
 * <ul>
 *   <li>{@link #COPY} (the default): a copy of the entity — every property (the fully denormalized index table),
 *       or only those named in {@link Index#properties()} (partially normalized). A full copy in the entity's
 *       partition answers a read alone; any other copy leads to its entity, unless the index lets its copies answer,
 *       eventually consistent ({@link Index#reads()}).
 *   <li>{@link #KEYS}: only the keys of the entity (the fully normalized index table): the smallest rows and the
 *       cheapest to keep, each read through the index fetching the entity itself.
 *   <li>{@link #KEY_LIST}: the guide's index entities — one row per index value, listing the keys of every entity
 *       that has the value (its {@code EmployeeIDs} per last name). One point read finds them all; each write of an
 *       entity changes the list rows of its old and new values with an ETag-guarded read-modify-write.
 * </ul>
 *
 * <p>More forms may be added later; code that switches over this type should expect that.
 */
public enum IndexForm {
  /** A copy of the entity's properties: all of them, or those named in {@link Index#properties()}. */
  COPY,
  /** Only the entity's keys; {@link Index#properties()} must then be empty. */
  KEYS,
  /**
   * One row per index value listing the keys of its entities (the guide's index entities): only for an index outside
   * the entity's partition (a {@link Index#partitionKey()} or a {@link Index#table()}), kept eventually consistent,
   * {@code unique = false}, without {@link Index#properties()}, and with keys that name the value alone (not every
   * component of the entity's keys). A list is split over several properties of its row as it grows; a row holds at
   * most 1 MiB of keys (thousands of entities, fewer the longer their keys are), and a write that would list one
   * more entity in a full row is refused.
   */
  KEY_LIST
}
