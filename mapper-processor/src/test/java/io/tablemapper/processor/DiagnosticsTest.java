package io.tablemapper.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.tablemapper.processor.Sources.compile;
import static io.tablemapper.processor.Sources.employee;
import static io.tablemapper.processor.Sources.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.tablemapper.internal.model.Rule;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One case (at least) per diagnostic id: the mistake is reported once and nothing else is, as an error (or a
 * warning) carrying the id, at the position of the element at fault (the annotation value, record component,
 * field, method or parameter) and so on its line, with a message that says what to do.
 */
class DiagnosticsTest {

  /** A case: the mistake in the sources is reported as error {@code id}, pointing at the text {@code at}. */
  private static Arguments error(String behaviour, Rule rule, String at, String contains, JavaFileObject... sources) {
    return Arguments.of(behaviour, Diagnostic.Kind.ERROR, rule.id(), at, contains, sources);
  }

  private static Arguments warning(String behaviour, Rule rule, String at, String contains, JavaFileObject... sources) {
    return Arguments.of(behaviour, Diagnostic.Kind.WARNING, rule.id(), at, contains, sources);
  }

  private static JavaFileObject repository(String methods) {
    return source("EmployeeRepository",
        "@Repository\npublic interface EmployeeRepository extends TableRepository<Employee> {\n" + methods + "\n}\n");
  }

  /** An entity with a BigDecimal, a BigInteger and a UUID outside its keys, for ranges on them. */
  private static JavaFileObject invoice() {
    return source("Invoice",
        "@Entity(table = \"Invoices\") @PartitionKey(\"{customer}\") @RowKey(\"inv_{number:08}\")\n"
            + "public record Invoice(String customer, int number, BigDecimal amount, BigInteger sequence,"
            + " UUID reference) {}");
  }

  private static JavaFileObject invoices(String methods) {
    return source("InvoiceRepository",
        "@Repository\npublic interface InvoiceRepository extends TableRepository<Invoice> {\n" + methods + "\n}\n");
  }

  private static JavaFileObject entity(String annotations, String declaration) {
    return source("E", annotations + "\n" + declaration + "\n");
  }

