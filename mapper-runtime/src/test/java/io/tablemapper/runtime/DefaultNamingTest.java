package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.annotations.NamingStrategy;
import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableRepository;
import io.tablemapper.internal.mapping.EntityMapping;
import io.tablemapper.spi.TableBackend;
import io.tablemapper.spi.TableRow;
import io.tablemapper.spi.WriteOperation;
import io.tablemapper.tck.support.RawRows;
import io.tablemapper.tck.support.Stores;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The builder's default naming ({@code TableMapper.builder().naming(...)}) on every store: classes compiled without
 * the processor store the default's names — in rows, index copies and a hierarchy's subtypes — unless
 * {@code @Naming} governs them, and read rows another application (or another mapper with the same default) wrote
 * under those names; the same class keeps its own names in a mapper with another default. A generated mapping,
 * whose names are fixed, is used when they followed the same default (the processor option) or {@code @Naming},
 * and refused, before anything is written, when they followed another.
 */
@ParameterizedClass
@EnumSource(Stores.class)
class DefaultNamingTest {
  private static final String PACKAGE = "io.tablemapper.runtime.naming.";
  static final String INVOICE = PACKAGE + "Invoice";
  private static final String INVOICE_REPOSITORY = PACKAGE + "InvoiceRepository";
  private static final String LABEL = PACKAGE + "Label";
  private static final String PET = PACKAGE + "Pet";
  private static final String DOG = PACKAGE + "Dog";
  private static final String CLASH = PACKAGE + "Clash";

  private static final Map<String, String> SOURCES = Map.of(
      INVOICE, """
          package io.tablemapper.runtime.naming;

          import io.tablemapper.annotations.*;

          @Entity(table = "Invoices")
          @PartitionKey("{customer}")
          @RowKey("inv_{number:06}")
          @Index(name = "status", rowKey = "status_{status}_{number:06}", properties = {"totalAmount"})
          public record Invoice(String customer, int number, String status, double totalAmount) {}
          """,
      INVOICE_REPOSITORY, """
          package io.tablemapper.runtime.naming;

          import io.tablemapper.annotations.Repository;
          import io.tablemapper.api.TableRepository;

          @Repository
          public interface InvoiceRepository extends TableRepository<Invoice> {}
          """,
      LABEL, """
          package io.tablemapper.runtime.naming;

          import io.tablemapper.annotations.*;

          @Entity(table = "Labels")
          @Naming(NamingStrategy.AS_DECLARED)
          @PartitionKey("{shelf}")
          @RowKey("label_{code}")
          public record Label(String shelf, String code, String labelText) {}
          """,
      PET, """
          package io.tablemapper.runtime.naming;

          import io.tablemapper.annotations.*;

          @Entity(table = "Pets")
          @PartitionKey("{owner}")
          @RowKey("pet_{petId}")
          public abstract class Pet {
            String owner;
            String petId;
            String petName;
          }
          """,
      DOG, """
          package io.tablemapper.runtime.naming;

          import io.tablemapper.annotations.*;

          @Entity(type = "Dog")
          public class Dog extends Pet {
            String favoriteToy;
          }
          """,
      CLASH, """
          package io.tablemapper.runtime.naming;

          import io.tablemapper.annotations.*;

          @Entity(table = "Clashes")
          @PartitionKey("{p}")
          @RowKey("c_{r}")
          public record Clash(String p, String r, String url, String Url) {}
          """);

  /** Without the processor: mapped at run time, under each mapper's default. */
  static final Javac.Result UNPROCESSED = Javac.compile(SOURCES, false);
  /** With the processor and no option: generated names as declared. */
  private static final Javac.Result DECLARED = Javac.compile(without(CLASH), true);
  /** With the processor and {@code -Atablemapper.naming=PASCAL_CASE}: generated PascalCase names. */
  private static final Javac.Result PASCAL =
      Javac.compile(without(CLASH), true, null, List.of("-Atablemapper.naming=PASCAL_CASE"));

  private final TableBackend backend;
  private final List<TableMapper> mappers = new ArrayList<>();

  DefaultNamingTest(Stores stores) {
    this.backend = stores.newStore();
  }

  @AfterEach
  void close() {
    mappers.forEach(TableMapper::close);
  }

  private static Map<String, String> without(String name) {
    Map<String, String> sources = new HashMap<>(SOURCES);
    sources.remove(name);
    return sources;
  }

  private TableMapper mapper(NamingStrategy naming, Class<?>... entities) {
    TableMapper.Builder builder = TableMapper.builder().backend(backend).entities(entities);
    TableMapper mapper = (naming == null ? builder : builder.naming(naming)).build();
    mappers.add(mapper);
    return mapper;
  }

  static Object invoice(Javac.Result compiled, String customer, int number, String status, double total) {
    return TwiceCompiled.record(compiled.load(INVOICE),
        Map.of("customer", customer, "number", number, "status", status, "totalAmount", total));
  }

