package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablemapper.api.InvalidEntityException;
import io.tablemapper.api.TableMapper;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.internal.model.EntityChecker;
import io.tablemapper.internal.model.Rule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import io.tablemapper.runtime.introspect.ClassEntitySource;

/**
 * The same broken entity classes, compiled with the processor and without it: the processor's compile errors and
 * the runtime's refusal name the same rules with literally the same messages ({@code [Id] message}): both front ends
 * read the same facts of a class ({@code ElementEntitySource}, {@link ClassEntitySource}) and one
 * {@code EntityChecker} decides the rules over them. All cases compile in one javac run each way.
 */
class UnprocessedRulesTest {
  private static final String PACKAGE = "io.tablemapper.runtime.invalid";
  private static final String IMPORTS = "package " + PACKAGE + ";\n"
      + "import io.tablemapper.annotations.*;\n"
      + "import java.math.BigDecimal;\n"
      + "import java.util.List;\n"
      + "import java.util.Map;\n";
  private static final String KEYS = "@PartitionKey(\"{region}\") @RowKey(\"id_{id}\")\n";

  /** Case name → [expected id, source after the imports]. */
  private static final Map<String, String[]> CASES = new LinkedHashMap<>();
  /** Valid entities the cases of hierarchies extend. */
  private static final Map<String, String> ROOTS = Map.of(
      "Shape", "@Entity(table = \"Shapes\") " + KEYS
          + "public abstract class Shape { public String region; public String id; }",
      "Tagged", "@Entity " + KEYS + "@Index(name = \"byTag\", rowKey = \"t_{tag}\")\n"
          + "public class Tagged { public String region; public String id; public String tag; }",
      "Keyless", "@Entity(table = \"Keyless\") @PartitionKey(\"{region}\")\n"
          + "public abstract class Keyless { public String region; public String id; }");

