package io.tablemapper.jakarta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.ConcurrencyConflictException;
import io.tablemapper.api.EntityExistsException;
import io.tablemapper.api.EntityNotFoundException;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.Page;
import jakarta.data.exceptions.EmptyResultException;
import jakarta.data.exceptions.OptimisticLockingFailureException;
import jakarta.data.page.PageRequest;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/** Jakarta Data's page requests onto continuation tokens and back, and tablemapper's exceptions as Jakarta Data's. */
class TokenCursoredPageTest {

  @Test
  void theFirstPageByOffsetIsTheFirstPageAndItsNextRequestCarriesTheToken() {
    io.tablemapper.api.PageRequest first = TokenCursoredPage.tokenRequest("R.m", PageRequest.ofSize(2));
    assertThat(first.size()).isEqualTo(2);
    assertThat(first.token()).isEmpty();

    TokenCursoredPage<String> page =
        new TokenCursoredPage<>(Page.of(List.of("a", "b"), "token-1"), PageRequest.ofSize(2), 5);
    PageRequest next = page.nextPageRequest();

    assertThat(next.mode()).isEqualTo(PageRequest.Mode.CURSOR_NEXT);
    assertThat(next.page()).isEqualTo(2);
    assertThat(page.cursor(1).elements()).isEqualTo(List.of("token-1"));
    io.tablemapper.api.PageRequest resumed = TokenCursoredPage.tokenRequest("R.m", next);
    assertThat(resumed.token()).contains("token-1");
    assertThat(resumed.size()).isEqualTo(2);
    assertThat(page.totalElements()).isEqualTo(5);
    assertThat(page.totalPages()).isEqualTo(3);
  }

  @Test
  void theLastPageHasNoNextRequestAndNoPageHasAPreviousOne() {
    TokenCursoredPage<String> last =
        new TokenCursoredPage<>(Page.of(List.of("e"), null), PageRequest.ofSize(2).withoutTotal(), -1);

    assertThat(last.hasNext()).isFalse();
    assertThat(last.hasPrevious()).isFalse();
    assertThat(last.hasTotals()).isFalse();
    assertThatThrownBy(last::nextPageRequest).isInstanceOf(NoSuchElementException.class);
    assertThatThrownBy(last::previousPageRequest).isInstanceOf(NoSuchElementException.class)
        .hasMessageContaining("forwards");
    assertThatThrownBy(last::totalElements).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("withTotal");
    assertThatThrownBy(() -> last.cursor(0)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aPageByOffsetPastTheFirstAPreviousPageAndAForeignCursorAreRefusedSayingWhy() {
    assertThatThrownBy(() -> TokenCursoredPage.tokenRequest("R.m", PageRequest.ofPage(3)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("R.m: asked for page 3 by offset").hasMessageContaining("nextPageRequest()");
    assertThatThrownBy(() -> TokenCursoredPage.tokenRequest("R.m",
        PageRequest.ofSize(2).beforeCursor(PageRequest.Cursor.forKey("t"))))
        .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("before a cursor");
    assertThatThrownBy(() -> TokenCursoredPage.tokenRequest("R.m",
        PageRequest.ofSize(2).afterCursor(PageRequest.Cursor.forKey(7L, "x"))))
        .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("not one of a tablemapper page");
  }

  @Test
  void eachTablemapperExceptionBecomesTheOneJakartaDataNamesWithItAsItsCause() {
    EntityNotFoundException missing = new EntityNotFoundException("no Employee at Sales/empid_00000007");
    ConcurrencyConflictException stale = new ConcurrencyConflictException("stale ETag");
    EntityExistsException taken = new EntityExistsException("taken");
    InvalidKeyException invalid = new InvalidKeyException("bad key");

    assertThat(DataExceptions.ofQuery(missing)).isInstanceOf(EmptyResultException.class).hasCause(missing)
        .hasMessage(missing.getMessage());
    assertThat(DataExceptions.ofUpdate(missing)).isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(DataExceptions.ofUpdate(stale)).isInstanceOf(OptimisticLockingFailureException.class).hasCause(stale);
    assertThat(DataExceptions.ofInsert(taken)).isInstanceOf(jakarta.data.exceptions.EntityExistsException.class)
        .hasCause(taken);
    assertThat(DataExceptions.ofInsert(invalid)).isSameAs(invalid);
    assertThat(DataExceptions.ofQuery(invalid)).isSameAs(invalid);
  }
}