  @SuppressWarnings("unchecked")
  private static TableRepository<Object> invoices(TableMapper mapper, Javac.Result compiled) {
    return (TableRepository<Object>) mapper.repository(compiled.load(INVOICE_REPOSITORY));
  }

  @Test
  void aClassMappedAtRunTimeStoresItsRowAndIndexCopyUnderTheDefaultsNames() {
    invoices(mapper(NamingStrategy.PASCAL_CASE), UNPROCESSED).insert(invoice(UNPROCESSED, "acme", 7, "open", 12.5));

    assertThat(RawRows.get(backend, "Invoices", "acme", "inv_000007").properties()).containsOnlyKeys(
        EntityMapping.TYPE_PROPERTY, "Customer", "Number", "Status", "TotalAmount");
    assertThat(RawRows.get(backend, "Invoices", "acme", "status_open_000007").properties())
        .containsEntry("TotalAmount", 12.5).doesNotContainKeys("totalAmount", "status");
  }

  @Test
  void aRowAnotherApplicationWroteUnderTheDefaultsNamesReadsIntoTheClass() {
    backend.createTableIfNotExists("Invoices");
    backend.write("Invoices", WriteOperation.insert(TableRow.builder("acme", "inv_000008")
        .putString(EntityMapping.TYPE_PROPERTY, "Invoice")
        .putString("Status", "paid").putDouble("TotalAmount", 3.25)
        .build()));

    List<Object> read = new ArrayList<>(
        mapper(NamingStrategy.PASCAL_CASE).partition("Invoices", "acme").all(UNPROCESSED.load(INVOICE)));

    assertThat(read).containsExactly(invoice(UNPROCESSED, "acme", 8, "paid", 3.25));
  }

  @Test
  void rowsOfTheSameClassAreReadByAnotherMapperWithTheSameDefaultAndAGeneratedMappingCompiledWithIt() {
    invoices(mapper(NamingStrategy.PASCAL_CASE), UNPROCESSED).insert(invoice(UNPROCESSED, "acme", 9, "open", 1.0));
    invoices(mapper(NamingStrategy.PASCAL_CASE), PASCAL).insert(invoice(PASCAL, "acme", 10, "open", 2.0));

    Object readAtRunTime = mapper(NamingStrategy.PASCAL_CASE).partition("Invoices", "acme")
        .all(UNPROCESSED.load(INVOICE)).get(1);
    Object readGenerated = mapper(NamingStrategy.PASCAL_CASE).partition("Invoices", "acme")
        .all(PASCAL.load(INVOICE)).get(0);

    assertThat(readAtRunTime).isEqualTo(invoice(UNPROCESSED, "acme", 10, "open", 2.0));
    assertThat(readGenerated).isEqualTo(invoice(PASCAL, "acme", 9, "open", 1.0));
    assertThat(TwiceCompiled.bytes(List.of(RawRows.get(backend, "Invoices", "acme", "inv_000009"))))
        .as("the same row shape both ways")
        .isEqualTo(TwiceCompiled.bytes(List.of(TableRow.builder("acme", "inv_000009")
            .putString(EntityMapping.TYPE_PROPERTY, "Invoice").putString("Customer", "acme").putInt32("Number", 9)
            .putString("Status", "open").putDouble("TotalAmount", 1.0).build())));
  }

  @Test
  void theSameClassKeepsItsOwnNamesInMappersWithDifferentDefaults() {
    invoices(mapper(NamingStrategy.PASCAL_CASE), UNPROCESSED).insert(invoice(UNPROCESSED, "acme", 1, "open", 1.0));
    invoices(mapper(null), UNPROCESSED).insert(invoice(UNPROCESSED, "acme", 2, "open", 2.0));
    invoices(mapper(NamingStrategy.AS_DECLARED), UNPROCESSED).insert(invoice(UNPROCESSED, "acme", 3, "open", 3.0));

    assertThat(RawRows.get(backend, "Invoices", "acme", "inv_000001").properties()).containsKey("TotalAmount");
    assertThat(RawRows.get(backend, "Invoices", "acme", "inv_000002").properties()).containsKey("totalAmount")
        .doesNotContainKey("TotalAmount");
    assertThat(RawRows.get(backend, "Invoices", "acme", "inv_000003").properties()).containsKey("totalAmount")
        .doesNotContainKey("TotalAmount");
  }

  @Test
  void aClassWithItsOwnNamingKeepsItUnderAnyDefaultCompiledEitherWay() {
    Object label = TwiceCompiled.record(UNPROCESSED.load(LABEL),
        Map.of("shelf", "s1", "code", "a", "labelText", "fragile"));
    Object generated = TwiceCompiled.record(DECLARED.load(LABEL),
        Map.of("shelf", "s1", "code", "b", "labelText", "heavy"));

    mapper(NamingStrategy.PASCAL_CASE).batch("Labels", "s1").insert(label).commit();
    mapper(NamingStrategy.PASCAL_CASE).batch("Labels", "s1").insert(generated).commit();

    assertThat(RawRows.partition(backend, "Labels", "s1")).hasSize(2).allSatisfy(row ->
        assertThat(row.properties()).containsKeys("shelf", "code", "labelText").doesNotContainKey("LabelText"));
  }

