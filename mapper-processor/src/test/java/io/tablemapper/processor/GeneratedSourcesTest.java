package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.tablemapper.internal.model.Rule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Exact generated sources for canonical entities and a repository (run with {@code -Dgolden.update=true} to
 * rewrite the files under src/test/resources/golden after a deliberate change), compiled under
 * {@code -Xlint:all -Werror}; and the processor's round behaviour.
 */
class GeneratedSourcesTest {
  static final String ACCOUNT =
      "@Entity(table = \"Accounts\", version = 2)\n"
          + "@PartitionKey(\"{region}\")\n"
          + "@RowKey(\"acct_{id}\")\n"
          + "@Index(name = \"owner\", rowKey = \"owner_{owner}_{id}\", properties = {\"owner\", \"balance\"})\n"
          + "@Cached(maximumSize = 500, expireAfterWriteSeconds = 60)\n"
          + "public class Account {\n"
          + "  public enum Status { OPEN, CLOSED }\n"
          + "  public String region;\n"
          + "  public UUID id;\n"
          + "  @Property(\"Owner\") private String owner;\n"
          + "  private BigDecimal balance;\n"
          + "  @DefaultValue(\"OPEN\") public Status status;\n"
          + "  public LocalDate opened;\n"
          + "  public byte[] photo;\n"
          + "  public char grade;\n"
          + "  public Long points;\n"
          + "  private boolean vip;\n"
          + "  public float ratio;\n"
          + "  public Short level;\n"
          + "  public OffsetDateTime lastLogin;\n"
          + "  public BigInteger serial;\n"
          + "  @Json public Map<String, List<Integer>> settings;\n"
          + "  @Transient public String cache;\n"
          + "  transient int scratch;\n"
          + "  @Timestamp public Instant updated;\n"
          + "  @ETag private String etag;\n"
          + "  @Upgrade static void upgrade(int fromVersion, Map<String, Object> properties) {\n"
          + "    properties.putIfAbsent(\"level\", 1);\n"
          + "  }\n"
          + "  public String getOwner() { return owner; }\n"
          + "  public void setOwner(String owner) { this.owner = owner; }\n"
          + "  public BigDecimal getBalance() { return balance; }\n"
          + "  public void setBalance(BigDecimal balance) { this.balance = balance; }\n"
          + "  public boolean isVip() { return vip; }\n"
          + "  public void setVip(boolean vip) { this.vip = vip; }\n"
          + "  public String getEtag() { return etag; }\n"
          + "  public void setEtag(String etag) { this.etag = etag; }\n"
          + "}\n";

  static final String REPOSITORY =
      "@Repository\n"
          + "public interface EmployeeRepository extends TableRepository<Employee> {\n"
          + "  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);\n"
          + "  Employee getByDepartmentAndEmail(String department, String email);\n"
          + "  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from, int to);\n"
          + "  Page<Employee> findByDepartment(String department, PageRequest page);\n"
          + "  @AllowScan Stream<Employee> streamByDepartmentAndLastNameStartsWith(String department, String prefix);\n"
          + "  long countByDepartment(String department);\n"
          + "  boolean existsByDepartmentAndEmail(String department, String email);\n"
          + "  void deleteByDepartmentAndEmployeeIdLessThan(String department, int before);\n"
          + "  @AllowScan List<Employee> findTop5ByDepartmentAndLastNameAndAgeBetween(String department, String lastName,\n"
          + "      Integer from, Integer to);\n"
          + "  @AllowScan List<Employee> findByLastName(String lastName);\n"
          + "  List<Employee> findFirstByDepartmentOrderByEmployeeId(String department);\n"
          + "  Employee mergeAgeAndEmailByDepartmentAndEmployeeId(int age, String email, String department,\n"
          + "      int employeeId, @ETag String etag);\n"
          + "  java.util.concurrent.CompletableFuture<Employee> mergeEmailByDepartmentAndEmployeeId(String email,\n"
          + "      String department, int employeeId, @ETag String etag);\n"
          + "  java.util.concurrent.CompletableFuture<Void> upsertMergeAgeByDepartmentAndEmployeeId(int age,\n"
          + "      String department, int employeeId);\n"
          + "}\n";

