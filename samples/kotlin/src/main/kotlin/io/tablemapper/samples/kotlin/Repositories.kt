package io.tablemapper.samples.kotlin

import io.tablemapper.annotations.Repository
import io.tablemapper.api.TableRepository
import java.time.Instant
import java.util.Optional

/** Books: a point read, an author's books in number order, and a look-up through the ISBN index. */
@Repository
interface BookRepository : TableRepository<Book> {
  fun findByAuthorAndNumber(author: String, number: Int): Optional<Book>

  fun findByAuthor(author: String): List<Book>

  fun findByIsbn(isbn: String): Optional<Book>
}

/** Loans: a member's loans due before a time, soonest first. */
@Repository
interface LoanRepository : TableRepository<Loan> {
  fun findByMemberAndDueLessThan(member: String, due: Instant): List<Loan>
}

/** Members: by id, a branch's members in id order, and by email through an index. */
@Repository
interface MemberRepository : TableRepository<Member> {
  fun findByBranchAndId(branch: String, id: String): Optional<Member>

  fun findByBranch(branch: String): List<Member>

  fun findByBranchAndEmail(branch: String, email: String): Optional<Member>
}
