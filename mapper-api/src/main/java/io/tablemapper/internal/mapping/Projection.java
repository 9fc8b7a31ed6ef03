package io.tablemapper.internal.mapping;

import io.tablemapper.spi.TableRow;
import java.util.List;
import java.util.Objects;

/**
 * What a repository method that returns a record of some of its entity's properties reads: the stored names of
 * those properties, which the runtime asks the store for alone (the {@code $select} of a query), and the generated
 * code that makes the record of a row holding them. Generated as a constant of the repository implementation, one
 * per record type; rows reach it through the same key ranges and filters as the entity's, but are never cached nor
 * read as entities.
 *
 * @param <P> the record
 */
public final class Projection<P> {
  private final Class<P> type;
  private final List<String> properties;
  private final Reader<P> reader;

  private Projection(Class<P> type, List<String> properties, Reader<P> reader) {
    this.type = Objects.requireNonNull(type, "type");
    this.properties = List.copyOf(properties);
    this.reader = Objects.requireNonNull(reader, "reader");
  }

  /**
   * A projection.
   *
   * @param type the record
   * @param properties the stored names of the properties it reads (with the version marker when a component has a
   *     default for rows of older versions); empty when it reads only the keys, ETag and Timestamp every row has
   * @param reader makes the record of a row that holds those properties
   */
  public static <P> Projection<P> of(Class<P> type, List<String> properties, Reader<P> reader) {
    return new Projection<>(type, properties, reader);
  }

  /** The record. */
  public Class<P> type() {
    return type;
  }

  /** The stored names of the properties read, in the order of the record's components. */
  public List<String> properties() {
    return properties;
  }

  /** The record of a row that holds the properties (it may hold more: a row followed from a partial index copy). */
  public P read(TableRow row, MappingContext context) {
    return reader.read(row, context);
  }

  @Override
  public String toString() {
    return "Projection[" + type.getName() + " " + properties + "]";
  }

  /** Generated code that makes a projection's record of a row. */
  @FunctionalInterface
  public interface Reader<P> {
    /** The record of a row. */
    P read(TableRow row, MappingContext context);
  }
}