  /** Records of some of Employee's properties, which the repository below returns instead of Employee. */
  static final String PROJECTIONS =
      "public record EmployeeName(String firstName, String lastName) {}\n";

  static final String CARD = "public record EmployeeCard(int employeeId, String email, List<String> tags,"
      + " String etag) {}\n";

  static final String NAME_REPOSITORY =
      "@Repository\n"
          + "public interface EmployeeNameRepository extends TableRepository<Employee> {\n"
          + "  List<EmployeeName> findByDepartment(String department);\n"
          + "  Optional<EmployeeCard> findByDepartmentAndEmployeeId(String department, int employeeId);\n"
          + "  EmployeeName getByDepartmentAndEmail(String department, String email);\n"
          + "  Page<EmployeeName> findByDepartmentAndEmployeeIdGreaterThan(String department, int after,\n"
          + "      PageRequest page);\n"
          + "  Stream<EmployeeCard> streamByDepartment(String department);\n"
          + "}\n";

  /** The guide's inheritance example: an abstract root and a subtype. */
  static final String PERSON =
      "@Entity(table = \"Person\")\n"
          + "@PartitionKey(\"{city}\")\n"
          + "@RowKey(\"person_{personId:06}\")\n"
          + "public abstract class Person {\n"
          + "  public String city;\n"
          + "  public int personId;\n"
          + "  private String lastName;\n"
          + "  @ETag public String etag;\n"
          + "  public String getLastName() { return lastName; }\n"
          + "  public void setLastName(String lastName) { this.lastName = lastName; }\n"
          + "}\n";

  static final String CUSTOMER =
      "@Entity(type = \"Customer\")\n"
          + "public class Customer extends Person {\n"
          + "  public String accountNumber;\n"
          + "}\n";

  /**
   * An immutable class: final fields, getters, and a constructor whose parameters are its properties in another
   * order than the fields, the {@code @Transient} one left out.
   */
  static final String PARCEL =
      "@Entity(table = \"Parcels\")\n"
          + "@PartitionKey(\"{depot}\")\n"
          + "@RowKey(\"parcel_{number:08}\")\n"
          + "public final class Parcel {\n"
          + "  private final String depot;\n"
          + "  private final int number;\n"
          + "  private final String recipient;\n"
          + "  @DefaultValue(\"1\") private final int pieces;\n"
          + "  @ETag private final String etag;\n"
          + "  @Transient private final String label;\n"
          + "  public Parcel(int number, String depot, String recipient, int pieces, String etag) {\n"
          + "    this.depot = depot;\n"
          + "    this.number = number;\n"
          + "    this.recipient = recipient;\n"
          + "    this.pieces = pieces;\n"
          + "    this.etag = etag;\n"
          + "    this.label = depot + \"/\" + number;\n"
          + "  }\n"
          + "  public String getDepot() { return depot; }\n"
          + "  public int getNumber() { return number; }\n"
          + "  public String getRecipient() { return recipient; }\n"
          + "  public int getPieces() { return pieces; }\n"
          + "  public String getEtag() { return etag; }\n"
          + "  public String getLabel() { return label; }\n"
          + "}\n";

  private static Compilation compileCanonical() {
    return Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-Xlint:all", "-Werror")
        .compile(Sources.employee(), source("Account", ACCOUNT), source("EmployeeRepository", REPOSITORY),
            source("Person", PERSON), source("Customer", CUSTOMER), source("EmployeeName", PROJECTIONS),
            source("EmployeeCard", CARD), source("EmployeeNameRepository", NAME_REPOSITORY),
            source("Parcel", PARCEL));
  }

