package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.StoreLimits;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The largest class of each form of index copy — the one whose copies hold exactly the store's 252 properties with
 * their bookkeeping ({@code RowMarks}; one property more is {@code [PropertyCount]}: {@code CopyPropertyCountTest},
 * {@link UnprocessedRulesTest}) — compiled with the processor and without it, is inserted, upserted and read back
 * with its copies on every store: a full copy in the entity's partition (of version 1 and 2), in another partition,
 * in another table, and partial copies of each kind.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class FullestCopiesTest {
  private static final String PACKAGE = "io.tablemapper.runtime.fullest";

  /** A class: its source, its table, its copies' tables, and the finder its processed repository has. */
  private record Fullest(String name, Map<String, String> sources, String table, List<String> copyTables,
      String finder) {
    String className() {
      return PACKAGE + "." + name;
    }
  }

  private static final List<Fullest> CLASSES = List.of(
      fullest("Whole", 1, 250, "Wholes", "@Index(name = \"byP0\", rowKey = \"x_{p0}_{id}\")",
          List.of("Wholes"), "findByRegionAndP0(String region, int p0)"),
      fullest("WholeVersioned", 2, 249, "WholesVersioned", "@Index(name = \"byP0\", rowKey = \"x_{p0}_{id}\")",
          List.of("WholesVersioned"), "findByRegionAndP0(String region, int p0)"),
      fullest("WholeRemote", 1, 248, "WholesRemote",
          "@Index(name = \"byP0\", partitionKey = \"c_{p0}\", rowKey = \"x_{region}_{id}\")",
          List.of("WholesRemote"), "findByP0(int p0)"),
      fullest("WholeElsewhere", 1, 247, "WholesElsewhere",
          "@Index(name = \"byP0\", table = \"WholeCopies\", rowKey = \"x_{p0}_{id}\")",
          List.of("WholeCopies"), "findByRegionAndP0(String region, int p0)"),
      fullest("Parts", 1, 251, "Parts",
          "@Index(name = \"byP0\", rowKey = \"x_{p0}_{id}\", properties = " + copied(250) + ")\n"
              + "@Index(name = \"byP1\", partitionKey = \"c_{p1}\", rowKey = \"y_{region}_{id}\", properties = "
              + copied(248) + ")\n"
              + "@Index(name = \"byP2\", table = \"PartCopies\", rowKey = \"z_{p2}_{id}\", properties = "
              + copied(247) + ")",
          List.of("Parts", "PartCopies"), "findByP1(int p1)"));

  /** A class of {@code stored} properties: region, id, p0, p1, ... */
  private static Fullest fullest(String name, int version, int stored, String table, String indexes,
      List<String> copyTables, String finder) {
    String fields = IntStream.range(0, stored - 2).mapToObj(i -> " public int p" + i + ";")
        .collect(Collectors.joining());
    String header = "package " + PACKAGE + ";\n"
        + "import io.tablemapper.annotations.*;\n"
        + "import io.tablemapper.api.TableRepository;\n"
        + "import java.util.List;\n";
    String source = header
        + "@Entity(table = \"" + table + "\", version = " + version + ")"
        + " @PartitionKey(\"{region}\") @RowKey(\"id_{id}\")\n" + indexes + "\n"
        + "public class " + name + " { public String region; public String id;" + fields + " }\n";
    String store = header + "@Repository public interface " + name + "Store extends TableRepository<" + name
        + "> {}\n";
    String finderSource = header + "@Repository public interface " + name + "Finder extends TableRepository<"
        + name + "> { List<" + name + "> " + finder + "; }\n";
    return new Fullest(name, Map.of(name, source, name + "Store", store, name + "Finder", finderSource), table,
        copyTables, finder.substring(0, finder.indexOf('(')));
  }

  /** The first {@code count} of region, id, p0, p1, ... as an annotation's array. */
  private static String copied(int count) {
    return IntStream.range(0, count).mapToObj(i -> i == 0 ? "\"region\"" : i == 1 ? "\"id\"" : "\"p" + (i - 2) + "\"")
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static Map<String, String> sources() {
    Map<String, String> sources = new LinkedHashMap<>();
    for (Fullest fullest : CLASSES) {
      fullest.sources().forEach((name, source) -> sources.put(PACKAGE + "." + name, source));
    }
    return sources;
  }

  private static final Javac.Result PROCESSED = Javac.compile(sources(), true);
  private static final Javac.Result UNPROCESSED = Javac.compile(sources(), false);

  private final TableBackend store;
  /** A mapper of each path over the one store: one mapper maps a type of a table by one class. */
  private final Map<Javac.Result, TableMapper> mappers = new LinkedHashMap<>();

  FullestCopiesTest(Stores stores) {
    this.store = stores.newStore();
    for (Javac.Result compiled : List.of(PROCESSED, UNPROCESSED)) {
      mappers.put(compiled, ManualCompletion.builder(store).build());
    }
  }

  @AfterEach
  void close() {
    mappers.values().forEach(TableMapper::close);
  }

  @SuppressWarnings("unchecked")
  private TableRepository<Object> repository(Javac.Result compiled, Fullest fullest, String kind) {
    return mappers.get(compiled).repository(
        (Class<TableRepository<Object>>) compiled.load(fullest.className() + kind));
  }

  /**
   * Writes an entity through a path's mapper and completes the pending work with its classes (a completer loads the
   * class of a recorded write by name, here from the thread's context class loader).
   */
  private void write(Javac.Result compiled, Fullest fullest, boolean upsert, int value) {
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(compiled.loader);
    try {
      TableRepository<Object> repository = repository(compiled, fullest, "Store");
      Object entity = entity(compiled, fullest, value);
      if (upsert) {
        repository.upsert(entity);
      } else {
        repository.insert(entity);
      }
      mappers.get(compiled).completePending();
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
  }

  /** An entity whose key values say which compilation made it, with p0, p1 and p2 at {@code value}. */
  private static Object entity(Javac.Result compiled, Fullest fullest, int value) {
    Map<String, Object> values = Map.of("region", "north", "id", compiled == PROCESSED ? "processed" : "unprocessed",
        "p0", value, "p1", value, "p2", value);
    return TwiceCompiled.bean(compiled.load(fullest.className()), values);
  }

  /** The copies in the copy tables, each checked to point at an entity of the class. */
  private List<TableRow> copies(Fullest fullest) {
    List<TableRow> copies = fullest.copyTables().stream().flatMap(table -> RawRows.all(store, table).stream())
        .filter(row -> String.valueOf(row.get(EntityMapping.TYPE_PROPERTY)).startsWith(fullest.name() + "#"))
        .collect(Collectors.toList());
    for (TableRow copy : copies) {
      assertThat(copy.get(EntityMapping.PRIMARY_ROW_KEY_PROPERTY)).as(copy.describeKeys())
          .isIn("id_processed", "id_unprocessed");
    }
    return copies;
  }

  @Test
  void theLargestClassOfEveryFormOfCopyIsInsertedUpsertedAndReadWithItsCopiesOnBothPaths() {
    assertThat(PROCESSED.errors).isEmpty();
    assertThat(UNPROCESSED.errors).isEmpty();
    List<Javac.Result> paths = List.of(PROCESSED, UNPROCESSED);
    for (Fullest fullest : CLASSES) {
      for (Javac.Result compiled : paths) {
        write(compiled, fullest, false, 1);
      }
      List<TableRow> inserted = copies(fullest);
      int indexes = fullest.name().equals("Parts") ? 3 : 1;
      assertThat(inserted).as(fullest.name()).hasSize(indexes * paths.size())
          .allSatisfy(copy -> assertThat(copy.properties()).as(copy.describeKeys())
              .hasSize(StoreLimits.MAX_PROPERTIES));

      for (Javac.Result compiled : paths) {
        write(compiled, fullest, true, 2);
      }
      List<TableRow> upserted = copies(fullest);
      assertThat(upserted).as(fullest.name()).hasSize(indexes * paths.size())
          .allSatisfy(copy -> assertThat(copy.properties()).hasSize(StoreLimits.MAX_PROPERTIES))
          .noneMatch(copy -> inserted.stream().anyMatch(old -> old.partitionKey().equals(copy.partitionKey())
              && old.rowKey().equals(copy.rowKey())));

      for (Javac.Result compiled : paths) {
        List<?> read = mappers.get(compiled).partition(fullest.table(), "north").all(compiled.load(fullest.className()));
        assertThat(read).as(fullest.name()).hasSize(paths.size())
            .allSatisfy(entity -> assertThat(TwiceCompiled.get(entity, "p0")).isEqualTo(2));
      }
      TableRepository<Object> finder = repository(PROCESSED, fullest, "Finder");
      List<?> found = fullest.finder().startsWith("findByRegion") ? find(finder, fullest.finder(), "north", 2)
          : find(finder, fullest.finder(), 2);
      assertThat(found).as(fullest.name() + " through its index").hasSize(paths.size())
          .allSatisfy(entity -> assertThat(TwiceCompiled.get(entity, "p1")).isEqualTo(2));
    }
  }

  /** Calls a finder of a processed repository, whose interface the test only knows by name. */
  private static List<?> find(Object repository, String method, Object... arguments) {
    try {
      Class<?>[] types = new Class<?>[arguments.length];
      for (int i = 0; i < arguments.length; i++) {
        types[i] = arguments[i] instanceof Integer ? int.class : arguments[i].getClass();
      }
      for (Class<?> type : repository.getClass().getInterfaces()) {
        try {
          return (List<?>) type.getMethod(method, types).invoke(repository, arguments);
        } catch (NoSuchMethodException notThisOne) {
          // the next interface
        }
      }
      throw new AssertionError(repository + " has no " + method);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
