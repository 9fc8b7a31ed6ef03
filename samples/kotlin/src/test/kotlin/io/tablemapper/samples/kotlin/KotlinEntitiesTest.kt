package io.tablemapper.samples.kotlin

import io.tablemapper.api.ConcurrencyConflictException
import io.tablemapper.api.InvalidEntityException
import io.tablemapper.api.MalformedRowException
import io.tablemapper.api.TableMapper
import io.tablemapper.backend.h2.H2Backend
import io.tablemapper.backend.memory.InMemoryBackend
import io.tablemapper.spi.TableBackend
import io.tablemapper.spi.WriteOperation
import java.time.Instant
import java.util.function.Supplier
import java.util.stream.Stream
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource

class KotlinEntitiesTest {
  companion object {
    @JvmStatic
    fun stores(): Stream<Arguments> = Stream.of(
        Arguments.of("memory", Supplier<TableBackend> { InMemoryBackend.create() }),
        Arguments.of("h2", Supplier<TableBackend> { H2Backend.inMemory() }),
    )
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  fun `a record data class is written and read through its queries and index`(
      name: String, store: Supplier<TableBackend>) {
    TableMapper.builder().backend(store.get()).build().use { mapper ->
      val books = mapper.repository(BookRepository::class.java)
      val inserted = books.insert(Book("Le Guin", 1, "The Left Hand of Darkness", isbn = "0441478123", pages = 304))
      books.insert(Book("Le Guin", 2, "The Dispossessed"))

      assertThat(inserted.etag).isNotNull()
      assertThat(books.findByAuthorAndNumber("Le Guin", 1)).contains(inserted)
      assertThat(books.findByAuthor("Le Guin").map { it.title })
          .containsExactly("The Left Hand of Darkness", "The Dispossessed")
      assertThat(books.findByIsbn("0441478123").map { it.number }).contains(1)
      assertThat(books.findByAuthorAndNumber("Le Guin", 2).orElseThrow().isbn).isNull()
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  fun `a var data class is written, updated and read`(name: String, store: Supplier<TableBackend>) {
    TableMapper.builder().backend(store.get()).build().use { mapper ->
      val loans = mapper.repository(LoanRepository::class.java)
      val due = Instant.parse("2026-03-01T00:00:00Z")
      val loan = loans.insert(Loan("ada", 7, due))
      val inserted = loan.etag
      loan.returned = true
      loan.note = "returned early"
      loans.update(loan)

      val read = loans.findByMemberAndDueLessThan("ada", due.plusSeconds(1))
      assertThat(read).containsExactly(Loan("ada", 7, due, true, "returned early", loan.etag))
      assertThat(loan.etag).isNotNull().isNotEqualTo(inserted)
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  fun `a stored row without a property leaves a nullable one null and fails a non-null one by name`(
      name: String, store: Supplier<TableBackend>) {
    val backend = store.get()
    TableMapper.builder().backend(backend).build().use { mapper ->
      val books = mapper.repository(BookRepository::class.java)
      books.insert(Book("Le Guin", 3, "Always Coming Home", isbn = "0060150394"))
      val stored = backend.get("Books", "Le Guin", "book_000003").orElseThrow()
      backend.write("Books", WriteOperation.upsertReplace(stored.toBuilder().put("isbn", null).build()))
      assertThat(books.findByAuthorAndNumber("Le Guin", 3).orElseThrow().isbn).isNull()

      backend.write("Books", WriteOperation.upsertReplace(stored.toBuilder().put("title", null).build()))
      // Kotlin's setter of a non-null String refuses the null that the row's missing title reads as: a malformed
      // row, naming the row and the setter (docs/kotlin.md: make a property that rows may lack nullable)
      assertThatThrownBy { books.findByAuthorAndNumber("Le Guin", 3) }
          .isInstanceOf(MalformedRowException::class.java)
          .hasMessageContaining("Book")
          .hasMessageContaining("book_000003")
          .hasMessageContaining("Book.setTitle")
          .hasCauseInstanceOf(InvalidEntityException::class.java)
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  fun `a val data class is created through its constructor on every read and copied to be changed`(
      name: String, store: Supplier<TableBackend>) {
    TableMapper.builder().backend(store.get()).build().use { mapper ->
      val members = mapper.repository(MemberRepository::class.java)
      val ada = members.insert(Member("Central", "m2", "Ada", "ada@example.com", phone = "555-0102"))
      val bob = members.insert(Member("Central", "m1", "Bob", "bob@example.com"))

      assertThat(ada.etag).isNotNull()
      assertThat(members.findByBranchAndId("Central", "m2")).contains(ada)
      assertThat(members.findByBranch("Central")).containsExactly(bob, ada)
      assertThat(members.findByBranchAndEmail("Central", "ada@example.com").map { it.id }).contains("m2")
      assertThat(members.findByBranchAndId("Central", "m1").orElseThrow().phone).isNull()
      assertThat(members.findByBranchAndId("Central", "m1").orElseThrow().greeting).isEqualTo("Hello, Bob")

      val renamed = members.update(ada.copy(name = "Ada L."))
      assertThat(renamed.etag).isNotNull().isNotEqualTo(ada.etag)
      assertThat(members.findByBranchAndId("Central", "m2")).contains(renamed)
      assertThatThrownBy { members.update(ada.copy(name = "Ada B.")) }
          .isInstanceOf(ConcurrencyConflictException::class.java)

      members.delete(renamed)
      assertThat(members.findByBranchAndEmail("Central", "ada@example.com")).isEmpty()
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  fun `a stored row without a non-null constructor parameter is refused by name`(
      name: String, store: Supplier<TableBackend>) {
    val backend = store.get()
    TableMapper.builder().backend(backend).build().use { mapper ->
      val members = mapper.repository(MemberRepository::class.java)
      members.insert(Member("Central", "m3", "Cy", "cy@example.com", phone = "555-0103"))
      val stored = backend.get("Members", "Central", "member_m3").orElseThrow()
      backend.write("Members", WriteOperation.upsertReplace(stored.toBuilder().put("phone", null).build()))
      assertThat(members.findByBranchAndId("Central", "m3").orElseThrow().phone).isNull()

      backend.write("Members", WriteOperation.upsertReplace(stored.toBuilder().put("name", null).build()))
      // Kotlin's constructor checks its non-null parameters: a row that lacks one is malformed, named by parameter
      assertThatThrownBy { members.findByBranchAndId("Central", "m3") }
          .isInstanceOf(MalformedRowException::class.java)
          .hasMessageContaining("member_m3")
          .hasMessageContaining("parameter name")
    }
  }
}
