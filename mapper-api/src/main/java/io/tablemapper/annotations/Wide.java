package io.tablemapper.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an {@link Entity} as wide (the guide's wide entities pattern): one logical entity stored over several rows
 * of its partition when it has more than 252 properties or more than 1 MiB of data, written, replaced and deleted
 * atomically in one entity group transaction and read back whole.
 *
 * <p>The first row (the head) has the entity's RowKey and holds its keys' properties, its index properties, the
 * properties named in {@link #head()}, and then as many of the other properties, in declaration order, as fit; the
 * rest go, still in declaration order, to part rows whose RowKeys are the entity's followed by {@code ~01},
 * {@code ~02}, ... (at most 99), each filled up to the store's 252 properties and 1 MiB. Only head properties may be
 * query conditions, index properties or projection components: where the others are stored depends on the values.
 *
 * <pre>{@code
 * @Entity(table = "Stats") @PartitionKey("{employeeId}") @RowKey("messages_{year:04}")
 * @Wide(head = "total")
 * public class MessageStats { ... 366 int properties, one per day ... }
 * }</pre>
 *
 * <p>Costs: a write is one entity group transaction of all the rows (they count toward a batch's 100 operations and
 * 4 MiB); a read of an entity with parts is one more request (a range of its part rows), so a range of {@code n}
 * wide entities costs up to {@code n} more requests.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Wide {

  /**
   * Properties (Java names) the head row always holds besides the keys' and indexes' properties: the ones repository
   * methods may use as conditions or projection components. At most 249 with the keys' and indexes' properties.
   */
  String[] head() default {};
}
