package io.tablemapper.internal.mapping;

import io.tablemapper.api.DynamicEntity;
import io.tablemapper.spi.TableRow;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Instant;

/**
 * The runtime's way between a {@link DynamicEntity} and the {@link TableRow} it wraps, which the public class does
 * not expose: applications build and read dynamic entities through their typed accessors only, and the runtime
 * hands the row it holds to the backend without a copy.
 *
 * <p>An entity also carries the name of the property that holds its type in the table it was read from (the
 * mapper's discriminator), so that {@link DynamicEntity#entityType()} reports what the table stores.
 *
 * <p>The handles are looked up once, in the module that declares both classes, and are constants to the JIT, so a
 * call costs what a direct call does.
 */
public final class DynamicRows {
  private static final MethodHandle NEW;
  private static final MethodHandle ROW;
  private static final MethodHandle DISCRIMINATOR;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(DynamicEntity.class, MethodHandles.lookup());
      NEW = lookup.findConstructor(DynamicEntity.class,
          MethodType.methodType(void.class, TableRow.class, String.class));
      ROW = lookup.findGetter(DynamicEntity.class, "row", TableRow.class);
      DISCRIMINATOR = lookup.findGetter(DynamicEntity.class, "discriminator", String.class);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("DynamicEntity no longer wraps a TableRow: " + e, e);
    }
  }

  private DynamicRows() {}

  /**
   * The entity of a row as a backend holds it; it shares binary values with the row.
   *
   * @param discriminator the property that holds the entity's type in the row's table
   */
  public static DynamicEntity entity(TableRow row, String discriminator) {
    try {
      return (DynamicEntity) NEW.invokeExact(row, discriminator);
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  /** The row a backend stores for an entity; it shares binary values with the entity. */
  public static TableRow row(DynamicEntity entity) {
    try {
      return (TableRow) ROW.invokeExact(entity);
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  /** The property that holds the entity's type: the discriminator it was read with, or {@code EntityType}. */
  public static String discriminator(DynamicEntity entity) {
    try {
      return (String) DISCRIMINATOR.invokeExact(entity);
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  /** The same entity with the ETag and Timestamp a write gave it. */
  public static DynamicEntity withSystemProperties(DynamicEntity entity, String etag, Instant timestamp) {
    return entity(row(entity).withSystemProperties(etag, timestamp), discriminator(entity));
  }

  private static RuntimeException rethrow(Throwable e) {
    if (e instanceof RuntimeException) {
      return (RuntimeException) e;
    }
    if (e instanceof Error) {
      throw (Error) e;
    }
    return new IllegalStateException(e);
  }
}
