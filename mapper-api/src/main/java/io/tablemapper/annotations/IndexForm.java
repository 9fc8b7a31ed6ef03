package io.tablemapper.annotations;

/**
 * What an {@link Index} keeps under its keys for each entity (the seed's index-table forms).
 *
 * <ul>
 *   <li>{@link #COPY} (the default): a copy of the entity — every property (the fully denormalized index table),
 *       or only those named in {@link Index#properties()} (partially normalized). A full copy in the entity's
 *       partition answers a read alone; any other copy leads to its entity.
 *   <li>{@link #KEYS}: only the keys of the entity (the fully normalized index table): the smallest rows and the
 *       cheapest to keep, each read through the index fetching the entity itself.
 * </ul>
 *
 * <p>More forms may be added later (such as the guide's index entities, one row listing the keys of every entity
 * with a value); code that switches over this type should expect that.
 */
public enum IndexForm {
  /** A copy of the entity's properties: all of them, or those named in {@link Index#properties()}. */
  COPY,
  /** Only the entity's keys; {@link Index#properties()} must then be empty. */
  KEYS
}
