package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableRepository;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.internal.mapping.GeneratedNames;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An entity hierarchy — the abstract {@code Animal} with {@code Dog}, {@code Cat} and {@code Kitten extends Cat} —
 * compiled with the annotation processor and without it, and used through both paths: the rows each writes are the
 * same byte for byte, each reads what the other wrote as the right subtypes, writes through the root keep each
 * object's subtype, and hierarchies whose classes were compiled apart (a library with the processor, an application
 * without it, and the other way round) work as one.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class UnprocessedHierarchyTest {
  private static final String ZOO = "io.tablemapper.runtime.twice.zoo.";
  private static final String FLEET = "io.tablemapper.runtime.twice.fleet.";
  private static final List<String> CLASSES = List.of("Animal", "Dog", "Cat", "Kitten", "Stray", "AnimalRepository",
      "CatRepository");
  private static final Javac.Result PROCESSED = Javac.compile(sources(CLASSES), true);
  private static final Javac.Result UNPROCESSED = Javac.compile(sources(CLASSES), false);
  private static final List<String> VEHICLES = List.of("Vehicle", "Car", "Truck", "VehicleRepository");
  private static final Javac.Result FLEET_PROCESSED = Javac.compile(fleet(VEHICLES), true);
  private static final Javac.Result FLEET_UNPROCESSED = Javac.compile(fleet(VEHICLES), false);

  private final Stores stores;
  private final List<TableMapper> mappers = new ArrayList<>();

  UnprocessedHierarchyTest(Stores stores) {
    this.stores = stores;
  }

  /** The test sources of classes of the zoo. */
  private static Map<String, String> sources(List<String> names) {
    return sources(ZOO, names);
  }

  /** The test sources of classes of the fleet. */
  private static Map<String, String> fleet(List<String> names) {
    return sources(FLEET, names);
  }

  private static Map<String, String> sources(String packagePrefix, List<String> names) {
    Map<String, String> sources = new LinkedHashMap<>();
    for (String name : names) {
      sources.put(packagePrefix + name, Javac.resource(packagePrefix + name));
    }
    return sources;
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  /** A mapper that knows every subtype of the compilation, as an application compiled without the processor lists. */
  private TableMapper mapper(TableBackend backend, Javac.Result path) {
    TableMapper mapper = TableMapper.builder().backend(backend)
        .entities(path.load(ZOO + "Dog"), path.load(ZOO + "Cat"), path.load(ZOO + "Kitten"))
        .build();
    mappers.add(mapper);
    return mapper;
  }

  @SuppressWarnings("unchecked")
  private static TableRepository<Object> repository(TableMapper mapper, Javac.Result path, String name) {
    return mapper.repository((Class<TableRepository<Object>>) path.load(ZOO + name));
  }

  private static Object animal(Javac.Result path, String type, int id, Map<String, Object> own) {
    Map<String, Object> values = new LinkedHashMap<>(own);
    values.put("enclosure", "north");
    values.put("id", id);
    values.put("name", type + " " + id);
    return TwiceCompiled.bean(path.load(ZOO + type), values);
  }

  /** A dog, a cat and a kitten, written through the root's repository. */
  private static void fill(TableMapper mapper, Javac.Result path) {
    TableRepository<Object> animals = repository(mapper, path, "AnimalRepository");
    animals.insert(animal(path, "Dog", 1, Map.of("breed", "collie", "friendly", false)));
    animals.insert(animal(path, "Cat", 2, Map.of("lives", 9)));
    animals.insert(animal(path, "Kitten", 3, Map.of("lives", 9, "ageWeeks", 6)));
  }

  @Test
  void onlyTheProcessedCompilationHasGeneratedMappingsAndSubtypeLists() {
    assertThat(PROCESSED.has(GeneratedNames.mapping(ZOO + "Animal"))).isTrue();
    assertThat(UNPROCESSED.has(GeneratedNames.mapping(ZOO + "Animal"))).isFalse();
    assertThat(UNPROCESSED.has(GeneratedNames.mapping(ZOO + "Kitten"))).isFalse();
    assertThat(UNPROCESSED.loader.getResource(GeneratedNames.subtypesResource(ZOO + "Animal"))).isNull();
  }

  @Test
  void theHierarchyWritesTheSameBytesThroughBothPaths() {
    List<byte[]> written = new ArrayList<>();
    for (Javac.Result path : List.of(PROCESSED, UNPROCESSED)) {
      TableBackend backend = stores.newStore();
      fill(mapper(backend, path), path);
      List<TableRow> rows = RawRows.all(backend, "Zoo");
      assertThat(rows).extracting(row -> row.getString(EntityMapping.TYPE_PROPERTY))
          .containsExactly("Dog", "Cat", "Kitten");
      // Animal's properties keep its PascalCase names in every subtype; the subtypes' own are as declared.
      assertThat(rows.get(2).properties().keySet()).containsExactlyInAnyOrder(
          EntityMapping.TYPE_PROPERTY, "Enclosure", "Id", "Name", "lives", "ageWeeks");
      assertThat(rows.get(0).get(EntityMapping.VERSION_PROPERTY)).isEqualTo(2);
      written.add(TwiceCompiled.bytes(rows));
    }
    assertThat(written.get(1)).isEqualTo(written.get(0));
  }

  @Test
  void eachPathReadsWhatTheOtherWroteAsItsSubtypes() {
    for (Javac.Result[] paths : new Javac.Result[][] {{PROCESSED, UNPROCESSED}, {UNPROCESSED, PROCESSED}}) {
      TableBackend backend = stores.newStore();
      fill(mapper(backend, paths[0]), paths[0]);
      Javac.Result reader = paths[1];
      TableMapper mapper = mapper(backend, reader);

      List<?> animals = mapper.partition("Zoo", "north").all(reader.load(ZOO + "Animal"));
      assertThat(animals).extracting(animal -> animal.getClass().getName())
          .containsExactly(ZOO + "Dog", ZOO + "Cat", ZOO + "Kitten");
      assertThat(TwiceCompiled.get(animals.get(0), "breed")).isEqualTo("collie");
      assertThat(TwiceCompiled.get(animals.get(0), "friendly")).isEqualTo(false);
      assertThat(TwiceCompiled.get(animals.get(2), "ageWeeks")).isEqualTo(6);
      assertThat(TwiceCompiled.get(animals.get(2), "name")).isEqualTo("Kitten 3");
      assertThat(TwiceCompiled.get(animals.get(1), "etag")).isNotNull();
      assertThat(mapper.partition("Zoo", "north").all(reader.load(ZOO + "Cat")))
          .extracting(cat -> TwiceCompiled.get(cat, "id"))
          .containsExactly(2, 3);
      assertThat(mapper.partition("Zoo", "north").all()).hasSize(3);
    }
  }

  @Test
  void writesThroughTheRootAndAnIntermediateClassKeepEachObjectsSubtype() {
    TableBackend backend = stores.newStore();
    TableMapper mapper = mapper(backend, UNPROCESSED);
    fill(mapper, UNPROCESSED);
    TableRepository<Object> animals = repository(mapper, UNPROCESSED, "AnimalRepository");
    TableRepository<Object> cats = repository(mapper, UNPROCESSED, "CatRepository");
    List<?> read = mapper.partition("Zoo", "north").all(UNPROCESSED.load(ZOO + "Animal"));
    Object kitten = read.get(2);
    String etag = (String) TwiceCompiled.get(kitten, "etag");

    TwiceCompiled.set(kitten, "ageWeeks", 7);
    animals.update(kitten);
    Object cat = read.get(1);
    TwiceCompiled.set(cat, "lives", 8);
    cats.update(cat);
    animals.delete(read.get(0));

    assertThat(TwiceCompiled.get(kitten, "etag")).isNotEqualTo(etag);
    assertThat(RawRows.all(backend, "Zoo"))
        .extracting(row -> row.getString(EntityMapping.TYPE_PROPERTY) + " " + row.get("lives") + " "
            + row.get("ageWeeks"))
        .containsExactly("Cat 8 null", "Kitten 9 7");
    TwiceCompiled.set(kitten, "etag", etag);
    assertThatThrownBy(() -> animals.update(kitten))
        .isInstanceOf(io.tablemapper.api.ConcurrencyConflictException.class);
  }

  @Test
  void aSubtypeRowOfAnOlderVersionTakesItsDefaultThroughTheRootOnBothPaths() {
    for (Javac.Result path : List.of(PROCESSED, UNPROCESSED)) {
      TableBackend backend = stores.newStore();
      backend.createTableIfNotExists("Zoo");
      backend.write("Zoo", WriteOperation.insert(TableRow.builder("north", "animal_000004")
          .putString(EntityMapping.TYPE_PROPERTY, "Dog")
          .putString("Name", "Rex")
          .putString("breed", "boxer")
          .build()));

      Object rex = mapper(backend, path).partition("Zoo", "north").all(path.load(ZOO + "Animal")).get(0);

      assertThat(rex.getClass().getName()).isEqualTo(ZOO + "Dog");
      assertThat(TwiceCompiled.get(rex, "friendly")).isEqualTo(true);
      assertThat(TwiceCompiled.get(rex, "id")).isEqualTo(4);
      assertThat(TwiceCompiled.get(rex, "enclosure")).isEqualTo("north");
    }
  }

  @Test
  void aSubclassOfTheAbstractRootThatIsNoEntityIsRefusedOnBothPaths() {
    for (Javac.Result path : List.of(PROCESSED, UNPROCESSED)) {
      TableMapper mapper = mapper(stores.newStore(), path);
      Object stray = animal(path, "Stray", 5, Map.of());

      assertThatThrownBy(() -> repository(mapper, path, "AnimalRepository").insert(stray))
          .isInstanceOf(InvalidEntityException.class)
          .hasMessage(ZOO + "Stray extends the abstract @Entity Animal but is no @Entity itself, so its rows would"
              + " have no type of their own; annotate Stray with @Entity(type = \"...\")");
    }
  }

  @Test
  void subtypesCompiledWithoutTheProcessorJoinARootCompiledWithIt() {
    Javac.Result library = Javac.compile(sources(List.of("Animal", "AnimalRepository")), true);
    Javac.Result application = Javac.compile(sources(List.of("Dog", "Cat", "Kitten")), false, library);
    TableBackend backend = stores.newStore();

    fill(mapper(backend, application), application);

    assertThat(application.has(GeneratedNames.mapping(ZOO + "Animal"))).isTrue();
    assertThat(application.has(GeneratedNames.mapping(ZOO + "Dog"))).isFalse();
    assertThat(mapper(backend, application).partition("Zoo", "north").all(application.load(ZOO + "Animal")))
        .extracting(animal -> animal.getClass().getSimpleName())
        .containsExactly("Dog", "Cat", "Kitten");
  }

  @Test
  void subtypesCompiledWithTheProcessorAreFoundByARootCompiledWithoutIt() {
    Javac.Result library = Javac.compile(sources(List.of("Animal", "AnimalRepository")), false);
    Javac.Result application = Javac.compile(sources(List.of("Dog", "Cat", "Kitten")), true, library);
    TableBackend backend = stores.newStore();
    TableMapper mapper = TableMapper.builder().backend(backend).build(); // no subtype named: the list finds them
    mappers.add(mapper);

    fill(mapper, application);

    assertThat(application.has(GeneratedNames.mapping(ZOO + "Animal"))).isFalse();
    assertThat(application.has(GeneratedNames.mapping(ZOO + "Kitten"))).isTrue();
    assertThat(mapper.partition("Zoo", "north").all(application.load(ZOO + "Animal")))
        .extracting(animal -> animal.getClass().getSimpleName())
        .containsExactly("Dog", "Cat", "Kitten");
  }

  @Test
  void aSubtypeCompiledWithoutTheProcessorOfAConcreteEntityWithoutListedSubtypesIsRefused() {
    Javac.Result library = Javac.compile(sources(List.of("Animal", "Cat", "CatRepository")), true);
    Javac.Result application = Javac.compile(sources(List.of("Kitten")), false, library);
    TableBackend backend = stores.newStore();
    TableMapper mapper = TableMapper.builder().backend(backend).build();
    mappers.add(mapper);
    Object kitten = animal(application, "Kitten", 3, Map.of("lives", 9, "ageWeeks", 6));

    // Through a repository of Cat, whose generated mapping would write the kitten as a Cat, and through a batch.
    assertThatThrownBy(() -> repository(mapper, application, "CatRepository").insert(kitten))
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageStartingWith("[RuntimeMappingUnsupported] @Entity Kitten was compiled without");
    assertThat(RawRows.all(backend, "Zoo")).isEmpty();
    assertThatThrownBy(() -> mapper.batch("Zoo", "north").insert(kitten).commit())
        .isInstanceOf(InvalidEntityException.class)
        .hasMessage("[RuntimeMappingUnsupported] @Entity Kitten was compiled without the annotation processor and"
            + " extends @Entity Cat, which was compiled with it, is concrete and lists no subtypes, so a repository"
            + " or read of Cat would take a Kitten for a Cat; compile Kitten with io.tablemapper:mapper-processor,"
            + " which lists it as a subtype of Cat");
  }

  // ------------------------------------------------------------------ subtypes with RowKeys of their own

  private static Object vehicle(Javac.Result path, String type, String plate, String field, Object value) {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("depot", "Leeds");
    values.put("plate", plate);
    values.put("seats", 3);
    values.put(field, value);
    return TwiceCompiled.bean(path.load(FLEET + type), values);
  }

  /** A car and a truck of one plate, each under its type's prefix. */
  private static void fillFleet(TableMapper mapper, Javac.Result path) {
    TableRepository<Object> vehicles = mapper.repository(repositoryType(path));
    vehicles.insert(vehicle(path, "Truck", "AB12", "payloadKg", 18_000L));
    vehicles.insert(vehicle(path, "Car", "AB12", "electric", true));
  }

  @SuppressWarnings("unchecked")
  private static Class<TableRepository<Object>> repositoryType(Javac.Result path) {
    return (Class<TableRepository<Object>>) path.load(FLEET + "VehicleRepository");
  }

  private TableMapper fleetMapper(TableBackend backend, Javac.Result path) {
    TableMapper mapper = TableMapper.builder().backend(backend)
        .entities(path.load(FLEET + "Car"), path.load(FLEET + "Truck")).build();
    mappers.add(mapper);
    return mapper;
  }

  @Test
  void subtypesWithRowKeysOfTheirOwnWriteTheSameBytesAndReadEachOthersRowsOnBothPaths() {
    List<byte[]> written = new ArrayList<>();
    for (Javac.Result[] paths : new Javac.Result[][] {
        {FLEET_PROCESSED, FLEET_UNPROCESSED}, {FLEET_UNPROCESSED, FLEET_PROCESSED}}) {
      TableBackend backend = stores.newStore();
      fillFleet(fleetMapper(backend, paths[0]), paths[0]);
      List<TableRow> rows = RawRows.all(backend, "Fleet");
      assertThat(rows).extracting(TableRow::rowKey).containsExactly("CAR_AB12", "TRUCK_AB12");
      written.add(TwiceCompiled.bytes(rows));

      List<?> read = fleetMapper(backend, paths[1]).partition("Fleet", "Leeds")
          .all(paths[1].load(FLEET + "Vehicle"));
      assertThat(read).extracting(v -> v.getClass().getName()).containsExactly(FLEET + "Car", FLEET + "Truck");
      assertThat(TwiceCompiled.get(read.get(1), "payloadKg")).isEqualTo(18_000L);
      assertThat(TwiceCompiled.get(read.get(0), "plate")).isEqualTo("AB12");
    }
    assertThat(written.get(1)).isEqualTo(written.get(0));
  }

  @Test
  void subtypesOfTwoJarsWhoseRowKeysCanBeEqualAreRefusedWhenTheirHierarchyMeetsThem() {
    String van = "package io.tablemapper.runtime.twice.fleet;\n"
        + "import io.tablemapper.annotations.*;\n"
        + "@Entity @RowKey(\"CAR_{plate}\") public class Van extends Vehicle {}\n";
    for (boolean processed : new boolean[] {true, false}) {
      Javac.Result library = Javac.compile(fleet(List.of("Vehicle", "Car", "VehicleRepository")), processed);
      Javac.Result application = Javac.compile(Map.of(FLEET + "Van", van), processed, library);
      assertThat(application.errors).isEmpty();
      TableMapper mapper = TableMapper.builder().backend(stores.newStore()).build();
      mappers.add(mapper);

      assertThatThrownBy(() -> {
        mapper.batch("Fleet", "Leeds").insert(vehicle(application, "Car", "AB12", "electric", true)).commit();
        mapper.batch("Fleet", "Leeds").insert(vehicle(application, "Van", "AB12", "seats", 2)).commit();
      })
          .isInstanceOf(InvalidEntityException.class)
          .hasMessageStartingWith("[KeySpaceOverlap] the RowKey 'CAR_{plate}' of " + FLEET)
          .hasMessageContaining("can produce the same keys as the RowKey 'CAR_{plate}' of " + FLEET)
          .hasMessageContaining("give each entity type of a table a literal RowKey prefix");
    }
  }
}
