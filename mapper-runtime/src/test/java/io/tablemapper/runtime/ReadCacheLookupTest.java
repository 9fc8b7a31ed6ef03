package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.annotations.Cached;
import io.tablemapper.runtime.fixtures.catalog.Book;
import io.tablemapper.tck.fixtures.Currency;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.Meter;
import org.junit.jupiter.api.Test;

/**
 * The start-up shortcut of the read cache: a class whose class file does not name {@code @Cached} is known uncached
 * without reflection parsing its annotations; any class that carries it, or whose class file cannot be read, is
 * still asked by reflection (never a false "not cached").
 */
class ReadCacheLookupTest {

  /** A nested class: its class file is {@code ReadCacheLookupTest$Nested.class}. */
  @Cached(maximumSize = 10)
  static final class Nested {}

  @Test
  void aClassCarryingCachedIsAskedByReflection() {
    assertThat(Currency.class.getAnnotation(Cached.class)).isNotNull();
    assertThat(ReadCache.mayBeCached(Currency.class)).isTrue();
    assertThat(ReadCache.mayBeCached(Book.class)).isTrue();
    assertThat(ReadCache.mayBeCached(Nested.class)).isTrue();
  }

  @Test
  void aClassWhoseClassFileDoesNotNameCachedIsNotCached() {
    for (Class<?> type : new Class<?>[] {Employee.class, Meter.class, String.class}) {
      assertThat(type.getAnnotation(Cached.class)).isNull();
      assertThat(ReadCache.mayBeCached(type)).as(type.getName()).isFalse();
    }
  }

  @Test
  void aClassWithoutAClassFileIsAskedByReflection() {
    Runnable lambda = () -> { };
    assertThat(ReadCache.mayBeCached(lambda.getClass())).isTrue();
  }
}