  private static final String KEYS = "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")";
  /** Keys a wide entity may have: its RowKey ends with a number. */
  private static final String WIDE_KEYS =
      "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"r_{b:04}\")";

  /** The abstract root of a hierarchy, for the cases of its subtypes. */
  private static final JavaFileObject KEYLESS_ROOT = source("P", "@Entity(table = \"Things\") @PartitionKey(\"{a}\")"
      + "\npublic abstract class P { public String a; public String b; }");
  private static final JavaFileObject ROOT =
      source("P", KEYS + "\npublic abstract class P { public String a; public String b; }");

  static Stream<Arguments> cases() {
    String components = IntStream.range(0, 253).mapToObj(i -> "int p" + i).collect(Collectors.joining(", "));
    String longLiteral = "x".repeat(1025);
    return Stream.of(
        // entities
        error("an interface cannot be an entity", Rule.ENTITY_KIND, "interface E", "an entity is a record or a class",
            entity(KEYS, "public interface E {}")),
        error("a class without a constructor it can be created with is reported on the class",
            Rule.ENTITY_CONSTRUCTOR, "class E {", "constructor without parameters",
            entity(KEYS, "public class E { public String a; public String b; private E() {} }")),
        error("a constructor that lacks a property is reported on the constructor", Rule.ENTITY_CONSTRUCTOR,
            "E(String a) {", "its constructor E(java.lang.String a) are not its properties: property 'b' is no"
                + " parameter; so that generated code can create it when reading, give it a constructor whose"
                + " parameters are its properties",
            entity(KEYS, "public class E { public String a; public String b; public E(String a) { this.a = a; } }")),
        error("a constructor parameter of another type than its property is reported on the constructor",
            Rule.ENTITY_CONSTRUCTOR, "E(String a, long b)", "parameter 'b' is long but the property is int",
            entity(KEYS, "public class E { private final String a; private final int b;"
                + " public E(String a, long b) { this.a = a; this.b = (int) b; }"
                + " public String getA() { return a; } public int getB() { return b; } }")),
        error("a constructor parameter that is no property is reported with the property it may mean",
            Rule.ENTITY_CONSTRUCTOR, "E(String a, String bb)",
            "parameter 'bb' is no property (did you mean 'b'?); property 'b' is no parameter",
            entity(KEYS, "public class E { private final String a; private final String b;"
                + " public E(String a, String bb) { this.a = a; this.b = bb; }"
                + " public String getA() { return a; } public String getB() { return b; } }")),
        error("two constructors whose parameters are the properties are reported on the class",
            Rule.ENTITY_CONSTRUCTOR_AMBIGUOUS, "class E {", "E has 2 constructors whose parameters are its properties"
                + " (E(java.lang.String a, int b), E(int b, java.lang.String a)), so generated code cannot tell which"
                + " creates it when reading; make all but one of them private",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"r_{b:04}\")",
                "public class E { private final String a; private final int b;"
                + " public E(String a, int b) { this.a = a; this.b = b; }"
                + " public E(int b, String a) { this(a, b); }"
                + " public String getA() { return a; } public int getB() { return b; } }")),
        error("a property of an immutable class without a getter is reported on its field", Rule.ENTITY_ACCESSOR,
            "b; public", "property 'b' of E has no getter (getB())",
            entity(KEYS, "public class E { private final String a; private final String b;"
                + " public E(String a, String b) { this.a = a; this.b = b; } public String getA() { return a; } }")),
        error("a private field without accessors is reported on the field", Rule.ENTITY_ACCESSOR, "b; }",
            "has no getter",
            entity(KEYS, "public class E { public String a; private String b; }")),
        error("an invalid table name is reported on the table attribute", Rule.ENTITY_TABLE_NAME, "\"1x\"",
            "letter followed by 2 to 62 letters or digits",
            entity("@Entity(table = \"1x\") @PartitionKey(\"{a}\") @RowKey(\"{b}\")", "public record E(String a, String b) {}")),
        error("a table-name template with an unknown period is reported on the table attribute",
            Rule.ENTITY_TABLE_TEMPLATE, "\"Logins{at:week}\"", "whose unit is year, month, day or hour",
            entity("@Entity(table = \"Logins{at:week}\") @PartitionKey(\"{a}\") @RowKey(\"{at}\")",
                "public record E(String a, Instant at) {}")),
        error("a table-name template whose tables would be too long is reported", Rule.ENTITY_TABLE_TEMPLATE,
            "\"" + "L".repeat(60) + "{at:day}\"", "are not valid table names",
            entity("@Entity(table = \"" + "L".repeat(60) + "{at:day}\") @PartitionKey(\"{a}\") @RowKey(\"{at}\")",
                "public record E(String a, Instant at) {}")),
        error("a table-name template on a property that is no time is reported", Rule.ENTITY_TABLE_PERIOD,
            "\"Logins{a:day}\"", "'a', which is a java.lang.String, not a time",
            entity("@Entity(table = \"Logins{a:day}\") @PartitionKey(\"{a}\") @RowKey(\"{at}\")",
                "public record E(String a, Instant at) {}")),
        error("a table-name template on a property outside the keys is reported", Rule.ENTITY_TABLE_PERIOD,
            "\"Logins{day:day}\"", "is not a component of the PartitionKey or the RowKey",
            entity("@Entity(table = \"Logins{day:day}\") @PartitionKey(\"{a}\") @RowKey(\"{at}\")",
                "public record E(String a, Instant at, LocalDate day) {}")),
        error("a table-name template on an unknown property is reported", Rule.ENTITY_TABLE_PERIOD,
            "\"Logins{when:day}\"", "'when', which is not a property of E",
            entity("@Entity(table = \"Logins{when:day}\") @PartitionKey(\"{a}\") @RowKey(\"{at}\")",
                "public record E(String a, Instant at) {}")),
        error("a table per period with an index outside the entity's partition is reported on the index",
            Rule.ENTITY_TABLE_PERIOD_INDEX, "\"c_{c}\"", "does not support: its copies could not be dropped",
            entity("@Entity(table = \"Logins{at:day}\") @PartitionKey(\"{a}\") @RowKey(\"{at}\")"
                    + "\n@Index(name = \"byC\", partitionKey = \"c_{c}\", rowKey = \"byc_{a}\")",
                "public record E(String a, Instant at, String c) {}")),
        error("a type name with the index separator is reported", Rule.ENTITY_TYPE_NAME, "\"A#B\"", "'#'",
            entity("@Entity(table = \"Things\", type = \"A#B\") @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")",
                "public record E(String a, String b) {}")),
        error("a version below one is reported", Rule.ENTITY_VERSION, "0)", "versions start at 1",
            entity("@Entity(table = \"Things\", version = 0) @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")",
                "public record E(String a, String b) {}")),
        error("a cache that holds nothing is reported on its size", Rule.CACHED_ARGUMENTS, "0)",
            "must hold at least 1 read",
            entity(KEYS + " @Cached(maximumSize = 0)", "public record E(String a, String b) {}")),
        error("a cache whose reads never expire is reported on its expiry", Rule.CACHED_ARGUMENTS, "-1)",
            "expire after at least 1 second",
            entity(KEYS + " @Cached(expireAfterWriteSeconds = -1)", "public record E(String a, String b) {}")),
        error("an entity without a RowKey is reported", Rule.ENTITY_MISSING_KEY, "record E", "has no @RowKey",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")", "public record E(String a, String b) {}")),
        error("an unsupported property type is reported on the component with the way out", Rule.PROPERTY_TYPE,
            "worker)", "annotate it @Json",
            entity(KEYS, "public record E(String a, String b, Thread worker) {}")),
        error("a property named like a store system property is reported", Rule.PROPERTY_NAME, "Timestamp)",
            "reserved by the store",
            entity(KEYS, "public record E(String a, String b, String Timestamp) {}")),
        error("a property named like the discriminator is reported", Rule.PROPERTY_NAME, "EntityType)",
            "reserved by tablemapper",
            entity(KEYS, "public record E(String a, String b, String EntityType) {}")),
        error("more than 252 stored properties are reported", Rule.PROPERTY_COUNT, "record E", "at most 252",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{p0}\") @RowKey(\"r_{p1}\")",
                "public record E(" + components + ") {}")),
        error("conflicting property annotations are reported", Rule.PROPERTY_ANNOTATIONS, "tags)",
            "use one of them",
            entity(KEYS, "public record E(String a, String b, @Json @Transient List<String> tags) {}")),
        error("JSON on a primitive is reported, since the store holds it natively", Rule.PROPERTY_ANNOTATIONS,
            "weight)", "drop @Json",
            entity(KEYS, "public record E(String a, String b, @Json int weight) {}")),
        error("an ETag that is not a String is reported", Rule.ETAG_TYPE, "version)", "an ETag is a String",
            entity(KEYS, "public record E(String a, String b, @ETag long version) {}")),
        error("a second ETag is reported", Rule.ETAG_DUPLICATE, "second)", "second @ETag",
            entity(KEYS, "public record E(String a, String b, @ETag String first, @ETag String second) {}")),
        error("a Timestamp of the wrong type is reported", Rule.TIMESTAMP_TYPE, "written)",
            "java.time.Instant",
            entity(KEYS, "public record E(String a, String b, @Timestamp String written) {}")),
        error("a second Timestamp is reported", Rule.TIMESTAMP_DUPLICATE, "second)",
            "second @Timestamp",
            entity(KEYS, "public record E(String a, String b, @Timestamp Instant first, @Timestamp Instant second) {}")),
        error("two entity types of one table with the same discriminator are reported on the second",
            Rule.ENTITY_TYPE_DUPLICATE, "\"Thing\")\n@PartitionKey", "are both stored in table things as type 'Thing'",
            source("A", "@Entity(table = \"Things\", type = \"Thing\") @PartitionKey(\"{a}\") @RowKey(\"a_{b}\")\n"
                + "public record A(String a, String b) {}"),
            source("B", "@Entity(table = \"things\", type = \"Thing\")\n@PartitionKey(\"{a}\") @RowKey(\"b_{b}\")\n"
                + "public record B(String a, String b) {}")),
        // hierarchies
        error("a subtype naming another table than its root's is reported on the table", Rule.ENTITY_INHERITED_TABLE,
            "\"Others\"", "a hierarchy lives in one table", ROOT,
            source("S", "@Entity(table = \"Others\", type = \"S\")\npublic class S extends P { public int c; }")),
        error("a subtype taking its root's type is reported on the type", Rule.ENTITY_INHERITED_TYPE, "\"P\"",
            "give it a discriminator of its own", ROOT,
            source("S", "@Entity(type = \"P\")\npublic class S extends P { public int c; }")),
        error("a subtype declaring a RowKey when its superclass has one is reported on it", Rule.ENTITY_INHERITED_KEY,
            "\"s_{b}\"", "extends @Entity P, which has the RowKey template 'r_{b}'", ROOT,
            source("S", "@Entity @RowKey(\"s_{b}\")\npublic class S extends P { public int c; }")),
        error("a subtype declaring a PartitionKey is reported on it", Rule.ENTITY_INHERITED_KEY, "\"{c}\"",
            "has the PartitionKey template of its root P", ROOT,
            source("S", "@Entity @PartitionKey(\"{c}\")\npublic class S extends P { public String c; }")),
        error("a concrete subtype of a root without a RowKey that declares none is reported on it",
            Rule.ENTITY_MISSING_KEY, "class S", "has no @RowKey",
            source("P", "@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n"
                + "public abstract class P { public String a; public String b; }"),
            source("S", "@Entity\npublic class S extends P { public int c; }")),
        error("an index on a root without a RowKey is reported on the index", Rule.ENTITY_INHERITED_INDEX, "@Index(",
            "P declares @Index, but indexes are not supported in entity hierarchies",
            source("P", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @Index(name = \"byB\", rowKey = \"b_{b}\")"
                + "\npublic abstract class P { public String a; public String b; }")),
        error("subtypes whose own RowKeys can be equal are reported on the second", Rule.KEY_SPACE_OVERLAP,
            "\"cust{b}\"", "can produce the same keys as the RowKey 'c{b}' of test.A",
            source("P", "@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n"
                + "public abstract class P { public String a; public String b; }"),
            source("A", "@Entity @RowKey(\"c{b}\")\npublic class A extends P {}"),
            source("B", "@Entity @RowKey(\"cust{b}\")\npublic class B extends P {}")),
        error("a cache on a subtype that holds nothing is reported on the subtype's size", Rule.CACHED_ARGUMENTS,
            "0)", "@Cached(maximumSize = 0) of S is not valid", ROOT,
            source("S", "@Entity(type = \"S\") @Cached(maximumSize = 0)\npublic class S extends P { public int c; }")),
        error("a subtype of a root with an index is reported on the subtype", Rule.ENTITY_INHERITED_INDEX, "class S",
            "indexes are not supported in entity hierarchies",
            source("P", KEYS + " @Index(name = \"byC\", rowKey = \"c_{c}\")\n"
                + "public class P { public String a; public String b; public String c; }"),
            source("S", "@Entity\npublic class S extends P { public int d; }")),
        // schema evolution and naming
        error("a default the property's type cannot hold is reported on its text", Rule.DEFAULT_VALUE, "\"many\"",
            "is not a valid int",
            entity(KEYS.replace("\"Things\")", "\"Things\", version = 2)"),
                "public record E(String a, String b, @DefaultValue(\"many\") int count) {}")),
        error("a default enum constant that does not exist is reported with the constants", Rule.DEFAULT_VALUE,
            "\"PAUSED\"", "(ACTIVE, ON_HOLD)",
            entity(KEYS, "public record E(String a, String b, @DefaultValue(\"PAUSED\") Status status) {\n"
                + "  public enum Status { ACTIVE, ON_HOLD }\n}")),
        error("a default date out of the store's range is reported", Rule.DEFAULT_VALUE, "\"1500-01-01T00:00:00Z\"",
            "outside the store's DateTime range",
            entity(KEYS, "public record E(String a, String b, @DefaultValue(\"1500-01-01T00:00:00Z\") Instant at) {}")),
        error("a default string longer than the store holds is reported", Rule.DEFAULT_VALUE, "\"" + longLiteral.repeat(33),
            "the store holds at most 32768",
            entity(KEYS, "public record E(String a, String b, @DefaultValue(\"" + longLiteral.repeat(33) + "\") String c) {}")),
        error("a default on a property of a type the store cannot hold adds no second error", Rule.PROPERTY_TYPE,
            "worker)", "annotate it @Json",
            entity(KEYS, "public record E(String a, String b, @DefaultValue(\"x\") Thread worker) {}")),
        error("a default on a transient property is reported", Rule.DEFAULT_VALUE_PROPERTY, "@DefaultValue",
            "give the field an initial value",
            entity(KEYS, "public record E(String a, String b, @DefaultValue(\"x\") @Transient String c) {}")),
        error("a default on a key property is reported", Rule.DEFAULT_VALUE_PROPERTY, "@DefaultValue",
            "part of a key",
            entity(KEYS, "public record E(String a, @DefaultValue(\"x\") String b) {}")),
        error("a default on a JSON property is reported", Rule.DEFAULT_VALUE_PROPERTY, "@DefaultValue",
            "@Upgrade method",
            entity(KEYS, "public record E(String a, String b, @DefaultValue(\"[]\") @Json List<String> c) {}")),
        error("an upgrade method that is not static is reported on the method", Rule.UPGRADE_METHOD, "up(",
            "is not static",
            entity(KEYS.replace("\"Things\")", "\"Things\", version = 2)"),
                "public record E(String a, String b) {\n"
                + "  @Upgrade void up(int from, Map<String, Object> properties) {}\n}")),
        error("an upgrade method with other parameters is reported with the signature to use", Rule.UPGRADE_METHOD,
            "up(", "static void up(int fromVersion, Map<String, Object> properties)",
            entity(KEYS.replace("\"Things\")", "\"Things\", version = 2)"),
                "public record E(String a, String b) {\n"
                + "  @Upgrade static void up(long from, Map<String, String> properties) {}\n}")),
        error("a second upgrade method is reported", Rule.UPGRADE_METHOD, "two(", "is a second one",
            entity(KEYS.replace("\"Things\")", "\"Things\", version = 2)"),
                "public record E(String a, String b) {\n"
                + "  @Upgrade static void one(int from, Map<String, Object> properties) {}\n"
                + "  @Upgrade static void two(int from, Map<String, Object> properties) {}\n}")),
        error("an upgrade method that throws a checked exception is reported", Rule.UPGRADE_METHOD, "up(",
            "throws the checked java.io.IOException",
            entity(KEYS.replace("\"Things\")", "\"Things\", version = 2)"),
                "public record E(String a, String b) {\n"
                + "  @Upgrade static void up(int from, Map<String, Object> properties) throws java.io.IOException {}\n}")),
        error("an upgrade method of a version 1 entity is reported: it can never run", Rule.UPGRADE_VERSION, "up(",
            "can never run",
            entity(KEYS, "public record E(String a, String b) {\n"
                + "  @Upgrade static void up(int from, Map<String, Object> properties) {}\n}")),
        error("a stored name that is no legal property name is reported on the @Property text", Rule.PROPERTY_NAME,
            "\"first name\"", "only letters, digits and '_'",
            entity(KEYS, "public record E(String a, String b, @Property(\"first name\") String c) {}")),
        error("a stored name reserved by tablemapper is reported on the @Property text", Rule.PROPERTY_NAME,
            "\"TmVersion\"", "reserved by tablemapper",
            entity(KEYS, "public record E(String a, String b, @Property(\"TmVersion\") int c) {}")),
        error("a PascalCase name that becomes a reserved one is reported on the property", Rule.PROPERTY_NAME,
            "entityType)", "cannot be stored as 'EntityType'",
            entity("@Naming(NamingStrategy.PASCAL_CASE)\n" + KEYS,
                "public record E(String a, String b, String entityType) {}")),
        error("@Property on a property that is not stored is reported", Rule.PROPERTY_NAME, "@Property",
            "is not stored",
            entity(KEYS, "public record E(String a, String b, @Property(\"C\") @Transient String c) {}")),
        error("two properties stored under one name are reported on the second", Rule.PROPERTY_NAME_DUPLICATE,
            "\"B\"", "like property 'b'",
            entity("@Naming(NamingStrategy.PASCAL_CASE)\n" + KEYS,
                "public record E(String a, String b, String c, @Property(\"B\") String d) {}")),
        // key templates
        error("a width without its leading zero is reported on the template", Rule.KEY_TEMPLATE_SYNTAX,
            "\"empid_{id:8}\"", "leading zero",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"empid_{id:8}\")",
                "public record E(String a, int id) {}")),
        error("a character keys may not hold in a literal is reported with the separators that work",
            Rule.KEY_FORBIDDEN_CHARACTER, "\"emp/{b}\"", "'/' (U+002F), which keys may not hold",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"emp/{b}\")",
                "public record E(String a, String b) {}")),
        error("a misspelled key property is reported with a suggestion", Rule.KEY_UNKNOWN_PROPERTY,
            "\"empid_{employeId:08}\"", "did you mean 'employeeId'?",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"empid_{employeId:08}\")",
                "public record E(String a, int employeeId) {}")),
        error("a key made of a transient property is reported", Rule.KEY_PROPERTY_NOT_STORED, "\"r_{b}\"",
            "@Transient",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"r_{b}\")",
                "public record E(String a, @Transient String b) {}")),
        error("a key made of a double is reported with the supported types", Rule.KEY_PROPERTY_TYPE,
            "\"r_{price}\"", "cannot be part of a key",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"r_{price}\")",
                "public record E(String a, double price) {}")),
        error("zero padding on a String is reported", Rule.KEY_TEMPLATE_TYPES, "\"r_{b:08}\"",
            "integral types only",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"r_{b:08}\")",
                "public record E(String a, String b) {}")),
        error("two Strings without a separator are reported", Rule.KEY_TEMPLATE_TYPES, "\"r_{b}{c}\"",
            "put a separator between them",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"r_{b}{c}\")",
                "public record E(String a, String b, String c) {}")),
        error("descending order on a String is reported", Rule.KEY_TEMPLATE_TYPES, "\"r_{b:desc}\"",
            ":desc applies to numbers and times only",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"r_{b:desc}\")",
                "public record E(String a, String b) {}")),
        error(".NET ticks on a number are reported", Rule.KEY_TEMPLATE_TYPES, "\"r_{b:ticksdesc}\"",
            ":ticksdesc applies to Instant, OffsetDateTime, LocalDateTime and LocalDate only",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"r_{b:ticksdesc}\")",
                "public record E(String a, long b) {}")),
        warning("a padding narrower than a long's values is a warning", Rule.KEY_WIDTH, "\"r_{b:08}\"",
            "whose values reach 9223372036854775807",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"r_{b:08}\")",
                "public record E(String a, long b) {}")),
        error("an enum constant holding the separator after its placeholder is reported", Rule.KEY_ENUM_CONSTANT,
            "\"s_{status}_{b}\"", "constant ON_HOLD contains '_'",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"s_{status}_{b}\")",
                "public record E(String a, Status status, String b) {\n  public enum Status { ACTIVE, ON_HOLD }\n}")),
        error("fixed-width values that push a key past 1 KiB are reported", Rule.KEY_TOO_LONG,
            "\"" + "y".repeat(1000), "always at least 1041 characters long",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"" + "y".repeat(1000)
                + "{b:020}_{c:020}\")", "public record E(String a, long b, long c) {}")),
        error("a literal longer than a key can be is reported", Rule.KEY_TOO_LONG, "\"" + longLiteral,
            "at most 1024",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"" + longLiteral + "{b}\")",
                "public record E(String a, String b) {}")),
        error("an index whose keys can equal the entity's is reported", Rule.KEY_SPACE_OVERLAP, "\"emp{email}\"",
            "do not start with one another",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"empid_{b}\")\n"
                + "@Index(name = \"email\", rowKey = \"emp{email}\")", "public record E(String a, String b, String email) {}")),
        error("an index without a literal prefix is reported", Rule.KEY_SPACE_OVERLAP, "\"{email}\"", "literal prefix",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"empid_{b}\")\n"
                + "@Index(name = \"email\", rowKey = \"{email}\")", "public record E(String a, String b, String email) {}")),
        error("another entity type of the table whose keys can equal an entity's is reported on the second",
            Rule.KEY_SPACE_OVERLAP, "\"employee_{b}\"", "can produce the same keys as the RowKey 'emp{b}' of test.A",
            source("A", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"emp{b}\")\n"
                + "public record A(String a, String b) {}"),
            source("B", "@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"employee_{b}\")\n"
                + "public record B(String a, String b) {}")),
        error("another entity type whose rows can equal an entity's index copies is reported on its RowKey",
            Rule.KEY_SPACE_OVERLAP, "\"email_{mail}\"", "the rowKey 'email_{c}' of index 'email' of test.A",
            source("A", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"a_{b}\")\n"
                + "@Index(name = \"email\", rowKey = \"email_{c}\")\npublic record A(String a, String b, String c) {}"),
            source("B", "@Entity(table = \"Things\") @PartitionKey(\"{a}\")\n@RowKey(\"email_{mail}\")\n"
                + "public record B(String a, String mail) {}")),
        error("a type whose rows can equal the copies another type's remote index keeps in its table is reported",
            Rule.KEY_SPACE_OVERLAP, "\"{b}\"", "the RowKey '{b}' of test.B can produce the same keys as the rowKey"
                + " '{c}' of index 'byC' of test.A ('{b}' starts with {b}, which can be any text), and both live in"
                + " table Others under PartitionKeys ('{a}' and 'c_{c}')",
            source("B", "@Entity(table = \"Others\") @PartitionKey(\"{a}\") @RowKey(\"{b}\")\n"
                + "public record B(String a, String b) {}"),
            source("A", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"a_{b}\")\n"
                + "@Index(name = \"byC\", table = \"Others\", partitionKey = \"c_{c}\", rowKey = \"{c}\")\n"
                + "public record A(String a, String b, String c) {}")),
        warning("a PartitionKey without a property is a warning: one hot partition", Rule.PARTITION_KEY_CONSTANT,
            "\"all\"", "lands in that one partition",
            entity("@Entity(table = \"Things\") @PartitionKey(\"all\") @RowKey(\"r_{b}\")",
                "public record E(String a, String b) {}")),
        warning("a PartitionKey led by a time is a warning: the prepend/append anti-pattern",
            Rule.PARTITION_KEY_TIME_LEADING, "\"{at}_{a}\"", "lead the PartitionKey with {a} instead",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{at}_{a}\") @RowKey(\"r_{b}\")",
                "public record E(java.time.Instant at, String a, String b) {}")),
        warning("log-style keys are a warning: the log data anti-pattern", Rule.LOG_DATA, "\"{day}\"",
            "stored like log data",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{day}\") @RowKey(\"{at}_{b}\")",
                "public record E(java.time.LocalDate day, java.time.Instant at, String b) {}")),
        warning("a literal PartitionKey over a RowKey led by a time is log data, and only that", Rule.LOG_DATA,
            "\"log\"", "is a literal",
            entity("@Entity(table = \"Things\") @PartitionKey(\"log\") @RowKey(\"{at:desc}_{b}\")",
                "public record E(java.time.Instant at, String b) {}")),
        error("an invalid index name is reported", Rule.INDEX_NAME, "\"e-mail\"", "letters and digits",
            entity(KEYS + "\n@Index(name = \"e-mail\", rowKey = \"email_{c}\")", "public record E(String a, String b, String c) {}")),
        error("an index name used twice is reported on the second", Rule.INDEX_NAME, "\"email\", rowKey = \"mail_",
            "declares index 'email' twice",
            entity(KEYS + "\n@Index(name = \"email\", rowKey = \"email_{c}\")\n@Index(name = \"email\", rowKey = \"mail_{c}\")",
                "public record E(String a, String b, String c) {}")),
        error("two indexes whose names differ only in case are reported on the second", Rule.INDEX_NAME,
            "\"Email\"", "differs only in case",
            entity(KEYS + "\n@Index(name = \"email\", rowKey = \"email_{c}\")\n@Index(name = \"Email\", rowKey = \"mail_{c}\")",
                "public record E(String a, String b, String c) {}")),
        error("an index declared not unique whose key lacks the entity's RowKey components is reported",
            Rule.INDEX_UNIQUENESS, "false", "lacks b of the RowKey 'r_{b}'",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"c_{c}\", unique = false)",
                "public record E(String a, String b, String c) {}")),
        error("an index declared unique whose key holds the entity's RowKey components is reported",
            Rule.INDEX_UNIQUENESS, "true", "nothing can refuse a second one",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"c_{c}_{b}\", unique = true)",
                "public record E(String a, String b, String c) {}")),
        error("an index in an invalid table is reported", Rule.INDEX_TABLE, "\"x\")", "not a valid table name",
            entity(KEYS + "\n@Index(name = \"email\", rowKey = \"email_{c}\", partitionKey = \"e_{c}\", table = \"x\")",
                "public record E(String a, String b, String c) {}")),
        error("a remote index declared not unique whose keys lack the entity's keys is reported",
            Rule.INDEX_UNIQUENESS, "false", "lack a of the entity's keys",
            entity(KEYS + "\n@Index(name = \"byC\", partitionKey = \"c_{c}\", rowKey = \"{b}\", unique = false)",
                "public record E(String a, String b, String c) {}")),
        error("copies that answer queries on a keys-only index are reported on reads", Rule.INDEX_READS,
            ".COPIES", "hold only keys of E entities",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"k\", partitionKey = \"e_{c}\","
                + " form = io.tablemapper.annotations.IndexForm.KEYS, reads = io.tablemapper.annotations.IndexReads.COPIES)",
                "public record E(String a, String b, String c) {}")),
        error("copies that answer queries on a key-list index are reported on reads", Rule.INDEX_READS,
            ".COPIES", "form = KEY_LIST and reads = COPIES",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"ids\", partitionKey = \"e_{c}\", unique = false,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST,"
                + " reads = io.tablemapper.annotations.IndexReads.COPIES)", "public record E(String a, String b, String c) {}")),
        error("copies that answer queries on an index in the entity's partition are reported on reads",
            Rule.INDEX_READS, ".COPIES", "already answers a query alone",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"c_{c}\","
                + " reads = io.tablemapper.annotations.IndexReads.COPIES)", "public record E(String a, String b, String c) {}")),
        error("a keys-only index that names properties to copy is reported on them", Rule.INDEX_FORM, "{\"c\"}",
            "remove properties to keep the keys alone",
            entity(KEYS + "\n@Index(name = \"email\", rowKey = \"k\", partitionKey = \"e_{c}\", properties = {\"c\"},"
                + " form = io.tablemapper.annotations.IndexForm.KEYS)", "public record E(String a, String b, String c) {}")),
        error("a key-list index that names properties to copy is reported on them", Rule.INDEX_FORM, "{\"c\"}",
            "form = KEY_LIST",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"ids\", partitionKey = \"e_{c}\", properties = {\"c\"},"
                + " unique = false, form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, String b, String c) {}")),
        error("a key-list index in the entity's partition keyed by the rest of the entity's keys is reported on its"
            + " rowKey", Rule.INDEX_FORM, "\"c_{b}\"", "each list would hold one E",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"c_{b}\", unique = false,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, String b, String c) {}")),
        error("a key-list index in the entity's partition left unique is reported", Rule.INDEX_FORM, "true",
            "write unique = false",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"c_{c}\", unique = true,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, String b, String c) {}")),
        error("a key-list index left unique is reported", Rule.INDEX_FORM, "true", "write unique = false",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"ids\", partitionKey = \"c_{c}\", unique = true,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, String b, String c) {}")),
        error("a key-list index keyed by every component of the entity's keys is reported on its rowKey",
            Rule.INDEX_FORM, "\"{a}_{b}\"", "each list would hold one E",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"{a}_{b}\", partitionKey = \"c_{c}\", unique = false,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, String b, String c) {}")),
        error("one result from a key list, which lists several, is reported as not unique", Rule.QUERY_NOT_UNIQUE,
            "findByC(", "can match several",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"ids\", partitionKey = \"c_{c}\", unique = false,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, String b, String c) {}"),
            source("ERepository", "@Repository\npublic interface ERepository extends TableRepository<E> {\n"
                + "  Optional<E> findByC(String c);\n}\n")),
        error("a key list whose part rows can take the entity's RowKeys is reported on its rowKey",
            Rule.KEY_SPACE_OVERLAP, "\"ids\"", "index 'byC' of E has rowKey 'ids'",
            entity("@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"ids~{b:04}\")\n"
                + "@Index(name = \"byC\", rowKey = \"ids\", unique = false,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, int b, String c) {}")),
        warning("a key list whose RowKeys end with a String can end as another value's part rows: a warning naming it",
            Rule.INDEX_LIST_ROW_KEY, "\"c_{c}\"", "through its component {c}",
            entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"c_{c}\", unique = false,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, String b, String c) {}")),
        warning("a '~' and a digit before a number of three digits end a key list's RowKey in '~' and four digits",
            Rule.INDEX_LIST_ROW_KEY, "\"c_{c}~0{n:03}\"", "rowKey = \"c_{c}~0{n:03}_\"",
            entity(KEYS + "\n@Index(name = \"byC\", partitionKey = \"c_{c}\", rowKey = \"c_{c}~0{n:03}\", unique = false,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)",
                "public record E(String a, String b, String c, int n) {}")),
        warning("a literal '~' and four digits ending a key list's RowKey is named as the component at fault",
            Rule.INDEX_LIST_ROW_KEY, "\"{c}~2024\"", "through its literal '~2024'",
            entity(KEYS + "\n@Index(name = \"byC\", table = \"Lists\", rowKey = \"{c}~2024\", unique = false,"
                + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)", "public record E(String a, String b, String c) {}")),
        warning("a remote index whose PartitionKey is a literal is a warning: one hot partition",
            Rule.INDEX_HOT_PARTITION, "\"all\"", "lands in that one partition",
            entity(KEYS + "\n@Index(name = \"byC\", partitionKey = \"all\", rowKey = \"c_{c}\")",
                "public record E(String a, String b, String c) {}")),
        error("an index copying an unknown property is reported", Rule.INDEX_UNKNOWN_PROPERTY, "{\"cc\"}",
            "did you mean 'c'",
            entity(KEYS + "\n@Index(name = \"email\", rowKey = \"email_{c}\", properties = {\"cc\"})",
                "public record E(String a, String b, String c) {}")),
        // encryption
        error("an encrypted number is reported, naming the types that can be encrypted", Rule.ENCRYPTED_TYPE,
            "age)", "annotate it @Json as well",
            entity(KEYS, "public record E(String a, String b, @Encrypted int age) {}")),
        error("an encrypted ETag is reported as annotations that exclude each other", Rule.PROPERTY_ANNOTATIONS,
            "etag)", "@ETag @Encrypted",
            entity(KEYS, "public record E(String a, String b, @Encrypted @ETag String etag) {}")),
        error("an encrypted property in the RowKey is reported", Rule.ENCRYPTED_KEY, "\"r_{b}\"",
            "refers to 'b', which is @Encrypted",
            entity(KEYS, "public record E(String a, @Encrypted String b) {}")),
        error("an encrypted property in an index's RowKey is reported", Rule.ENCRYPTED_KEY, "\"email_{c}\"",
            "@Index(name = \"email\") rowKey of E refers to 'c', which is @Encrypted",
            entity(KEYS + "\n@Index(name = \"email\", rowKey = \"email_{c}\")",
                "public record E(String a, String b, @Encrypted String c) {}")),
        error("a condition on an encrypted property is reported", Rule.QUERY_ENCRYPTED_PROPERTY, "findByAAndC(",
            "the property is @Encrypted",
            entity(KEYS, "public record E(String a, String b, @Encrypted String c) {}"),
            source("ERepository", "@Repository\npublic interface ERepository extends TableRepository<E> {\n"
                + "  @AllowScan List<E> findByAAndC(String a, String c);\n}\n")),
        // wide entities
        error("a wide entity's head naming no property is reported on the head", Rule.WIDE_HEAD, "\"nope\"",
            "@Wide(head) of E names 'nope', which is not a property of E",
            entity(WIDE_KEYS + " @Wide(head = \"nope\")", "public record E(String a, int b, String c) {}")),
        error("a wide entity whose RowKey ends with a String is reported on the RowKey", Rule.WIDE_ROW_KEY,
            "\"r_{b}\"", "ends with the String 'b', so the RowKey of a part row ('r_{b}~01')",
            entity(KEYS + " @Wide", "public record E(String a, String b, String c) {}")),
        error("a wide entity's index that copies it whole is reported on the index", Rule.WIDE_SHAPE, "@Index(",
            "copies the whole entity, which does not fit one row",
            entity(WIDE_KEYS + " @Wide @Index(name = \"byC\", rowKey = \"c_{c}_{b:04}\")",
                "public record E(String a, int b, String c) {}")),
        error("a wide entity's remote index is reported on the index", Rule.WIDE_SHAPE, "@Index(",
            "lives outside the entity's partition",
            entity(WIDE_KEYS + " @Wide @Index(name = \"byC\", partitionKey = \"c_{c}\", rowKey = \"{b:04}\","
                + " form = IndexForm.KEYS)", "public record E(String a, int b, String c) {}")),
        error("a wide subtype is reported on its @Wide", Rule.WIDE_SHAPE, "@Wide",
            "a wide entity is a concrete class of its own", ROOT,
            source("S", "@Entity(type = \"S\") @Wide\npublic class S extends P { public int c; }")),
        error("a wide entity with more properties than its transaction holds beside its index copies is reported",
            Rule.WIDE_CAPACITY, "@Wide", "E stores 502 properties; a wide entity with 49 index(es) holds at most 498",
            entity(WIDE_KEYS + " @Wide " + IntStream.range(0, 49).mapToObj(i -> "@Index(name = \"i" + i
                    + "\", rowKey = \"i" + i + "_{b:04}\", form = IndexForm.KEYS)").collect(Collectors.joining(" ")),
                "public class E { public String a; public int b; "
                    + IntStream.range(0, 500).mapToObj(i -> "public int p" + i + ";").collect(Collectors.joining(" "))
                    + " }")),
        error("a condition on a property outside a wide entity's head is reported on the method",
            Rule.QUERY_WIDE_PROPERTY, "findByAAndC(", "'c' is outside the head row of the @Wide E",
            entity(WIDE_KEYS + " @Wide", "public record E(String a, int b, String c) {}"),
            source("ERepository", "@Repository\npublic interface ERepository extends TableRepository<E> {\n"
                + "  @AllowScan List<E> findByAAndC(String a, String c);\n}\n")),
        error("a projection of a property outside a wide entity's head is reported on its component",
            Rule.QUERY_WIDE_PROPERTY, "c)", "its component 'c' is outside the head row of the @Wide E",
            entity(WIDE_KEYS + " @Wide(head = \"d\")", "public record E(String a, int b, String c, String d) {}"),
            source("C", "public record C(String d, String c) {}"),
            source("ERepository", "@Repository public interface ERepository extends TableRepository<E> {\n"
                + "  List<C> findByA(String a);\n}")),
        // large values
        error("a large number is reported, naming the types stored out of the row", Rule.LARGE_TYPE, "count)",
            "only byte[], String and @Json properties",
            entity(KEYS, "public record E(String a, String b, @Large long count) {}")),
        error("a large Timestamp is reported as annotations that exclude each other", Rule.PROPERTY_ANNOTATIONS,
            "at)", "@Timestamp @Large",
            entity(KEYS, "public record E(String a, String b, @Large @Timestamp java.time.Instant at) {}")),
        error("a large property in the PartitionKey is reported", Rule.LARGE_KEY, "\"{a}\"",
            "refers to 'a', which is @Large",
            entity(KEYS, "public record E(@Large String a, String b) {}")),
        error("a large property in an index's RowKey is reported", Rule.LARGE_KEY, "\"photo_{c}\"",
            "@Index(name = \"photo\") rowKey of E refers to 'c', which is @Large",
            entity(KEYS + "\n@Index(name = \"photo\", rowKey = \"photo_{c}\")",
                "public record E(String a, String b, @Large String c) {}")),
        error("a condition on a large property is reported", Rule.QUERY_LARGE_PROPERTY, "findByAAndC(",
            "the property is @Large",
            entity(KEYS, "public record E(String a, String b, @Large String c) {}"),
            source("ERepository", "@Repository\npublic interface ERepository extends TableRepository<E> {\n"
                + "  @AllowScan List<E> findByAAndC(String a, String c);\n}\n")),
        // repositories
        error("a repository that is a class is reported", Rule.REPOSITORY_KIND, "class EmployeeRepository",
            "not an interface", employee(),
            source("EmployeeRepository", "@Repository public abstract class EmployeeRepository {}")),
        error("a repository of a non-entity is reported", Rule.REPOSITORY_ENTITY, "interface StringRepository",
            "not annotated @Entity",
            source("StringRepository", "@Repository public interface StringRepository extends TableRepository<String> {}")),
        error("a method that is not a derived query is reported", Rule.QUERY_METHOD_NAME, "fetchByDepartment(",
            "starts with find, get, stream, count, exists or delete", employee(),
            repository("  List<Employee> fetchByDepartment(String department);")),
        error("a misspelled property of a merge method is reported with a suggestion", Rule.MERGE_UNKNOWN_PROPERTY,
            "mergeAgBy", "merge method mergeAgByDepartmentAndEmployeeId names 'ag', which is not a property of"
                + " Employee (did you mean 'age'?)", employee(),
            repository("  void mergeAgByDepartmentAndEmployeeId(int ag, String department, int employeeId);")),
        error("a merge method that merges a key property is reported", Rule.MERGE_KEY_PROPERTY,
            "mergeEmployeeIdBy", "names 'employeeId', which is part of the RowKey 'empid_{employeeId:08}' of"
                + " Employee: the keys say which entity is merged into", employee(),
            repository("  void mergeEmployeeIdByDepartmentAndEmployeeId(int id, String department,"
                + " int employeeId);")),
        error("a merge method that merges the ETag is reported", Rule.MERGE_NOT_STORED, "mergeEtagBy",
            "names 'etag', which is its @ETag in Employee and not stored as a property", employee(),
            repository("  void mergeEtagByDepartmentAndEmployeeId(String etag, String department, int employeeId);")),
        error("a merge method that names a property twice is reported", Rule.MERGE_PROPERTIES, "mergeAgeAndAgeBy",
            "names 'age' twice", employee(),
            repository("  void mergeAgeAndAgeByDepartmentAndEmployeeId(int a, int b, String department,"
                + " int employeeId);")),
        error("a merge method into an entity with a remote index is reported", Rule.MERGE_REMOTE_INDEX, "mergeNBy",
            "whose index 'byC' lives in another partition or table",
            source("R", "@Entity(table = \"Things\") @PartitionKey(\"{a}\") @RowKey(\"r_{b}\")\n"
                + "@Index(name = \"byC\", partitionKey = \"c_{c}\", rowKey = \"byC_{a}_{b}\")\n"
                + "public record R(String a, String b, String c, int n) {}"),
            source("RRepository", "@Repository\npublic interface RRepository extends TableRepository<R> {\n"
                + "  void mergeNByAAndB(int n, String a, String b);\n}\n")),
        error("a merge method that lacks a key property is reported with the keys", Rule.MERGE_METHOD,
            "mergeAgeBy", "By lacks employeeId", employee(),
            repository("  void mergeAgeByDepartment(int age, String department);")),
        error("a merge method parameter of another type is reported on the parameter", Rule.MERGE_METHOD,
            "age,\n", "declare it as int", employee(),
            repository("  void mergeAgeByDepartmentAndEmployeeId(long age,\n      String department, int employeeId);")),
        error("an ETag on an upsert-merge method is reported on the parameter", Rule.MERGE_METHOD, "tag);",
            "an upsertMerge inserts the entity when none is stored, so it has no ETag condition", employee(),
            repository("  void upsertMergeAgeByDepartmentAndEmployeeId(int age, String department, int employeeId,"
                + " @ETag String tag);")),
        error("a merge method returning something else is reported", Rule.MERGE_METHOD, "mergeAgeBy",
            "a merge method returns void or Employee", employee(),
            repository("  long mergeAgeByDepartmentAndEmployeeId(int age, String department, int employeeId);")),
        error("a misspelled property in a method name is reported with a suggestion", Rule.QUERY_UNKNOWN_PROPERTY,
            "findByDepartmentAndEmial(", "did you mean 'email'?", employee(),
            repository("  Optional<Employee> findByDepartmentAndEmial(String department, String email);")),
        error("a condition on a JSON property is reported", Rule.QUERY_PROPERTY_NOT_QUERYABLE, "findByDepartmentAndTags(",
            "stored as @Json", employee(),
            repository("  List<Employee> findByDepartmentAndTags(String department, List<String> tags);")),
        error("two conditions on one property are reported", Rule.QUERY_DUPLICATE_CONDITION,
            "findByDepartmentAndAgeAndAge(", "appears in two conditions", employee(),
            repository("  List<Employee> findByDepartmentAndAgeAndAge(String department, int a, int b);")),
        error("StartsWith on a number is reported", Rule.QUERY_OPERATOR_TYPE, "findByDepartmentAndAgeStartsWith(",
            "String properties only", employee(),
            repository("  List<Employee> findByDepartmentAndAgeStartsWith(String department, int age);")),
        error("Between on a BigDecimal says to store cents as a long or to key by them", Rule.QUERY_OPERATOR_TYPE,
            "findByCustomerAndAmountBetween(", "InvoiceRepository.findByCustomerAndAmountBetween(String customer,"
                + " BigDecimal from, BigDecimal to): condition on 'amount' uses Between, but java.math.BigDecimal values are stored as their exact"
                + " text (Edm.String), which does not sort like the numbers (\"10.50\" comes before \"9.99\"); for a"
                + " range, store the amount in its smallest unit as a long ('amountCents', 1999 for 19.99), which the"
                + " store compares as a number, or make that long a key component ({amountCents} in @RowKey is an"
                + " order-preserving encoding, so the range reads a key range); else compare 'amount' by equality"
                + " only", invoice(),
            invoices("  List<Invoice> findByCustomerAndAmountBetween(String customer, BigDecimal from,"
                + " BigDecimal to);")),
        error("GreaterThan on a BigInteger says to declare it a long", Rule.QUERY_OPERATOR_TYPE,
            "findByCustomerAndSequenceGreaterThan(", "declare 'sequence' a long if its values fit", invoice(),
            invoices("  List<Invoice> findByCustomerAndSequenceGreaterThan(String customer, BigInteger after);")),
        error("LessThan on a UUID says to compare it by equality", Rule.QUERY_OPERATOR_TYPE,
            "findByCustomerAndReferenceLessThan(", "uses LessThan, but java.util.UUID values are stored as Edm.Guid"
                + " text or bytes that do not sort like the values; compare it by equality only", invoice(),
            invoices("  List<Invoice> findByCustomerAndReferenceLessThan(String customer, UUID before);")),
        error("a parameter count that does not fit the conditions is reported", Rule.QUERY_PARAMETER_COUNT,
            "findByDepartmentAndEmployeeIdBetween(", "take 3 parameters", employee(),
            repository("  List<Employee> findByDepartmentAndEmployeeIdBetween(String department, int from);")),
        error("a parameter of the wrong type is reported on the parameter", Rule.QUERY_PARAMETER_TYPE, "employeeId);",
            "declare it as int", employee(),
            repository("  Optional<Employee> findByDepartmentAndEmployeeId(String department,\n      long employeeId);")),
        error("In with a collection of another type is reported on the parameter", Rule.QUERY_PARAMETER_TYPE,
            "ids);", "declare it as Collection<java.lang.Integer>", employee(),
            repository("  List<Employee> findByDepartmentAndEmployeeIdIn(String department,\n"
                + "      Collection<Long> ids);")),
        error("In with a parameter that is not a collection is reported on the parameter", Rule.QUERY_PARAMETER_TYPE,
            "ids);", "with each element of a collection", employee(),
            repository("  List<Employee> findByDepartmentAndEmployeeIdIn(String department,\n      int ids);")),
        error("a Page over the reads of an In on a key is refused", Rule.QUERY_RETURN_TYPE, "findByDepartmentIn(",
            "a page token cannot resume several reads", employee(),
            repository("  Page<Employee> findByDepartmentIn(Collection<String> departments, PageRequest page);")),
        error("one result from point reads of an In is reported as not unique", Rule.QUERY_NOT_UNIQUE,
            "findByDepartmentAndEmployeeIdIn(", "can match several", employee(),
            repository("  Optional<Employee> findByDepartmentAndEmployeeIdIn(String department, Set<Integer> ids);")),
        error("an ordering by a RowKey property across the partitions of an In is refused", Rule.QUERY_ORDER,
            "findByDepartmentInOrderByEmployeeId(", "employeeId", employee(),
            repository("  List<Employee> findByDepartmentInOrderByEmployeeId(Collection<String> departments);")),
        error("IsNull on a primitive property, which is never absent, is reported", Rule.QUERY_OPERATOR_TYPE,
            "findByDepartmentAndAgeIsNull(", "never absent", employee(),
            repository("  @AllowScan List<Employee> findByDepartmentAndAgeIsNull(String department);")),
        error("IsNotNull counts no parameter, so one more is reported", Rule.QUERY_PARAMETER_COUNT,
            "findByDepartmentAndEmailIsNotNull(", "its conditions take 1 parameter (department)", employee(),
            repository("  @AllowScan List<Employee> findByDepartmentAndEmailIsNotNull(String department,"
                + " String email);")),
        error("Not with a parameter of another type is reported on the parameter", Rule.QUERY_PARAMETER_TYPE,
            "age);", "declare it as int", employee(),
            repository("  @AllowScan List<Employee> findByDepartmentAndAgeNot(String department, String age);")),
        error("an Or whose branch binds no PartitionKey is a table scan, naming the branch", Rule.QUERY_TABLE_SCAN,
            "findByDepartmentAndLastNameOrFirstName(", "because the branch (firstName) of its Or binds no PartitionKey",
            employee(), repository("  List<Employee> findByDepartmentAndLastNameOrFirstName(String"
                + " department, String lastName, String firstName);")),
        warning("an Or with a branch that scans its partition is warned about", Rule.QUERY_PARTITION_SCAN,
            "findByDepartmentAndAgeOrDepartmentAndEmployeeId(", "has a branch of its Or that scans every Employee",
            employee(), repository("  List<Employee> findByDepartmentAndAgeOrDepartmentAndEmployeeId(String d1,"
                + " int age, String d2, int id);")),
        error("a Page over the union of an Or is refused", Rule.QUERY_RETURN_TYPE,
            "findByDepartmentAndEmployeeIdOrDepartmentAndEmail(", "is one read per branch of its Or, and a page token",
            employee(), repository("  Page<Employee> findByDepartmentAndEmployeeIdOrDepartmentAndEmail(String d1,"
                + " int id, String d2, String email, PageRequest page);")),
        error("an OrderBy on an Or is refused", Rule.QUERY_ORDER,
            "findByDepartmentOrDepartmentOrderByEmployeeId(", "branches of an Or are merged in key order",
            employee(), repository("  List<Employee> findByDepartmentOrDepartmentOrderByEmployeeId(String d1,"
                + " String d2);")),
        error("one result from the union of an Or of points is not unique", Rule.QUERY_NOT_UNIQUE,
            "findByDepartmentAndEmployeeIdOrDepartmentAndEmail(", "can match several", employee(),
            repository("  Optional<Employee> findByDepartmentAndEmployeeIdOrDepartmentAndEmail(String d1, int id,"
                + " String d2, String email);")),
        error("two conditions on one property in one branch of an Or are reported", Rule.QUERY_DUPLICATE_CONDITION,
            "findByDepartmentAndAgeAndAgeOrDepartment(", "two conditions of one branch of its Or", employee(),
            repository("  List<Employee> findByDepartmentAndAgeAndAgeOrDepartment(String d1, int a, int b,"
                + " String d2);")),
        error("a misspelled property after an Or is reported with a suggestion", Rule.QUERY_UNKNOWN_PROPERTY,
            "findByDepartmentOrDepartmnt(", "did you mean 'department'?", employee(),
            repository("  List<Employee> findByDepartmentOrDepartmnt(String d1, String d2);")),
        error("an unsupported return type is reported", Rule.QUERY_RETURN_TYPE, "findByDepartment(",
            "cannot return", employee(),
            repository("  Set<Employee> findByDepartment(String department);")),
        error("a future of a Stream is refused, pointing to a future of a List", Rule.QUERY_ASYNC_RETURN,
            "findByDepartment(", "return CompletableFuture<List<...>>", employee(),
            repository("  java.util.concurrent.CompletableFuture<Stream<Employee>>\n"
                + "      findByDepartment(String department);")),
        error("a raw future is refused, asking for its result", Rule.QUERY_ASYNC_RETURN, "findByDepartment(",
            "does not say what it completes with", employee(),
            repository("  @SuppressWarnings(\"rawtypes\") java.util.concurrent.CompletableFuture\n"
                + "      findByDepartment(String department);")),
        error("a future of a wildcard is refused", Rule.QUERY_ASYNC_RETURN, "countByDepartment(",
            "CompletableFuture<Long> for a count", employee(),
            repository("  java.util.concurrent.CompletableFuture<?> countByDepartment(String department);")),
        error("a future of what the kind cannot return names the boxed returns", Rule.QUERY_RETURN_TYPE,
            "countByDepartment(", "cannot return java.util.concurrent.CompletableFuture<java.lang.Integer>", employee(),
            repository("  java.util.concurrent.CompletableFuture<Integer>\n"
                + "      countByDepartment(String department);")),
        error("a single result from a query that can match several is reported", Rule.QUERY_NOT_UNIQUE,
            "findByDepartment(", "can match several", employee(),
            repository("  Optional<Employee> findByDepartment(String department);")),
        error("a Top limit on a count is reported", Rule.QUERY_RETURN_TYPE, "countTop3ByDepartment(", "no First/Top limit",
            employee(), repository("  long countTop3ByDepartment(String department);")),
        error("Top without a number is reported", Rule.QUERY_LIMIT, "findTopByDepartment(", "Top needs a number",
            employee(), repository("  List<Employee> findTopByDepartment(String department);")),
        error("a generic query method is reported", Rule.QUERY_GENERIC_METHOD, "findByDepartment(",
            "no type parameters", employee(),
            repository("  <X> List<Employee> findByDepartment(String department);")),
        error("a misspelled property after OrderBy is reported with a suggestion", Rule.QUERY_UNKNOWN_PROPERTY,
            "findByDepartmentOrderByEmployeId(", "did you mean 'employeeId'?", employee(),
            repository("  List<Employee> findByDepartmentOrderByEmployeId(String department);")),
        error("an ordering no key gives is reported with what the keys give", Rule.QUERY_ORDER,
            "findByDepartmentOrderByAge(", "their RowKey empid_{employeeId:08} gives them by employeeId", employee(),
            repository("  List<Employee> findByDepartmentOrderByAge(String department);")),
        error("a single result through a root whose subtypes have RowKeys of their own is reported",
            Rule.QUERY_NOT_UNIQUE,
            "findByAAndB(", "can match several", KEYLESS_ROOT,
            source("PRepository", "@Repository public interface PRepository extends TableRepository<P> {\n"
                + "  @AllowScan Optional<P> findByAAndB(String a, String b);\n}")),
        error("an ordering through a root whose subtypes have RowKeys of their own is reported", Rule.QUERY_ORDER,
            "findByAOrderByB(", "the RowKey of each of its subtypes gives no order of properties", KEYLESS_ROOT,
            source("PRepository", "@Repository public interface PRepository extends TableRepository<P> {\n"
                + "  @AllowScan List<P> findByAOrderByB(String a);\n}")),
        error("a descending ordering of an ascending key is reported", Rule.QUERY_ORDER,
            "findByDepartmentOrderByEmployeeIdDesc(", "the store cannot sort", employee(),
            repository("  List<Employee> findByDepartmentOrderByEmployeeIdDesc(String department);")),
        error("an ordering on a count is reported", Rule.QUERY_ORDER, "countByDepartmentOrderByEmployeeId(",
            "OrderBy means nothing", employee(),
            repository("  long countByDepartmentOrderByEmployeeId(String department);")),
        error("a limit over every partition is reported even with @AllowScan", Rule.QUERY_ORDER, "findTop3ByLastName(",
            "orders rows only within a partition", employee(),
            repository("  @AllowScan List<Employee> findTop3ByLastName(String lastName);")),
        error("a table scan without @AllowScan is an error", Rule.QUERY_TABLE_SCAN, "findByLastName(",
            "annotate the method @AllowScan", employee(),
            repository("  List<Employee> findByLastName(String lastName);")),
        error("a projection component that names no property is reported on it with a suggestion",
            Rule.QUERY_PROJECTION, "fristName,", "findByDepartment(String department): returns EmployeeName as a"
                + " projection of Employee, but its component 'fristName' is not a property of Employee (did you mean 'firstName'?)",
            employee(), source("EmployeeName", "public record EmployeeName(String fristName, String lastName) {}"),
            repository("  List<EmployeeName> findByDepartment(String department);")),
        error("a projection component of another type than its property is reported on it with the type to declare",
            Rule.QUERY_PROJECTION, "age)",
            "its component 'age' is long, but 'age' of Employee is int; declare the component as int", employee(),
            source("EmployeeAge", "public record EmployeeAge(String lastName, long age) {}"),
            repository("  List<EmployeeAge> findByDepartment(String department);")),
        error("a boxed projection component of a primitive property is reported", Rule.QUERY_PROJECTION,
            "employeeId)", "its component 'employeeId' is java.lang.Integer, but 'employeeId' of"
                + " Employee is int", employee(),
            source("EmployeeId", "public record EmployeeId(Integer employeeId) {}"),
            repository("  EmployeeId getByDepartmentAndEmployeeId(String department, int employeeId);")),
        error("a projection of a transient property is reported", Rule.QUERY_PROJECTION, "c)",
            "its component 'c' is @Transient in E", entity(KEYS, "public record E(String a, String b, @Transient"
                + " String c) {}"), source("C", "public record C(String b, String c) {}"),
            source("ERepository", "@Repository public interface ERepository extends TableRepository<E> {\n"
                + "  List<C> findByA(String a);\n}")),
        error("an entity returned by a repository of another entity is reported", Rule.QUERY_PROJECTION,
            "findByDepartment(", "but E is an @Entity of its own", employee(),
            entity(KEYS, "public record E(String a, String b) {}"),
            repository("  List<E> findByDepartment(String department);")),
        error("a projection without components is reported", Rule.QUERY_PROJECTION, "findByDepartment(",
            "has no components", employee(), source("Nothing", "public record Nothing() {}"),
            repository("  List<Nothing> findByDepartment(String department);")),
        error("a generic projection is reported", Rule.QUERY_PROJECTION, "findByDepartment(",
            "has type parameters", employee(), source("Named", "public record Named<X>(X firstName) {}"),
            repository("  List<Named<String>> findByDepartment(String department);")),
        error("a single projection from a query that can match several is reported naming the record",
            Rule.QUERY_NOT_UNIQUE, "findByDepartment(", "returns one EmployeeName but its plan", employee(),
            source("EmployeeName", "public record EmployeeName(String firstName) {}"),
            repository("  Optional<EmployeeName> findByDepartment(String department);")),
        error("a page of projections without a PageRequest is reported naming the record", Rule.QUERY_RETURN_TYPE,
            "findByDepartment(", "returns Page<EmployeeName> and so needs a trailing PageRequest", employee(),
            source("EmployeeName", "public record EmployeeName(String firstName) {}"),
            repository("  Page<EmployeeName> findByDepartment(String department);")),
        error("a projection from a count is reported as a return a count cannot have", Rule.QUERY_RETURN_TYPE,
            "countByDepartment(", "cannot return", employee(),
            source("EmployeeName", "public record EmployeeName(String firstName) {}"),
            repository("  List<EmployeeName> countByDepartment(String department);")),
        warning("a partition scan without @AllowScan is a warning", Rule.QUERY_PARTITION_SCAN,
            "findByDepartmentAndAge(", "@AllowScan", employee(),
            repository("  List<Employee> findByDepartmentAndAge(String department, int age);")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsTheMistakeOnceOnTheElementAtFault(
      String behaviour, Diagnostic.Kind kind, String id, String at, String contains, JavaFileObject[] sources) {
    Compilation compilation = compile(sources);
    List<Diagnostic<? extends JavaFileObject>> reported = kind == Diagnostic.Kind.ERROR
        ? List.copyOf(compilation.errors()) : warningsOnly(compilation);
    assertThat(reported).as("diagnostics of kind %s", kind).hasSize(1);
    Diagnostic<? extends JavaFileObject> diagnostic = reported.get(0);
    assertThat(diagnostic.getMessage(null)).startsWith("[" + id + "]").contains(contains);
    if (kind == Diagnostic.Kind.ERROR) {
      assertThat(warningsOnly(compilation)).as("warnings beside the error").isEmpty();
    } else {
      assertThat(compilation).succeeded();
    }
    String text = contents(diagnostic.getSource());
    int element = text.indexOf(at);
    assertThat(element).as("'%s' in %s", at, diagnostic.getSource().getName()).isNotNegative();
    assertThat(text.indexOf(at, element + 1)).as("'%s' appears once", at).isNegative();
    assertThat(diagnostic.getPosition()).as("position of the element").isEqualTo(element);
    assertThat(diagnostic.getLineNumber()).as("line").isEqualTo(lineOf(text, element));
  }

  @Test
  void everyRuleOfTheCatalogueHasACaseOfItsSeverity() {
    Map<String, Diagnostic.Kind> tested = new HashMap<>();
    cases().forEach(arguments -> tested.put((String) arguments.get()[2], (Diagnostic.Kind) arguments.get()[1]));
    // UnresolvedType needs a type that never appears (GeneratedSourcesTest); ProcessorFailure reports a processor bug;
    // NamingOption needs a compiler option (its own tests below), StoreOption and QueryClientSort too (their tests
    // are StoreTargetTest's); RuntimeMappingUnsupported is the runtime's alone; the Jakarta Data rules need
    // jakarta.data on the path, and JakartaRepositoriesTest has their cases.
    Set<Rule> elsewhere = EnumSet.of(Rule.UNRESOLVED_TYPE, Rule.PROCESSOR_FAILURE, Rule.NAMING_OPTION,
        Rule.STORE_OPTION, Rule.QUERY_CLIENT_SORT, Rule.RUNTIME_MAPPING_UNSUPPORTED, Rule.JAKARTA_KEY_TYPE,
        Rule.JAKARTA_OFFSET_PAGE, Rule.JAKARTA_DYNAMIC_SORT, Rule.JAKARTA_INHERITED_SCAN, Rule.JAKARTA_METHOD,
        Rule.JAKARTA_OPTION, Rule.JAKARTA_REFUSED_METHOD, Rule.JAKARTA_CLIENT_QUERY);
    for (Rule rule : Rule.values()) {
      if (!elsewhere.contains(rule)) {
        assertThat(tested).as("a case of [%s]", rule.id())
            .containsEntry(rule.id(), rule.severity() == Rule.Severity.ERROR ? Diagnostic.Kind.ERROR
                : Diagnostic.Kind.WARNING);
      }
    }
  }

  /**
   * A merge method builds its entity with null for each property it does not name; an immutable class's constructor
   * that marks such a parameter non-null ({@code @NotNull}, as kapt's stub of a Kotlin type without {@code ?} does)
   * would refuse it. Apart from the table: the test's own {@code NotNull}, claimed by no processor, draws a warning.
   */
  @Test
  void aMergeMethodThatWouldPassNullToANonNullConstructorParameterIsReportedOnTheMethod() {
    JavaFileObject repository = source("ERepository", "@Repository public interface ERepository"
        + " extends TableRepository<E> {\n  void mergeCByAAndB(String c, String a, String b);\n}\n");
    Compilation compilation = compile(
        source("NotNull", "public @interface NotNull {}"),
        entity(KEYS, "public class E { private final String a; private final String b; private final String c;"
            + " private final String d; private final Integer e; public E(@NotNull String a, @NotNull String b,"
            + " String c, @NotNull String d, Integer e) { this.a = a; this.b = b; this.c = c; this.d = d;"
            + " this.e = e; } public String getA() { return a; } public String getB() { return b; }"
            + " public String getC() { return c; } public String getD() { return d; }"
            + " public Integer getE() { return e; } }"),
        repository);

    assertThat(compilation.errors()).singleElement().satisfies(error -> {
      assertThat(error.getMessage(null)).startsWith("[" + Rule.MERGE_METHOD.id() + "]")
          .contains("refuses null for 'd' (@NotNull: a Kotlin type without '?'); make it nullable, or merge a whole"
              + " entity with merge(entity, \"c\")");
      assertThat(error.getSource()).isEqualTo(repository);
      assertThat(error.getPosition()).isEqualTo(contents(repository).indexOf("mergeCByAAndB"));
    });
  }

  @Test
  void everyRuleHasAnIdOfItsOwn() {
    assertThat(Arrays.stream(Rule.values()).map(Rule::id)).doesNotHaveDuplicates()
        .allSatisfy(id -> assertThat(id).matches("[A-Z][A-Za-z]+"));
  }

  @Test
  void aNamingOptionThatNamesNoStrategyIsReportedOnceAndNothingElse() {
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .withOptions("-Atablemapper.naming=snake").compile(entity(KEYS, "public record E(String a, String b) {}"));

    assertThat(compilation.errors()).singleElement().satisfies(error -> assertThat(error.getMessage(null))
        .startsWith("[" + Rule.NAMING_OPTION.id() + "]").contains("-Atablemapper.naming=snake").contains("PASCAL_CASE"));
  }

  @Test
  void theNamingOptionIsTheDefaultOfEntitiesWithoutNaming() throws java.io.IOException {
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .withOptions("-Atablemapper.naming=PASCAL_CASE")
        .compile(entity(KEYS, "public record E(String a, String b, String firstName) {}"),
            source("F", "@Naming(NamingStrategy.AS_DECLARED)\n" + KEYS.replace("r_", "f_")
                + "\npublic record F(String a, String b, String firstName) {}"));

    assertThat(compilation).succeeded();
    assertThat(compilation.generatedSourceFile("test.E_").orElseThrow().getCharContent(true).toString())
        .contains("String FIRST_NAME = \"FirstName\";");
    assertThat(compilation.generatedSourceFile("test.F_").orElseThrow().getCharContent(true).toString())
        .contains("String FIRST_NAME = \"firstName\";");
  }

  @Test
  void aGeneratedMappingRecordsTheDefaultNamingItsNamesFollowedAndNoneWhenNamingDecidedThem()
      throws java.io.IOException {
    Compilation compilation = Compiler.javac().withProcessors(new TableMapperProcessor())
        .withOptions("-Atablemapper.naming=PASCAL_CASE")
        .compile(entity(KEYS, "public record E(String a, String b, String firstName) {}"),
            source("F", "@Naming(NamingStrategy.AS_DECLARED)\n" + KEYS.replace("r_", "f_")
                + "\npublic record F(String a, String b, String firstName) {}"));
    Compilation plain = compile(entity(KEYS, "public record E(String a, String b, String firstName) {}"));

    assertThat(compilation).succeeded();
    assertThat(compilation.generatedSourceFile("test.E__Mapping").orElseThrow().getCharContent(true).toString())
        .contains(".defaultNaming(NamingStrategy.PASCAL_CASE)");
    assertThat(compilation.generatedSourceFile("test.F__Mapping").orElseThrow().getCharContent(true).toString())
        .doesNotContain(".defaultNaming(");
    assertThat(plain.generatedSourceFile("test.E__Mapping").orElseThrow().getCharContent(true).toString())
        .contains(".defaultNaming(NamingStrategy.AS_DECLARED)");
  }

  @Test
  void anAbstractRootAndItsSubtypesCompileAndEachAncestorListsItsSubtypesForTheRuntime() throws java.io.IOException {
    Compilation compilation = compile(ROOT,
        source("S", "@Entity\npublic class S extends P { public int c; }"),
        source("T", "@Entity(type = \"Tee\")\npublic class T extends S { public int d; }"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(contents(compilation.generatedFile(StandardLocation.CLASS_OUTPUT,
        "META-INF/tablemapper/subtypes/test.P").orElseThrow())).isEqualTo("test.S\ntest.T\n");
    assertThat(contents(compilation.generatedFile(StandardLocation.CLASS_OUTPUT,
        "META-INF/tablemapper/subtypes/test.S").orElseThrow())).isEqualTo("test.T\n");
    assertThat(contents(compilation.generatedSourceFile("test.P__Mapping").orElseThrow()))
        .contains("throw abstractEntity(entity)", "throw abstractRow(row)");
    assertThat(contents(compilation.generatedSourceFile("test.T__Mapping").orElseThrow()))
        .contains("super(EntityDescriptor.of(T.class, T_.TABLE, T_.TYPE)", "row.putInt32(T_.C, entity.c)",
            "row.putInt32(T_.D, entity.d)");
  }

  @Test
  void aSubtypeNamesItsOwnPropertiesButKeepsTheNamesItsRootGivesToInheritedOnes() {
    Compilation compilation = compile(ROOT,
        source("S", "@Naming(NamingStrategy.PASCAL_CASE) @Entity\npublic class S extends P { public int count; }"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(contents(compilation.generatedSourceFile("test.S_").orElseThrow()))
        .contains("String A = \"a\";", "String COUNT = \"Count\";");
    assertThat(contents(compilation.generatedSourceFile("test.S__Mapping").orElseThrow()))
        .contains("row.putString(S_.A, entity.a)", "row.putInt32(S_.COUNT, entity.count)");
  }

  @Test
  void aWarningIsSilencedWhereTheUserSaysItIsDeliberate() {
    Compilation compilation = compile(entity(
        "@SuppressWarnings(\"tablemapper:PartitionKeyConstant\")\n"
            + "@Entity(table = \"Things\") @PartitionKey(\"all\") @RowKey(\"r_{b}\")",
        "public record E(String a, String b) {}"));
    assertThat(compilation).succeededWithoutWarnings();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"c_{c}_", "c_{n:05}", "c_{n}", "c_{s}", "c_{c}_{n:04}", "c_{c}~{n:03}", "c_{u}", "c_{f}", "c_{d}", "c_{t}",
      "c_{o}", "c_{dt}", "c_{t:desc}", "c_{c}~0001_", "ids"})
  void aKeyListWhoseRowKeysCannotEndInATildeAndFourDigitsCompilesWithoutWarning(String rowKey) {
    Compilation compilation = compile(entity(KEYS + "\n@Index(name = \"byC\", rowKey = \"" + rowKey + "\","
            + " unique = false, form = io.tablemapper.annotations.IndexForm.KEY_LIST)",
        "public record E(String a, String b, String c, int n, S s, java.util.UUID u, boolean f,"
            + " java.time.LocalDate d, java.time.Instant t, java.time.OffsetDateTime o, java.time.LocalDateTime dt) {\n"
            + "  public enum S { ACTIVE, DONE, V0001E }\n}"));
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void aKeyListRowKeyWarningIsSilencedWhereTheUserSaysNoValueEndsSo() {
    Compilation compilation = compile(entity("@SuppressWarnings(\"tablemapper:IndexListRowKey\")\n" + KEYS
            + "\n@Index(name = \"byC\", rowKey = \"c_{c}\", unique = false,"
            + " form = io.tablemapper.annotations.IndexForm.KEY_LIST)",
        "public record E(String a, String b, String c) {}"));
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void aTimeLeadingTheRowKeyUnderASpreadPartitionKeyIsTheGuidesRemedyAndNoWarning() {
    Compilation compilation = compile(entity(
        "@Entity(table = \"Things\") @PartitionKey(\"{department}_{employeeId}\") @RowKey(\"{at}_{event}\")",
        "public record E(String department, int employeeId, java.time.Instant at, String event) {}"));
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void aSuppressionOfAnotherIdSilencesNothing() {
    Compilation compilation = compile(entity(
        "@SuppressWarnings(\"tablemapper:KeyWidth\")\n"
            + "@Entity(table = \"Things\") @PartitionKey(\"all\") @RowKey(\"r_{b}\")",
        "public record E(String a, String b) {}"));
    assertThat(compilation).succeeded();
    assertThat(warningsOnly(compilation)).singleElement()
        .satisfies(warning -> assertThat(warning.getMessage(null)).startsWith("[PartitionKeyConstant]"));
  }

  @Test
  void anEntityWithAnErrorGivesItsRepositoryNoErrorsOfItsOwn() {
    Compilation compilation = compile(
        source("Employee", Sources.EMPLOYEE.replace("empid_{employeeId:08}", "empid_{employeId:08}")),
        repository("  Optional<Employee> findByDepartmentAndEmployeeId(String department, int employeeId);\n"
            + "  List<Employee> findByLastName(String lastName);"));
    assertThat(compilation.errors()).singleElement()
        .satisfies(error -> assertThat(error.getMessage(null)).startsWith("[" + Rule.KEY_UNKNOWN_PROPERTY.id() + "]"));
  }

  private static long lineOf(String text, int offset) {
    return text.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
  }

  private static List<Diagnostic<? extends JavaFileObject>> warningsOnly(Compilation compilation) {
    return compilation.diagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.MANDATORY_WARNING || d.getKind() == Diagnostic.Kind.WARNING)
        .collect(Collectors.toList());
  }

  private static String contents(JavaFileObject file) {
    try {
      return file.getCharContent(true).toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
