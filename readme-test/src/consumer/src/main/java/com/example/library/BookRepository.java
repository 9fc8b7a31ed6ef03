package com.example.library;

import io.tablemapper.annotations.Repository;
import io.tablemapper.api.TableRepository;
import java.util.List;
import java.util.Optional;

/** Books; the processor implements both queries. */
@Repository
public interface BookRepository extends TableRepository<Book> {

  /** POINT: both keys. */
  Optional<Book> findByAuthorAndNumber(String author, int number);

  /** RANGE: an author's books in number order. */
  List<Book> findByAuthor(String author);
}
