package io.tablemapper.api;

/**
 * What reads do with a row that cannot be read as the entity class it belongs to — a row another application
 * wrote or someone edited by hand: a property of another type than the class's (an Int64 where the class has an
 * {@code int}, a String where it has an {@code Instant}), a value out of the property's range (300 in a
 * {@code byte}) or not of its form (an enum constant the class lacks, JSON that does not parse), a key column that
 * disagrees with the keys, or keys that do not match the class's key templates. Set with
 * {@link TableMapper.Builder#malformedRows}; the same on every backend and on every read that returns entities:
 * repository queries of every kind (point reads, ranges, scans, through index copies, projections, pages and
 * streams, and the rows a derived delete reads), and partition reads.
 *
 * <p>A property the row lacks is not malformed: it reads as the property's default ({@code null}, or {@code 0} and
 * {@code false} for primitives), since rows are sparse and older rows lack newer properties. {@code count} and
 * {@code exists} read no properties and count such rows as they count any other. Dynamic tables
 * ({@link TableMapper#dynamic}) return every row as it is stored; a {@link DynamicEntity}'s typed getters throw a
 * {@link MalformedRowException} for a value of another type.
 */
public enum MalformedRowPolicy {
  /** Fail with a {@link MalformedRowException} naming the table, the row's keys, the property and the problem
   * (the default). */
  FAIL,
  /**
   * Leave the row out, as if it were not there, and hand its {@link MalformedRowException} to the
   * {@link MalformedRowListener}, if the mapper has one ({@link TableMapper.Builder#malformedRowListener}). A point
   * read of such a row finds nothing ({@code Optional.empty()}, or {@link EntityNotFoundException} from a
   * {@code get}); a page may hold fewer items than asked for while more follow.
   */
  SKIP,
  /**
   * Return the row as a {@link DynamicEntity}, in its place in RowKey order, where the result may hold one:
   * {@link Partition#all()} and {@link Partition#page}. A read whose result holds only the entity class ({@code
   * List<Employee>}, {@link Partition#all(Class)}, any repository method) cannot, and leaves the row out as
   * {@link #SKIP} does, reporting it to the listener. Either way the row is reported.
   */
  DYNAMIC
}