  @Test
  void aSubtypeMappedAtRunTimeFollowsTheDefaultAsItsRootDoesAndReadsBackThroughTheRoot() {
    Class<?> dogClass = UNPROCESSED.load(DOG);
    Object dog = TwiceCompiled.bean(dogClass,
        Map.of("owner", "ann", "petId", "p1", "petName", "Rex", "favoriteToy", "ball"));
    TableMapper mapper = mapper(NamingStrategy.PASCAL_CASE, dogClass);

    mapper.batch("Pets", "ann").insert(dog).commit();

    assertThat(RawRows.get(backend, "Pets", "ann", "pet_p1").properties()).containsOnlyKeys(
        EntityMapping.TYPE_PROPERTY, "Owner", "PetId", "PetName", "FavoriteToy");
    List<Object> pets = new ArrayList<>(mapper(NamingStrategy.PASCAL_CASE, dogClass).partition("Pets", "ann")
        .all(UNPROCESSED.load(PET)));
    assertThat(pets).singleElement().satisfies(read -> {
      assertThat(read).isInstanceOf(dogClass);
      assertThat(TwiceCompiled.get(read, "petName")).isEqualTo("Rex");
      assertThat(TwiceCompiled.get(read, "favoriteToy")).isEqualTo("ball");
    });
    assertThat(mapper.partition("Pets", "ann").all()).singleElement().isInstanceOf(dogClass);
  }

  @Test
  void aGeneratedMappingWhoseNamesFollowedAnotherDefaultIsRefusedAtBuildNamingTheClassBothStrategiesAndTheFix() {
    Class<?> invoice = DECLARED.load(INVOICE);

    assertThatThrownBy(() -> mapper(NamingStrategy.PASCAL_CASE, invoice))
        .isInstanceOf(TableMapperException.class)
        .hasMessageContaining(INVOICE).hasMessageContaining("naming PASCAL_CASE")
        .hasMessageContaining("property names AS_DECLARED")
        .hasMessageContaining("@Naming(NamingStrategy.PASCAL_CASE)")
        .hasMessageContaining("-Atablemapper.naming=PASCAL_CASE")
        .hasMessageContaining("naming(NamingStrategy.AS_DECLARED)");
    assertThatThrownBy(() -> mapper(NamingStrategy.AS_DECLARED, PASCAL.load(INVOICE)))
        .isInstanceOf(TableMapperException.class)
        .hasMessageContaining("naming AS_DECLARED").hasMessageContaining("property names PASCAL_CASE");
  }

  @Test
  void aRefusedGeneratedMappingWritesNothingThroughARepositoryOrABatch() {
    TableMapper mapper = mapper(NamingStrategy.PASCAL_CASE);

    assertThatThrownBy(() -> mapper.repository(DECLARED.load(INVOICE_REPOSITORY)))
        .isInstanceOf(TableMapperException.class).hasMessageContaining(INVOICE);
    assertThatThrownBy(() -> mapper.batch("Invoices", "acme").insert(invoice(DECLARED, "acme", 1, "open", 1.0))
        .commit())
        .isInstanceOf(TableMapperException.class).hasMessageContaining("property names AS_DECLARED");
    assertThat(RawRows.all(backend, "Invoices")).isEmpty();
  }

  @Test
  void aGeneratedMappingIsUsedAsCompiledWithoutADefaultOrUnderTheSameOne() {
    invoices(mapper(null), PASCAL).insert(invoice(PASCAL, "acme", 1, "open", 1.0));
    invoices(mapper(NamingStrategy.AS_DECLARED), DECLARED).insert(invoice(DECLARED, "acme", 2, "open", 2.0));

    assertThat(RawRows.get(backend, "Invoices", "acme", "inv_000001").properties()).containsKey("TotalAmount");
    assertThat(RawRows.get(backend, "Invoices", "acme", "inv_000002").properties()).containsKey("totalAmount");
  }

  @Test
  void propertiesWhoseNamesCollideUnderTheDefaultAreRefusedAsWithNaming() {
    Class<?> clash = UNPROCESSED.load(CLASH);
    Object row = TwiceCompiled.record(clash, Map.of("p", "p", "r", "r", "url", "a", "Url", "b"));

    assertThatThrownBy(() -> mapper(NamingStrategy.PASCAL_CASE).batch("Clashes", "p").insert(row).commit())
        .isInstanceOf(InvalidEntityException.class)
        .hasMessageContaining("[PropertyNameDuplicate]").hasMessageContaining("Url");
    assertThat(RawRows.all(backend, "Clashes")).isEmpty();
    mapper(null).batch("Clashes", "p").insert(row).commit();
    assertThat(RawRows.get(backend, "Clashes", "p", "c_r").properties()).containsKeys("url", "Url");
  }
}
