package io.tablemapper.jakarta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.internal.mapping.RepositorySupport;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A JDQL UPDATE's writes ({@link JakartaSupport#updateEach}) when entities change or go between the query and the
 * write: each write is conditional on the ETag read, a conflict reads the entity again, tests it again and writes it
 * under its new ETag, and a delete is no update. The store is a stand-in whose writes answer as the test scripts
 * them: the interleavings a real store would give only by chance.
 */
class JakartaSupportTest {
  /** A mutable entity, as the TCK's are, with the ETag it was read with. */
  static final class Counter {
    final String key;
    int value;
    final String etag;

    Counter(String key, int value, String etag) {
      this.key = key;
      this.value = value;
      this.etag = etag;
    }
  }

  /** An outcome of a write that writes. */
  private static final RuntimeException WRITES = new IllegalStateException("not thrown: the write is made");

  /** What the stand-in store's next writes do: {@link #WRITES} (or none left) writes, else it throws. */
  private final Deque<RuntimeException> outcomes = new ArrayDeque<>();
  private final List<String> written = new ArrayList<>();

  @SuppressWarnings("unchecked")
  private JakartaSupport<Counter> support() {
    RepositorySupport<Counter> store = (RepositorySupport<Counter>) Proxy.newProxyInstance(
        getClass().getClassLoader(), new Class<?>[] {RepositorySupport.class}, (proxy, method, arguments) -> {
          RuntimeException outcome = outcomes.isEmpty() ? WRITES : outcomes.poll();
          if (outcome != WRITES) {
            throw outcome;
          }
          Counter counter = (Counter) arguments[0];
          written.add(method.getName() + " " + counter.key + "=" + counter.value + "@" + counter.etag);
          return method.getName().equals("update") ? counter : null;
        });
    return new JakartaSupport<>(store);
  }

  private static Counter increment(Counter counter) {
    counter.value += 10;
    return counter;
  }

  @Test
  void anEntityChangedMeanwhileIsReadAgainAndWrittenUnderItsNewETag() {
    outcomes.add(new ConcurrencyConflictException("a changed meanwhile"));
    Function<Counter, Optional<Counter>> reread = counter -> Optional.of(new Counter(counter.key, 5, "etag-2"));

    long updated = support().updateEach("R.m", List.of(new Counter("a", 1, "etag-1"), new Counter("b", 2, "etag-1")),
        counter -> true, JakartaSupportTest::increment, reread);

    assertThat(updated).isEqualTo(2);
    // the SET applied again to the values stored now, not to the stale ones
    assertThat(written).containsExactly("update a=15@etag-2", "update b=12@etag-1");
  }

  @Test
  void anEntityThatNoLongerMatchesOrIsGoneIsNotUpdated() {
    outcomes.add(new ConcurrencyConflictException("a changed meanwhile"));
    outcomes.add(new ConcurrencyConflictException("b changed meanwhile"));
    outcomes.add(new EntityNotFoundException("c is gone"));
    Function<Counter, Optional<Counter>> reread = counter -> counter.key.equals("a")
        ? Optional.of(new Counter("a", 100, "etag-2")) : Optional.empty();

    long updated = support().updateEach("R.m", List.of(new Counter("a", 1, "e"), new Counter("b", 2, "e"),
        new Counter("c", 3, "e"), new Counter("d", 4, "e")), counter -> counter.value < 50,
        JakartaSupportTest::increment, reread);

    assertThat(updated).isEqualTo(1);
    assertThat(written).containsExactly("update d=14@e");
  }

  @Test
  void anEntityThatKeepsChangingStopsTheUpdateWithOptimisticLockingFailure() {
    for (int i = 0; i < JakartaSupport.UPDATE_ATTEMPTS; i++) {
      outcomes.add(new ConcurrencyConflictException("changed again"));
    }

    assertThatThrownBy(() -> support().updateEach("R.m", List.of(new Counter("a", 1, "e")), counter -> true,
        JakartaSupportTest::increment, counter -> Optional.of(new Counter("a", 1, "e2"))))
        .isInstanceOf(OptimisticLockingFailureException.class)
        .hasMessageContaining("R.m: the entity changed " + JakartaSupport.UPDATE_ATTEMPTS + " times between its"
            + " read and its update");
  }

  @Test
  void aDeleteOfMatchesSkipsTheOnesDeletedMeanwhileAndStopsAtOneChanged() {
    outcomes.add(WRITES);
    outcomes.add(new EntityNotFoundException("b is gone"));

    assertThat(support().deleteEach(List.of(new Counter("a", 1, "e"), new Counter("b", 2, "e"),
        new Counter("c", 3, "e")))).isEqualTo(2);
    assertThat(written).containsExactly("delete a=1@e", "delete c=3@e");

    outcomes.add(new ConcurrencyConflictException("d changed meanwhile"));
    assertThatThrownBy(() -> support().deleteEach(List.of(new Counter("d", 4, "e"))))
        .isInstanceOf(OptimisticLockingFailureException.class);
  }
}
