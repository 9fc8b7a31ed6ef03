package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.IndexAdmin;
import io.tablemapper.api.IndexState;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.tck.fixtures.IndexedRecruit;
import io.tablemapper.tck.fixtures.parties.Party;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link TableMapper#indexes} and its {@link IndexAdmin} refuse, before any request reaches the store (so on
 * the in-memory store alone; the kit's {@code IndexLifecycleTest} runs what they do on every store): a rate limit that
 * is no number of entities per second, and the classes whose indexes the runtime cannot administer, each with a
 * message that names the class and why.
 */
class IndexAdminRefusalsTest {
  private final TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create()).build();

  @AfterEach
  void close() {
    mapper.close();
  }

  @Test
  void aRateLimitThatIsNoNumberOfEntitiesPerSecondIsRefusedNamingIt() {
    IndexAdmin admin = mapper.indexes(IndexedRecruit.class);

    for (double bad : new double[] {-1, -0.5, Double.NEGATIVE_INFINITY, Double.NaN}) {
      assertThatThrownBy(() -> admin.rateLimit(bad)).as("rateLimit(%s)", bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("rateLimit must be 0 (no limit) or a positive number of entities per second, not " + bad);
    }
    // 0 is no limit, as documented; a fraction is a slow build
    assertThat(admin.rateLimit(0).state("companyEmail")).isEqualTo(IndexState.READY);
    assertThat(admin.rateLimit(0.5).build("companyEmail").entitiesRead()).isZero();
  }

  @Test
  void theRootOfAHierarchyIsRefusedNamingItsConcreteClasses() {
    assertThatThrownBy(() -> mapper.indexes(Party.class))
        .isInstanceOf(TableMapperException.class)
        .hasMessageStartingWith("cannot administer the indexes of " + Party.class.getName() + ": it is the root of"
            + " an entity hierarchy")
        .hasMessageContaining("call mapper.indexes(...) with one of its concrete classes")
        .hasMessageContaining("Customer")
        .hasMessageContaining("Employee");
  }
}