  static {
    add("AnInterface", "EntityKind", "@Entity " + KEYS + "public interface AnInterface {}");
    add("AGenericClass", "EntityKind", "@Entity " + KEYS
        + "public record AGenericClass<T>(String region, String id) {}");
    add("AnOuterClass", "EntityKind", "public class AnOuterClass { @Entity " + KEYS
        + " public class Inner { public String region; public String id; } }");
    add("NoConstructor", "EntityConstructor", "@Entity " + KEYS
        + "public class NoConstructor { public String region; public String id;"
        + " public NoConstructor(String region) { this.region = region; } }");
    add("ConstructorLacksProperty", "EntityConstructor", "@Entity " + KEYS
        + "public class ConstructorLacksProperty { private final String region; private final String id;"
        + " private final int size; public ConstructorLacksProperty(String region, String id, long size)"
        + " { this.region = region; this.id = id; this.size = (int) size; }"
        + " public String getRegion() { return region; } public String getId() { return id; }"
        + " public int getSize() { return size; } }");
    add("TwoConstructors", "EntityConstructorAmbiguous", "@Entity " + KEYS
        + "public class TwoConstructors { private final String region; private final int id;"
        + " public TwoConstructors(String region, int id) { this.region = region; this.id = id; }"
        + " public TwoConstructors(int id, String region) { this(region, id); }"
        + " public String getRegion() { return region; } public int getId() { return id; } }");
    add("ImmutableWithoutGetter", "EntityAccessor", "@Entity " + KEYS
        + "public class ImmutableWithoutGetter { private final String region; private final String id;"
        + " public ImmutableWithoutGetter(String region, String id) { this.region = region; this.id = id; }"
        + " public String getRegion() { return region; } }");
    add("NoAccessor", "EntityAccessor", "@Entity " + KEYS
        + "public class NoAccessor { public String region; public String id; private int hidden;"
        + " private final boolean flag = false; public boolean isFlag() { return flag; } }");
    add("BadTable", "EntityTableName", "@Entity(table = \"x\") " + KEYS
        + "public record BadTable(String region, String id) {}");
    add("BadTableTemplate", "EntityTableTemplate", "@Entity(table = \"Logins{at:week}\") @PartitionKey(\"{region}\")"
        + " @RowKey(\"{at}\")\npublic record BadTableTemplate(String region, java.time.Instant at) {}");
    add("PeriodNotATime", "EntityTablePeriod", "@Entity(table = \"Logins{region:day}\") @PartitionKey(\"{region}\")"
        + " @RowKey(\"{at}\")\npublic record PeriodNotATime(String region, java.time.Instant at) {}");
    add("PeriodNotInKeys", "EntityTablePeriod", "@Entity(table = \"Logins{day:month}\") @PartitionKey(\"{region}\")"
        + " @RowKey(\"{at}\")\npublic record PeriodNotInKeys(String region, java.time.Instant at,"
        + " java.time.LocalDate day) {}");
    add("PeriodRemoteIndex", "EntityTablePeriodIndex", "@Entity(table = \"Logins{at:day}\")"
        + " @PartitionKey(\"{region}\") @RowKey(\"{at}\")\n"
        + "@Index(name = \"byC\", partitionKey = \"c_{c}\", rowKey = \"byc_{region}\")\n"
        + "public record PeriodRemoteIndex(String region, java.time.Instant at, String c) {}");
    add("BadType", "EntityTypeName", "@Entity(type = \"a#b\") " + KEYS
        + "public record BadType(String region, String id) {}");
    add("BadVersion", "EntityVersion", "@Entity(version = 0) " + KEYS
        + "public record BadVersion(String region, String id) {}");
    add("BadCache", "CachedArguments", "@Entity @Cached(maximumSize = 0, expireAfterWriteSeconds = -1) " + KEYS
        + "public record BadCache(String region, String id) {}");
    add("NoRowKey", "EntityMissingKey", "@Entity @PartitionKey(\"{region}\")\n"
        + "public record NoRowKey(String region, String id) {}");
    add("BadTypes", "PropertyType", "@Entity " + KEYS
        + "public record BadTypes(String region, String id, Object thing, List<String> tags, Map<String, Integer> m) {}");
    add("TwoRoles", "PropertyAnnotations", "@Entity " + KEYS
        + "public record TwoRoles(String region, String id, @Json @Transient String both, @Json int number) {}");
    add("BadETag", "ETagType",
        "@Entity " + KEYS + "public record BadETag(String region, String id, @ETag long tag) {}");
    add("TwoETags", "ETagDuplicate", "@Entity " + KEYS
        + "public record TwoETags(String region, String id, @ETag String a, @ETag String b) {}");
    add("BadTimestamp", "TimestampType", "@Entity " + KEYS
        + "public record BadTimestamp(String region, String id, @Timestamp String when) {}");
    add("TwoTimestamps", "TimestampDuplicate", "@Entity " + KEYS + "public record TwoTimestamps(String region,"
        + " String id, @Timestamp java.time.Instant a, @Timestamp java.time.OffsetDateTime b) {}");
    add("BadNames", "PropertyName", "@Entity " + KEYS + "public record BadNames(String region, String id,"
        + " String EntityType, @Property(\"has space\") String spaced, @Transient @Property(\"T\") String t) {}");
    add("SameNames", "PropertyNameDuplicate", "@Entity " + KEYS
        + "public record SameNames(String region, String id, String name, @Property(\"name\") String other) {}");
    add("Malformed", "KeyTemplateSyntax", "@Entity @PartitionKey(\"{region}\") @RowKey(\"id_{id\")\n"
        + "public record Malformed(String region, String id) {}");
    add("Slashed", "KeyForbiddenCharacter", "@Entity @PartitionKey(\"{region}\") @RowKey(\"id/{id}\")\n"
        + "public record Slashed(String region, String id) {}");
    add("Typo", "KeyUnknownProperty", "@Entity @PartitionKey(\"{regoin}\") @RowKey(\"id_{id}\")\n"
        + "public record Typo(String region, String id) {}");
    add("KeyOfETag", "KeyPropertyNotStored", "@Entity @PartitionKey(\"{region}\") @RowKey(\"{etag}_{notes}\")\n"
        + "public record KeyOfETag(String region, @ETag String etag, @Json List<String> notes) {}");
    add("KeyOfDecimal", "KeyPropertyType", "@Entity @PartitionKey(\"{region}\") @RowKey(\"p_{price}\")\n"
        + "public record KeyOfDecimal(String region, BigDecimal price) {}");
    add("PaddedText", "KeyTemplateTypes", "@Entity @PartitionKey(\"{region}\") @RowKey(\"id_{id:08}\")\n"
        + "public record PaddedText(String region, String id) {}");
    add("EnumInKey", "KeyEnumConstant", "@Entity @PartitionKey(\"{region}\") @RowKey(\"{state}_{id}\")\n"
        + "public record EnumInKey(String region, State state, String id) { public enum State { ON_HOLD, OK } }");
    add("LongLiteral", "KeyTooLong", "@Entity @PartitionKey(\"{region}\") @RowKey(\"" + "x".repeat(1025)
        + "{id}\")\npublic record LongLiteral(String region, String id) {}");
    add("WideKey", "KeyTooLong", "@Entity @PartitionKey(\"{region}\") @RowKey(\"" + "x".repeat(1010)
        + "{id}\")\npublic record WideKey(String region, java.util.UUID id) {}");
    add("BadIndexes", "IndexName", "@Entity " + KEYS + "@Index(name = \"1st\", rowKey = \"n_{name}\")"
        + " @Index(name = \"byName\", rowKey = \"n_{name}\") @Index(name = \"BYNAME\", rowKey = \"m_{name}\")\n"
        + "public record BadIndexes(String region, String id, String name) {}");
    add("OtherTable", "IndexTable", "@Entity " + KEYS
        + "@Index(name = \"byName\", partitionKey = \"{name}\", rowKey = \"n_{name}\", table = \"no\")\n"
        + "public record OtherTable(String region, String id, String name) {}");
    add("RemoteNotUnique", "IndexUniqueness", "@Entity " + KEYS
        + "@Index(name = \"byName\", partitionKey = \"{name}\", rowKey = \"n_{id}\", unique = false)\n"
        + "public record RemoteNotUnique(String region, String id, String name) {}");
    add("KeyListInPartitionPerEntity", "IndexForm", "@Entity " + KEYS
        + "@Index(name = \"byName\", rowKey = \"n_{id}\", unique = false, form = IndexForm.KEY_LIST)\n"
        + "public record KeyListInPartitionPerEntity(String region, String id, String name) {}");
    add("KeyListUnique", "IndexForm", "@Entity " + KEYS
        + "@Index(name = \"byName\", partitionKey = \"{name}\", rowKey = \"ids\", form = IndexForm.KEY_LIST)\n"
        + "public record KeyListUnique(String region, String id, String name) {}");
    add("KeyListPerEntity", "IndexForm", "@Entity " + KEYS
        + "@Index(name = \"byName\", partitionKey = \"{name}\", rowKey = \"{region}_{id}\", unique = false,"
        + " form = IndexForm.KEY_LIST)\n"
        + "public record KeyListPerEntity(String region, String id, String name) {}");
    add("KeysAndCopies", "IndexForm", "@Entity " + KEYS
        + "@Index(name = \"byName\", partitionKey = \"{name}\", rowKey = \"n\", properties = {\"name\"},"
        + " form = IndexForm.KEYS)\n"
        + "public record KeysAndCopies(String region, String id, String name) {}");
    add("CopiesTypo", "IndexUnknownProperty", "@Entity " + KEYS
        + "@Index(name = \"byName\", rowKey = \"n_{name}_{id}\", properties = {\"nmae\"})\n"
        + "public record CopiesTypo(String region, String id, String name) {}");
    add("BadDefaults", "DefaultValue", "@Entity(version = 2) " + KEYS + "public record BadDefaults(String region,"
        + " String id, @DefaultValue(\"many\") int count, @DefaultValue(\"MAYBE\") State state,"
        + " @DefaultValue(\"yes\") boolean flag) { public enum State { ON, OFF } }");
    add("MisplacedDefaults", "DefaultValueProperty", "@Entity(version = 2) " + KEYS
        + "public record MisplacedDefaults(@DefaultValue(\"x\") String region, String id,"
        + " @Transient @DefaultValue(\"1\") int t, @Json @DefaultValue(\"[]\") List<String> notes) {}");
    add("BadUpgrade", "UpgradeMethod", "@Entity(version = 2) " + KEYS
        + "public record BadUpgrade(String region, String id) {"
        + " @Upgrade void upgrade(int fromVersion, Map<String, Object> row) {} }");
    add("EarlyUpgrade", "UpgradeVersion", "@Entity " + KEYS + "public record EarlyUpgrade(String region, String id) {"
        + " @Upgrade static void upgrade(int fromVersion, Map<String, Object> row) {} }");
    add("NotUnique", "IndexUniqueness", "@Entity " + KEYS
        + "@Index(name = \"byName\", rowKey = \"n_{name}\", unique = false)\n"
        + "public record NotUnique(String region, String id, String name) {}");
    add("Overlapping", "KeySpaceOverlap", "@Entity " + KEYS
        + "@Index(name = \"byName\", rowKey = \"{name}\") @Index(name = \"byCode\", rowKey = \"id_x{code}\")\n"
        + "public record Overlapping(String region, String id, String name, String code) {}");
    add("Elsewhere", "EntityInheritedTable", "@Entity(table = \"Others\")"
        + " public class Elsewhere extends Shape { public int sides; }");
    add("Impostor", "EntityInheritedType", "@Entity(type = \"Shape\") public class Impostor extends Shape {}");
    add("OwnKeys", "EntityInheritedKey", "@Entity @PartitionKey(\"{region}\") @RowKey(\"own_{id}\")"
        + " public class OwnKeys extends Shape {}");
    add("OwnRowKey", "EntityInheritedKey", "@Entity @RowKey(\"own_{id}\") public class OwnRowKey extends Shape {}");
    add("UnkeyedChild", "EntityMissingKey", "@Entity public class UnkeyedChild extends Keyless { public int n; }");
    add("IndexedKeyless", "EntityInheritedIndex", "@Entity @PartitionKey(\"{region}\")"
        + " @Index(name = \"byId\", rowKey = \"i_{id}\") public abstract class IndexedKeyless"
        + " { public String region; public String id; }");
    add("IndexedShape", "EntityInheritedIndex", "@Entity @Index(name = \"bySides\", rowKey = \"s_{sides}_{id}\")"
        + " public class IndexedShape extends Shape { public int sides; }");
    add("TaggedMore", "EntityInheritedIndex",
        "@Entity(type = \"TaggedMore\") public class TaggedMore extends Tagged {}");
    add("EncryptedNumber", "EncryptedType", "@Entity " + KEYS
        + "public record EncryptedNumber(String region, String id, @Encrypted int age) {}");
    add("EncryptedKey", "EncryptedKey", "@Entity " + KEYS
        + "public record EncryptedKey(String region, @Encrypted String id) {}");
    add("EncryptedIndexKey", "EncryptedKey", "@Entity " + KEYS
        + "@Index(name = \"bySecret\", rowKey = \"s_{secret}_{id}\")\n"
        + "public record EncryptedIndexKey(String region, String id, @Encrypted String secret) {}");
    add("EncryptedETag", "PropertyAnnotations", "@Entity " + KEYS
        + "public record EncryptedETag(String region, String id, @Encrypted @ETag String etag) {}");
    add("LargeNumber", "LargeType", "@Entity " + KEYS
        + "public record LargeNumber(String region, String id, @Large long count) {}");
    add("LargeKey", "LargeKey", "@Entity " + KEYS
        + "public record LargeKey(String region, @Large String id) {}");
    add("LargeIndexKey", "LargeKey", "@Entity " + KEYS
        + "@Index(name = \"byNote\", rowKey = \"n_{note}_{id}\")\n"
        + "public record LargeIndexKey(String region, String id, @Large String note) {}");
    add("LargeTransient", "PropertyAnnotations", "@Entity " + KEYS
        + "public record LargeTransient(String region, String id, @Large @Transient byte[] scratch) {}");
    StringBuilder many = new StringBuilder("@Entity " + KEYS + "public class TooMany { public String region;"
        + " public String id;");
    for (int i = 0; i < 251; i++) {
      many.append(" public int p").append(i).append(';');
    }
    add("TooMany", "PropertyCount", many.append(" }").toString());
    // one property more than the largest class of each form of copy (CopyPropertyCountTest has them all)
    add("TooWideCopy", "PropertyCount", wide("TooWideCopy", 251, 0,
        "@Index(name = \"byP0\", rowKey = \"x_{p0}_{id}\")"));
    add("TooWideCopyElsewhere", "PropertyCount", wide("TooWideCopyElsewhere", 249, 0,
        "@Index(name = \"byP0\", table = \"Elsewhere\", partitionKey = \"c_{p0}\", rowKey = \"x_{region}_{id}\")"));
    add("TooWidePartialCopy", "PropertyCount", wide("TooWidePartialCopy", 251, 250,
        "@Index(name = \"byP0\", partitionKey = \"c_{p0}\", rowKey = \"x_{region}_{id}\", properties = PROPERTIES)"));
    String wideKeys = "@PartitionKey(\"{region}\") @RowKey(\"id_{id:06}\")\n";
    add("WideStringKey", "WideRowKey", "@Entity @Wide " + KEYS
        + "public record WideStringKey(String region, String id, String name) {}");
    add("WideUnknownHead", "WideHead", "@Entity @Wide(head = \"nmae\") " + wideKeys
        + "public record WideUnknownHead(String region, int id, String name) {}");
    add("WideFullCopy", "WideShape", "@Entity @Wide " + wideKeys + "@Index(name = \"byName\", rowKey ="
        + " \"n_{name}_{id:06}\")\npublic record WideFullCopy(String region, int id, String name) {}");
    add("WideCircle", "WideShape", "@Entity(type = \"WideCircle\") @Wide\n"
        + "public class WideCircle extends Shape { public double radius; }");
  }

