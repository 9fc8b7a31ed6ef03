package io.tablemapper.samples.modular.library;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

/** Books: an author's in number order, and one by its ISBN. */
@Repository
public interface BookRepository extends TableRepository<Book> {
  /**
   * An author's books.
   *
   * @param author the author
   * @return the books, in number order
   */
  List<Book> findByAuthor(String author);

  /**
   * The book with an ISBN.
   *
   * @param isbn the ISBN
   * @return the book, if there is one
   */
  Optional<Book> findByIsbn(String isbn);
}