  @ParameterizedTest(name = "{0} is generated exactly as in the golden file")
  @ValueSource(strings = {"Employee_", "Employee__Mapping", "Account_", "Account__Mapping",
      "EmployeeRepository__Impl", "Person__Mapping", "Customer__Mapping", "EmployeeNameRepository__Impl",
      "Parcel__Mapping"})
  void generatedSourceMatchesTheGoldenFile(String name) throws IOException {
    Compilation compilation = compileCanonical();
    assertThat(compilation).succeededWithoutWarnings();
    String actual = contents(compilation, "test." + name);
    Path golden = Path.of("src/test/resources/golden", name + ".java");
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @Test
  void thePlanReportListsEveryMethodWithItsBoundsAsInTheGoldenFile() throws IOException {
    Compilation compilation = compileCanonical();
    String actual = compilation
        .generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/tablemapper/plans/test.EmployeeRepository.txt")
        .orElseThrow(() -> new AssertionError("no plan report"))
        .getCharContent(true).toString();
    Path golden = Path.of("src/test/resources/golden/EmployeeRepository.plans.txt");
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @Test
  void thePlanReportSaysWhichReadsAreEventuallyConsistentAsInTheGoldenFile() throws IOException {
    Compilation compilation = Sources.compile(Sources.source("Member", PlannerTest.MEMBER),
        Sources.source("MemberRepository", PlannerTest.MEMBER_REPOSITORY));
    assertThat(compilation).succeededWithoutWarnings();
    String actual = compilation
        .generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/tablemapper/plans/test.MemberRepository.txt")
        .orElseThrow(() -> new AssertionError("no plan report"))
        .getCharContent(true).toString();
    Path golden = Path.of("src/test/resources/golden/MemberRepository.plans.txt");
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @Test
  void thePlanReportNamesWhatAProjectionSelects() throws IOException {
    String report = compileCanonical()
        .generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/tablemapper/plans/test.EmployeeNameRepository.txt")
        .orElseThrow(() -> new AssertionError("no plan report"))
        .getCharContent(true).toString();

    assertThat(report).contains("findByDepartment(String department): List<EmployeeName>\n  kind          RANGE\n"
        + "  reads         Employee rows\n"
        + "  select        firstName, lastName (projection EmployeeName; no other property is read)\n");
    assertThat(report).contains("  select        employeeId, email, tags, etag (projection EmployeeCard;");
  }

  @Test
  void thePlanReportSaysAnInIsOneReadPerElementMergedInKeyOrder() throws IOException {
    Compilation compilation = Sources.compile(Sources.employee(), Sources.source("InRepository",
        "@Repository public interface InRepository extends TableRepository<Employee> {\n"
            + "  List<Employee> findByDepartmentIn(Collection<String> departments);\n"
            + "  List<Employee> findByDepartmentAndEmployeeIdIn(String department, Set<Integer> ids);\n"
            + "}"));
    assertThat(compilation).succeededWithoutWarnings();
    String report = compilation
        .generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/tablemapper/plans/test.InRepository.txt")
        .orElseThrow(() -> new AssertionError("no plan report"))
        .getCharContent(true).toString();

    assertThat(report).contains("findByDepartmentIn(Collection<String> departments): List<Employee>\n"
        + "  kind          RANGE\n"
        + "  reads         Employee rows\n"
        + "  reads each    one RANGE read per distinct element of {departments} (In), run in parallel up to the"
        + " mapper's readParallelism and merged in key order\n");
    assertThat(report).contains("  order         by PartitionKey, then RowKey (the reads of the In merge in key"
        + " order)\n");
    assertThat(report).contains("  kind          POINT\n  reads         Employee rows\n"
        + "  reads each    one POINT read per distinct element of {ids}");
    assertThat(report)
        .contains("  RowKey        = empid_{ids:08}\n  filter        none\n  order         by employeeId\n");
  }

  @Test
  void aKeyOfPaddedComponentsIsComposedStraightLineWithTheChecksOfItsParts() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-Xlint:all", "-Werror")
        .compile(source("Bin",
            "@Entity(table = \"Bins\") @PartitionKey(\"{aisle}\")\n"
                + "@RowKey(\"bin_{shelf:04:desc}_{slot:03}_{label}_{count}\")\n"
                + "public record Bin(String aisle, int shelf, Byte slot, String label, long count) {}"));
    assertThat(compilation).succeededWithoutWarnings();
    String metamodel = contents(compilation, "test.Bin_");

    assertThat(metamodel).contains("public static String rowKey(int shelf, Byte slot, String label, long count) {\n"
        + "    StringBuilder key = new StringBuilder(50);\n"
        + "    key.append(\"bin_\");\n"
        + "    KeyCodec.appendPadded(key, ROW_KEY_SHELF.padded(shelf), 4, true);\n"
        + "    key.append(\"_\");\n"
        + "    KeyCodec.appendDigits(key, ROW_KEY_SLOT.padded(ROW_KEY_SLOT.notNull(slot)), 3);\n"
        + "    key.append(\"_\");\n"
        + "    ROW_KEY_LABEL.append(key, label);\n"
        + "    key.append(\"_\");\n"
        + "    ROW_KEY_COUNT.append(key, count);\n"
        + "    return ROW_KEY_SPEC.finish(key);\n"
        + "  }");
    assertThat(metamodel).contains("public static String partitionKey(String aisle) {\n"
        + "    return PARTITION_KEY_AISLE.whole(aisle);\n  }");
  }

  @Test
  void aPointReadOfTheEntitysOwnRowReadsItsKeysStraightAwayAndAnyOtherPointReadBuildsItsQuery() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-Xlint:all", "-Werror")
        .compile(Sources.employee(), source("EmployeeName", PROJECTIONS), source("PointRepository",
            "import java.util.concurrent.CompletableFuture;\n"
                + "@Repository public interface PointRepository extends TableRepository<Employee> {\n"
                + "  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);\n"
                + "  Employee getByDepartmentAndEmployeeId(String department, int employeeId);\n"
                + "  CompletableFuture<Optional<Employee>> findByEmployeeIdAndDepartment(int employeeId,"
                + " String department);\n"
                + "  Optional<Employee> findByDepartmentAndEmployeeIdAndLastName(String department, int employeeId,"
                + " String lastName);\n"
                + "  Optional<EmployeeName> getByEmployeeIdAndDepartment(int employeeId, String department);\n"
                + "  Stream<Employee> streamByDepartmentAndEmployeeId(String department, int employeeId);\n"
                + "  Optional<Employee> findByDepartmentAndEmail(String department, String email);\n"
                + "}"));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = contents(compilation, "test.PointRepository__Impl");

    assertThat(generated).contains(
        "public Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId) {\n"
            + "    return this.support.findByKeys(\"PointRepository.findByDepartmentAndEmployeeId\",\n"
            + "        FIND_BY_DEPARTMENT_AND_EMPLOYEE_ID_PLAN, Employee_.partitionKey(department),\n"
            + "        Employee_.rowKey(employeeId));\n  }",
        "public Employee getByDepartmentAndEmployeeId(String department, int employeeId) {\n"
            + "    return this.support.getByKeys(\"PointRepository.getByDepartmentAndEmployeeId\",",
        // an async point read builds its query for the store's async path, which holds no thread while it reads
        "    return this.support.async(() -> {\n"
            + "      EntityQuery query = EntityQuery\n"
            + "          .builder(\"PointRepository.findByEmployeeIdAndDepartment\", QueryKind.POINT,",
        "    }, query -> this.support.findOneAsync(query));");
    // a filter, a projection, a List and an index each keep the query object
    assertThat(generated).containsOnlyOnce("findByKeys(\"PointRepository.findByDepartmentAndEmployeeId\"")
        .contains("return this.support.findOne(query, EMPLOYEE_NAME_PROJECTION);")
        .contains("return this.support.stream(query);");
    assertThat(generated.split("return this.support.findOne\\(query\\);", -1)).hasSize(3);
    assertThat(generated.split("EntityQuery query = EntityQuery", -1)).hasSize(6); // and the async one
  }

  @Test
  void compilingTwiceGeneratesIdenticalSources() {
    Compilation first = compileCanonical();
    Compilation second = compileCanonical();
    for (String name : new String[] {"Employee_", "Employee__Mapping", "Account__Mapping", "EmployeeRepository__Impl",
        "EmployeeNameRepository__Impl"}) {
      assertThat(contents(second, "test." + name)).isEqualTo(contents(first, "test." + name));
    }
  }

  @Test
  void theSameSourcesGivenInAnotherOrderGiveTheSameFilesAndTheSameDiagnostics() {
    JavaFileObject first = source("A", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"x{b}\")\n"
        + "public record A(String a, String b) {}");
    JavaFileObject second = source("B", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"xy_{b}\")\n"
        + "public record B(String a, String b) {}");
    Compilation forward = Sources.compile(first, second);
    Compilation backward = Sources.compile(second, first);
    assertThat(forward.errors()).hasSize(1);
    assertThat(backward.errors()).hasSize(1);
    assertThat(forward.errors().get(0).getSource().getName()).endsWith("B.java");
    assertThat(backward.errors().get(0).getSource().getName()).endsWith("B.java");
    assertThat(backward.errors().get(0).getMessage(null)).isEqualTo(forward.errors().get(0).getMessage(null));
  }

  @Test
  void generatedFilesNameTheirOriginatingElementInTheirJavadoc() {
    String mapping = contents(compileCanonical(), "test.Account__Mapping");
    assertThat(mapping).contains("Generated by tablemapper from {@link Account}; do not edit.");
    assertThat(mapping).contains("@Generated(\"io.tablemapper.processor.TableMapperProcessor\")");
  }

  @Test
  void namesThatCollideWithGeneratedVariablesAndRedeclaredWritesStillCompile() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-Xlint:all", "-Werror")
        .compile(
            source("Clash",
                "@Entity(table = \"Clashes\") @PartitionKey(\"{support}_{context}\") @RowKey(\"c_{key}_{row}\")\n"
                    + "@Index(name = \"query\", rowKey = \"q_{query}\")\n"
                    + "public record Clash(String support, String context, int key, long row, String query,\n"
                    + "    String entity, String prefix, String lower, String upper, @ETag String etag,\n"
                    + "    @Timestamp Instant timestamp) {}"),
            source("ClashRepository",
                "@Repository public interface ClashRepository extends TableRepository<Clash> {\n"
                    + "  /** Documented here on purpose. */\n"
                    + "  @Override Clash insert(Clash entity);\n"
                    + "  List<Clash> findBySupportAndContext(String support, String context);\n"
                    + "  List<Clash> findBySupportAndContextAndKeyBetween(String support, String context, int lower,"
                    + " int upper);\n"
                    + "  List<Clash> findBySupportAndContextAndQueryStartsWith(String support, String context,"
                    + " String prefix);\n"
                    + "  @AllowScan Optional<Clash> findFirstBySupportAndContextAndEntity(String support, String context,"
                    + " String entity);\n"
                    + "  long countBySupportAndContextAndKeyAndRow(String support, String context, int key, long row);\n"
                    + "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(contents(compilation, "test.ClashRepository__Impl")).contains("return this.support.insert(entity);");
  }

  @Test
  void anAsyncRepositoryBuildsEachQueryInALambdaAndStartsItOnTheAsyncPathAndCompilesWithoutWarnings() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-Xlint:all", "-Werror")
        .compile(
            source("Clash",
                "@Entity(table = \"Clashes\") @PartitionKey(\"{support}\") @RowKey(\"c_{key}\")\n"
                    + "public record Clash(String support, int key, String query, @ETag String etag) {}"),
            source("ClashRepository",
                "import java.util.concurrent.CompletableFuture;\n"
                    + "@Repository public interface ClashRepository extends AsyncTableRepository<Clash> {\n"
                    + "  CompletableFuture<Optional<Clash>> findBySupportAndKey(String support, int key);\n"
                    + "  CompletableFuture<List<Clash>> findBySupportIn(Collection<String> support);\n"
                    + "  CompletableFuture<Long> countBySupportAndKeyBetween(String support, int from, int to);\n"
                    + "  CompletableFuture<Boolean> existsBySupportAndKey(String support, int key);\n"
                    + "  CompletableFuture<Void> deleteBySupportAndKey(String support, int key);\n"
                    + "  CompletableFuture<Long> deleteBySupportAndKeyBetween(String support, int from, int to);\n"
                    + "  List<Clash> findBySupportAndKeyBetween(String support, int from, int to);\n"
                    + "}"));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = contents(compilation, "test.ClashRepository__Impl");
    assertThat(generated).contains(
        // the writes go on the store's async path
        "public CompletableFuture<Clash> insert(Clash entity) {\n"
            + "    return this.support.insertAsync(entity);",
        "public CompletableFuture<Void> delete(Clash entity) {\n"
            + "    return this.support.deleteAsync(entity);",
        "public CompletableFuture<Long> countBySupportAndKeyBetween(String support, int from, int to) {\n"
            + "    return this.support.async(() -> {\n",
        // a query method builds its query in the lambda, then starts it on the store's async path
        "      return query;\n    }, query -> this.support.countAsync(query));",
        "      return query;\n    }, query -> this.support.findOneAsync(query));",
        "      return query;\n    }, query -> this.support.existsAsync(query));",
        "      return query;\n    }, query -> this.support.listAsync(query));",
        // a delete by query reads and deletes on the store's async path too; a void one drops the count
        "      return query;\n    }, query -> this.support.deleteAsync(query).thenRun(() -> { }));",
        "      return query;\n    }, query -> this.support.deleteAsync(query));");
    assertThat(generated).doesNotContain("this.support.count(query)", "this.support.list(query);\n    });",
        "this.support.delete(query)");
    assertThat(generated).containsOnlyOnce("return this.support.list(query);\n  }");
  }

  @Test
  void anAsyncMergeMethodBuildsItsEntityInALambdaAndWritesOnTheAsyncPathAndABeanIsBuiltStatementByStatement() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-Xlint:all", "-Werror")
        .compile(
            source("Meter",
                "@Entity(table = \"Meters\") @PartitionKey(\"{site}\") @RowKey(\"m_{id}\")\n"
                    + "public class Meter {\n"
                    + "  public String site;\n"
                    + "  public int id;\n"
                    + "  private double reading;\n"
                    + "  public boolean deleted;\n"
                    + "  @ETag public String etag;\n"
                    + "  public double getReading() { return reading; }\n"
                    + "  public void setReading(double reading) { this.reading = reading; }\n"
                    + "}"),
            source("MeterRepository",
                "import java.util.concurrent.CompletableFuture;\n"
                    + "@Repository public interface MeterRepository extends AsyncTableRepository<Meter> {\n"
                    + "  CompletableFuture<Meter> mergeReadingBySiteAndId(double reading, String site, int id,"
                    + " @ETag String etag);\n"
                    + "  CompletableFuture<Void> upsertMergeDeletedBySiteAndId(boolean deleted, String site, int id);\n"
                    + "  @AllowScan CompletableFuture<Void> deleteBySiteAndDeleted(String site, boolean deleted);\n"
                    + "}"));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = contents(compilation, "test.MeterRepository__Impl");
    assertThat(generated).contains(
        "  public CompletableFuture<Meter> mergeReadingBySiteAndId(double reading, String site, int id,\n"
            + "      String etag) {\n"
            + "    return this.support.async(() -> {\n"
            + "      Meter entity = new Meter();\n"
            + "      entity.site = site;\n"
            + "      entity.id = id;\n"
            + "      entity.setReading(reading);\n"
            + "      entity.etag = etag;\n"
            + "      return entity;\n"
            + "    }, entity -> this.support.mergeAsync(entity, \"reading\"));\n"
            + "  }",
        "    }, entity -> this.support.upsertMergeAsync(entity, \"deleted\").thenRun(() -> { }));\n",
        // a void delete drops its count without a lambda parameter, which could clash with the method's own
        "    }, query -> this.support.deleteAsync(query).thenRun(() -> { }));\n");
    assertThat(generated).doesNotContain("this.support.merge(", "this.support.upsertMerge(entity, \"deleted\")",
        "return null;");
  }