  /** Valid classes with warnings: case name → [expected id, source after the imports]. */
  private static final Map<String, String[]> WARNING_CASES = new LinkedHashMap<>();

  static {
    WARNING_CASES.put("HotIndex", new String[] {"IndexHotPartition", IMPORTS + "@Entity " + KEYS
        + "@Index(name = \"byName\", partitionKey = \"names\", rowKey = \"n_{name}\")\n"
        + "public record HotIndex(String region, String id, String name) {}\n"});
    WARNING_CASES.put("OnePartition", new String[] {"PartitionKeyConstant", IMPORTS + "@Entity"
        + " @PartitionKey(\"all\") @RowKey(\"id_{id}\")\npublic record OnePartition(String id) {}\n"});
  }

  /** A class of {@code stored} properties with one index, copying {@code copied} of them when above 0. */
  private static String wide(String name, int stored, int copied, String index) {
    StringBuilder source = new StringBuilder("@Entity " + KEYS
        + index.replace("PROPERTIES", IntStream.range(0, copied)
            .mapToObj(i -> i == 0 ? "\"region\"" : i == 1 ? "\"id\"" : "\"p" + (i - 2) + "\"")
            .collect(Collectors.joining(", ", "{", "}")))
        + "\npublic class " + name + " { public String region; public String id;");
    for (int i = 0; i < stored - 2; i++) {
      source.append(" public int p").append(i).append(';');
    }
    return source.append(" }").toString();
  }

