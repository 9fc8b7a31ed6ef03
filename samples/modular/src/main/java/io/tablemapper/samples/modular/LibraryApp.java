package io.tablemapper.samples.modular;

import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.h2.H2Backend;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.samples.modular.library.Book;
import io.tablemapper.samples.modular.library.BookRepository;
import io.tablemapper.spi.TableBackend;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Writes two books and reads them back through the generated repository, on memory and on H2. */
public final class LibraryApp {
  private LibraryApp() {}

  /**
   * Prints the modules that the application, the API and the runtime run in, then one line per store.
   *
   * @param args none
   */
  public static void main(String[] args) {
    TableMapper.Builder builder = TableMapper.builder();
    System.out.println("modules: " + LibraryApp.class.getModule().getName() + ", "
        + TableMapper.class.getModule().getName() + ", " + builder.getClass().getModule().getName());
    Map<String, Supplier<TableBackend>> stores = Map.of("memory", InMemoryBackend::create, "h2", H2Backend::inMemory);
    for (String store : List.of("memory", "h2")) {
      try (TableMapper mapper = TableMapper.builder().backend(stores.get(store).get()).build()) {
        BookRepository books = mapper.repository(BookRepository.class);
        books.insert(new Book("Le Guin", 1, "The Left Hand of Darkness", "0441478123", null));
        books.insert(new Book("Le Guin", 2, "The Dispossessed", "0060125632", null));
        System.out.println(store + ": " + books.findByAuthor("Le Guin").stream().map(Book::title).toList()
            + ", by ISBN " + books.findByIsbn("0060125632").map(Book::number).orElseThrow()
            + ", through " + books.getClass().getName() + " in " + books.getClass().getModule().getName());
      }
    }
  }
}