  @Test
  void anAsyncMethodWhoseParameterIsNamedQueryGetsAnotherNameForItsQuery() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-Xlint:all", "-Werror")
        .compile(
            source("Clash",
                "@Entity(table = \"Clashes\") @PartitionKey(\"{support}\") @RowKey(\"c_{key}\")\n"
                    + "public record Clash(String support, int key, String query, @ETag String etag) {}"),
            source("ClashRepository",
                "import java.util.concurrent.CompletableFuture;\n"
                    + "@Repository public interface ClashRepository extends TableRepository<Clash> {\n"
                    + "  @AllowScan CompletableFuture<List<Clash>> findBySupportAndQuery(String support, String query);\n"
                    + "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(contents(compilation, "test.ClashRepository__Impl"))
        .contains("return query_;\n    }, query_ -> this.support.listAsync(query_));");
  }

  @Test
  void anEntityReferringToATypeGeneratedInTheSameRoundIsDeferredAndThenGenerated() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new AddressGenerator(), new TableMapperProcessor())
        .compile(source("Customer",
            "@Entity(table = \"Customers\") @PartitionKey(\"{region}\") @RowKey(\"c_{id}\")\n"
                + "public record Customer(String region, long id, @Json Address address) {}"));
    assertThat(compilation).succeeded();
    assertThat(compilation).generatedSourceFile("test.Customer__Mapping");
  }

  @Test
  void aProjectionWithAComponentOfATypeGeneratedInTheSameRoundIsDeferredAndThenGenerated() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new AddressGenerator(), new TableMapperProcessor())
        .compile(source("Customer",
                "@Entity(table = \"Customers\") @PartitionKey(\"{region}\") @RowKey(\"c_{id}\")\n"
                    + "public record Customer(String region, long id, @Json Address address) {}"),
            source("CustomerAddress", "public record CustomerAddress(long id, Address address) {}"),
            source("CustomerRepository", "@Repository public interface CustomerRepository"
                + " extends TableRepository<Customer> {\n  List<CustomerAddress> findByRegion(String region);\n}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(contents(compilation, "test.CustomerRepository__Impl"))
        .contains("Address address = context.fromJson(ADDRESS_JSON, row.getString(Customer_.ADDRESS));");
  }

  @Test
  void aProjectionComponentOfATypeThatNeverAppearsIsReportedAsUnresolvedNotAsAMismatch() {
    Compilation compilation = Sources.compile(Sources.employee(),
        source("EmployeeName", "public record EmployeeName(String firstName, Missing lastName) {}"),
        source("EmployeeRepository", "@Repository public interface EmployeeRepository"
            + " extends TableRepository<Employee> {\n  List<EmployeeName> findByDepartment(String department);\n}"));
    assertThat(compilation).hadErrorContaining("[" + Rule.UNRESOLVED_TYPE.id() + "]");
    assertThat(compilation.errors()).noneSatisfy(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.QUERY_PROJECTION.id() + "]"));
  }

  @Test
  void anEntityDeferredForAGeneratedTypeReportsItsOtherMistakesOnceNotOncePerRound() {
    Compilation compilation = Compiler.javac()
        .withProcessors(new AddressGenerator(), new TableMapperProcessor())
        .compile(source("Customer",
            "@Entity(table = \"Customers\") @PartitionKey(\"{region}\") @RowKey(\"c_{id}\")\n"
                + "public record Customer(String region, long id, Thread worker, @Json Address address) {}"));
    assertThat(compilation.errors()).singleElement()
        .satisfies(error -> assertThat(error.getMessage(null)).startsWith("[" + Rule.PROPERTY_TYPE.id() + "]"));
  }

  @Test
  void anEntityReferringToATypeThatNeverAppearsIsReportedOnceProcessingIsOver() {
    Compilation compilation = Sources.compile(source("Customer",
        "@Entity(table = \"Customers\") @PartitionKey(\"{region}\") @RowKey(\"c_{id}\")\n"
            + "public record Customer(String region, long id, @Json Missing address) {}"));
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("[" + Rule.UNRESOLVED_TYPE.id() + "]");
    assertThat(compilation.errors())
        .filteredOn(error -> error.getMessage(null).startsWith("[" + Rule.UNRESOLVED_TYPE.id() + "]"))
        .hasSize(1);
  }

  @Test
  void aRepositoryOverAnEntityCompiledEarlierIsGeneratedFromTheClassFile() throws IOException {
    Compilation library = Sources.compile(Sources.employee());
    assertThat(library).succeeded();
    Path classes = classFiles(library);
    String classpath = classes + java.io.File.pathSeparator + System.getProperty("java.class.path");
    Compilation application = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-classpath", classpath)
        .compile(source("EmployeeRepository", REPOSITORY));
    assertThat(application).succeeded();
    assertThat(application).generatedSourceFile("test.EmployeeRepository__Impl");
    assertThat(application.generatedSourceFile("test.Employee__Mapping")).isEmpty();
  }

  @Test
  void aMistakeInAProjectionCompiledEarlierIsReportedOnTheMethodThatReturnsIt() throws IOException {
    Compilation library = Sources.compile(Sources.employee(),
        source("EmployeeName", "public record EmployeeName(String firstName, long age) {}"));
    assertThat(library).succeeded();
    Path classes = classFiles(library);
    String repository = "@Repository public interface EmployeeRepository extends TableRepository<Employee> {\n"
        + "  List<EmployeeName> findByDepartment(String department);\n}";
    Compilation application = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-classpath", classes + java.io.File.pathSeparator + System.getProperty("java.class.path"))
        .compile(source("EmployeeRepository", repository));

    assertThat(application.errors()).singleElement().satisfies(error -> {
      assertThat(error.getMessage(null)).startsWith("[" + Rule.QUERY_PROJECTION.id() + "] EmployeeRepository"
          + ".findByDepartment(String department): returns EmployeeName as a projection of Employee, but its"
          + " component 'age' is long, but 'age' of Employee is int");
      assertThat(error.getSource().getName()).endsWith("EmployeeRepository.java");
      String text = "package test;\n\n" + Sources.IMPORTS + "\n" + repository;
      String before = text.substring(0, text.indexOf("List<EmployeeName> findByDepartment("));
      assertThat(error.getLineNumber()).isEqualTo(before.chars().filter(c -> c == '\n').count() + 1);
    });
  }

  @Test
  void aSubtypeOfARootCompiledEarlierInheritsItsKeysFromTheClassFileAndIsListedInItsOwnCompilation()
      throws IOException {
    Compilation library = Sources.compile(source("Person",
        "@Entity(table = \"People\") @PartitionKey(\"{city}\") @RowKey(\"person_{id:06}\")\n"
            + "public abstract class Person { public String city; public int id; }"));
    assertThat(library).succeeded();
    Path classes = classFiles(library);
    String classpath = classes + java.io.File.pathSeparator + System.getProperty("java.class.path");
    Compilation application = Compiler.javac()
        .withProcessors(new TableMapperProcessor())
        .withOptions("-classpath", classpath)
        .compile(source("Customer", "@Entity public class Customer extends Person { public String account; }"));

    assertThat(application).succeededWithoutWarnings();
    assertThat(contents(application, "test.Customer__Mapping"))
        .contains("Customer_.TABLE", "row.putString(Customer_.ACCOUNT, entity.account)");
    assertThat(contents(application, "test.Customer_"))
        .contains("TABLE = \"People\"", "person_{id:06}", "ACCOUNT = \"account\"");
    assertThat(application.generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT,
            "META-INF/tablemapper/subtypes/test.Person").orElseThrow().getCharContent(true).toString())
        .isEqualTo("test.Customer\n");
  }

  private static String contents(Compilation compilation, String name) {
    try {
      return compilation.generatedSourceFile(name).orElseThrow(() -> new AssertionError("not generated: " + name))
          .getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Another processor that generates {@code test.Address} in the first round. */
  static final class AddressGenerator extends AbstractProcessor {
    private boolean done;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done) {
        done = true;
        try (var writer = processingEnv.getFiler().createSourceFile("test.Address").openWriter()) {
          writer.write("package test; public record Address(String street) {}");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  /** A directory of its own for each test's class files, removed after the test. */
  @TempDir Path classDirectory;

  /** The class files a compilation made, written under {@link #classDirectory} as a class path directory. */
  private Path classFiles(Compilation library) throws IOException {
    for (JavaFileObject file : library.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        String path = file.toUri().getPath();
        Path target = classDirectory.resolve(path.substring(path.indexOf("/test/") + 1));
        Files.createDirectories(target.getParent());
        try (var in = file.openInputStream()) {
          Files.copy(in, target);
        }
      }
    }
    return classDirectory;
  }
}