  private static void add(String name, String id, String source) {
    CASES.put(name, new String[] {id, IMPORTS + source + "\n"});
  }

  private static final Javac.Result PROCESSED = Javac.compile(sources(), true);
  private static final Javac.Result UNPROCESSED = Javac.compile(sources(), false);

  static Map<String, String> sources() {
    Map<String, String> sources = new LinkedHashMap<>();
    ROOTS.forEach((name, source) -> sources.put(PACKAGE + "." + name, IMPORTS + source + "\n"));
    CASES.forEach((name, source) -> sources.put(PACKAGE + "." + name, source[1]));
    return sources;
  }

  static Stream<Arguments> cases() {
    return CASES.entrySet().stream().map(e -> Arguments.of(e.getValue()[0], e.getKey()));
  }

  /** The runtime's refusal of a class: its messages, one a line after the first. */
  private static List<String> refusal(Class<?> type) {
    try (TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create()).entities(type).build()) {
      throw new AssertionError(type + " was mapped: " + mapper);
    } catch (InvalidEntityException e) {
      List<String> lines = new ArrayList<>(Arrays.asList(e.getMessage().split("\n")));
      assertThat(lines.remove(0)).startsWith("Entity class " + type.getName() + " was compiled without");
      return lines;
    }
  }

  @ParameterizedTest(name = "[{0}] {1}")
  @MethodSource("cases")
  void theRuntimeRefusesAnUnprocessedClassWithTheProcessorsMessages(String id, String name) {
    String className = PACKAGE + "." + name;
    List<String> compileErrors = PROCESSED.errors(className);
    assertThat(compileErrors).as("the processor's errors").anyMatch(m -> m.startsWith("[" + id + "] "));

    Class<?> type = UNPROCESSED.load(name.equals("AnOuterClass") ? className + "$Inner" : className);
    List<String> runtimeErrors = refusal(type);

    assertThat(runtimeErrors).containsExactlyInAnyOrderElementsOf(compileErrors);
  }

  /** The warning cases, compiled apart: javac stops reporting after its first 100 errors or warnings. */
  private static final Javac.Result WARNED = Javac.compile(warningSources(), true);
  private static final Javac.Result UNWARNED = Javac.compile(warningSources(), false);

  static Map<String, String> warningSources() {
    Map<String, String> sources = new LinkedHashMap<>();
    WARNING_CASES.forEach((name, source) -> sources.put(PACKAGE + "." + name, source[1]));
    return sources;
  }

  static Stream<Arguments> warningCases() {
    return WARNING_CASES.entrySet().stream().map(e -> Arguments.of(e.getValue()[0], e.getKey()));
  }

  /**
   * A warning is the processor's to give, but it is decided by the one checker too: over what reflection reads of the
   * class compiled without the processor, the checker finds the same warnings, word for word, and the class maps.
   */
  @ParameterizedTest(name = "[{0}] {1}")
  @MethodSource("warningCases")
  void theCheckerWarnsAboutAnUnprocessedClassWithTheProcessorsMessages(String id, String name) {
    String className = PACKAGE + "." + name;
    List<String> compileWarnings = WARNED.warnings(className);
    assertThat(WARNED.errors(className)).isEmpty();
    assertThat(compileWarnings).as("the processor's warnings").anyMatch(m -> m.startsWith("[" + id + "] "));

    Class<?> type = UNWARNED.load(className);
    List<String> checkerWarnings = new ArrayList<>();
    EntityChecker.check(new ClassEntitySource(type), (site, attribute, problem) -> {
      if (problem.rule().severity() == Rule.Severity.WARNING) {
        checkerWarnings.add(problem.toString());
      }
    });

    assertThat(checkerWarnings).containsExactlyInAnyOrderElementsOf(compileWarnings);
    try (TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create()).entities(type).build()) {
      assertThat(mapper).isNotNull();
    }
  }

  @Test
  void everyCaseCompilesWithoutTheProcessor() {
    assertThat(UNPROCESSED.errors).isEmpty();
  }

  @Test
  void theRootsOfTheHierarchyCasesAreValidOnBothPaths() {
    for (String root : ROOTS.keySet()) {
      assertThat(PROCESSED.errors(PACKAGE + "." + root)).isEmpty();
      try (TableMapper mapper = TableMapper.builder().backend(InMemoryBackend.create())
          .entities(UNPROCESSED.load(PACKAGE + "." + root)).build()) {
        assertThat(mapper).isNotNull();
      }
    }
  }
}
