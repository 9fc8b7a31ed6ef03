package com.example.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import java.util.List;
import org.junit.jupiter.api.Test;

class BookRepositoryTest {

  @Test
  void theProcessorRanOnTheEntity() throws ClassNotFoundException {
    assertNotNull(Class.forName("com.example.library.Book_"), "the metamodel the processor generates");
  }

  @Test
  void aBookInsertedIsReadBackThroughTheDerivedQueries() {
    try (TableMapper mapper = TableMapper.builder().backend(H2Backend.inMemory()).build()) {
      BookRepository books = mapper.repository(BookRepository.class);

      Book inserted = books.insert(new Book("Le Guin", 1, "The Left Hand of Darkness", null));
      books.insert(new Book("Le Guin", 2, "The Dispossessed", null));

      Book read = books.findByAuthorAndNumber("Le Guin", 1).orElseThrow();
      assertEquals("The Left Hand of Darkness", read.title());
      assertNotNull(read.etag());
      assertEquals(inserted.etag(), read.etag());
      assertEquals(List.of("The Left Hand of Darkness", "The Dispossessed"),
          books.findByAuthor("Le Guin").stream().map(Book::title).toList());
    }
  }
}
