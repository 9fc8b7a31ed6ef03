package io.tablemapper.readmetest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablemapper.api.TableMapper;
import io.tablemapper.internal.model.PropertyKind;
import io.tablemapper.internal.model.Rule;
import io.tablemapper.processor.planning.Operator;
import io.tablemapper.spi.StoreLimits;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The reference pages of docs/reference whose facts the code holds: each page's part between
 * {@code <!-- generated -->} and {@code <!-- /generated -->} is made here, from the code, and the rest of the page is
 * prose written by hand. {@link ReferencePagesTest} fails when a committed page differs from what this makes today,
 * and with {@code -Dtablemapper.updateDocs=true} writes it.
 *
 * <ul>
 *   <li>diagnostics.md: every {@link Rule}, its id and severity, what it checks (its Javadoc in Rule.java) and an
 *       example with its fix ({@code diagnostic-examples.tsv} beside this class, which must name every rule);
 *   <li>settings.md: {@link TableMapper.Builder}'s settings (their Javadoc in TableMapper.java) and the Spring Boot
 *       starter's properties (its configuration metadata, as the starter's jar carries it);
 *   <li>store-limits.md: {@link StoreLimits}' constants with their values and Javadoc;
 *   <li>query-keywords.md: the processor's {@code Operator}s, each with its keyword, its parameters and how a plan
 *       writes it as a filter, and here what it does on a key component, with an example (which every operator
 *       must have);
 *   <li>type-mapping.md: {@link PropertyKind}, each kind's Java types, store type, and what queries and
 *       {@code @Encrypted} can do with it.
 * </ul>
 */
final class ReferencePages {
  static final String OPEN = "<!-- generated";
  static final String CLOSE = "<!-- /generated -->";
  static final String COMMAND =
      "mvn -pl readme-test -am test -Dtest=ReferencePagesTest -Dsurefire.failIfNoSpecifiedTests=false"
          + " -Dtablemapper.updateDocs=true";

  private ReferencePages() {}

  /** The generated part of each page, by the page's path under the build's root. */
  static Map<String, String> generate(Path root) throws IOException {
    Map<String, String> pages = new LinkedHashMap<>();
    pages.put("docs/reference/diagnostics.md", diagnostics(root));
    pages.put("docs/reference/settings.md", settings(root));
    pages.put("docs/reference/store-limits.md", storeLimits(root));
    pages.put("docs/reference/query-keywords.md", queryKeywords());
    pages.put("docs/reference/type-mapping.md", typeMapping());
    return pages;
  }

  /** The page with its generated part replaced by {@code generated}. */
  static String update(String page, String name, String generated) {
    int open = page.indexOf(OPEN);
    int close = page.indexOf(CLOSE);
    if (open < 0 || close < open) {
      throw new IllegalArgumentException(name + " has no part marked '" + OPEN + " ... -->' ... '" + CLOSE
          + "' for the generated reference");
    }
    int start = page.indexOf("-->", open) + "-->".length();
    return page.substring(0, start) + "\n" + generated + page.substring(close);
  }

  /** The generated part of a committed page, as it stands. */
  static String current(String page) {
    int open = page.indexOf(OPEN);
    int close = page.indexOf(CLOSE);
    if (open < 0 || close < open) {
      return null;
    }
    return page.substring(page.indexOf("-->", open) + "-->".length() + 1, close);
  }

  static String diagnostics(Path root) throws IOException {
    Map<String, Javadocs.Member> docs =
        Javadocs.of(root.resolve("mapper-api/src/main/java/io/tablemapper/internal/model/Rule.java"), v -> v);
    Map<String, Rule> rules = new LinkedHashMap<>();
    for (Rule rule : Rule.values()) {
      rules.put(rule.id(), rule);
    }
    StringBuilder page = new StringBuilder();
    page.append("| id | severity | what it checks | example, and how to fix it |\n|---|---|---|---|\n");
    Set<String> listed = new LinkedHashSet<>();
    List<String> problems = new ArrayList<>();
    for (String line : examples()) {
      if (line.isBlank()) {
        continue;
      }
      if (line.startsWith("# ")) {
        page.append("| **").append(line.substring(2).strip()).append("** | | | |\n");
        continue;
      }
      String[] cells = line.split("\t", 2);
      if (cells.length < 2 || cells[1].isBlank()) {
        problems.add("no example for " + cells[0]);
        continue;
      }
      for (String id : cells[0].split(",\\s*")) {
        Rule rule = rules.get(id);
        if (rule == null) {
          problems.add("'" + id + "' is no rule's id (Rule.java has " + rules.keySet() + ")");
          continue;
        }
        listed.add(id);
        Javadocs.Member doc = docs.get(rule.name());
        page.append("| `").append(id).append("` | ").append(rule.severity().name().toLowerCase())
            .append(" | ").append(doc == null ? "" : doc.description())
            .append(" | ").append(cells[1].strip()).append(" |\n");
      }
    }
    Set<String> missing = new LinkedHashSet<>(rules.keySet());
    missing.removeAll(listed);
    if (!missing.isEmpty()) {
      problems.add("no example for " + missing + ": add a line 'Id<TAB>example' to diagnostic-examples.tsv");
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException("the diagnostics catalogue cannot be made: " + String.join("; ", problems));
    }
    page.append("\n").append(rules.size()).append(" rules.\n");
    return page.toString();
  }

  private static List<String> examples() throws IOException {
    try (InputStream in = ReferencePages.class.getResourceAsStream("diagnostic-examples.tsv")) {
      if (in == null) {
        throw new IllegalStateException("diagnostic-examples.tsv is missing beside " + ReferencePages.class);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }

  static String settings(Path root) throws IOException {
    Function<String, String> values = ReferencePages::tableMapperConstant;
    Map<String, Javadocs.Member> docs =
        Javadocs.of(root.resolve("mapper-api/src/main/java/io/tablemapper/api/TableMapper.java"), values);
    StringBuilder page = new StringBuilder();
    page.append("## TableMapper.builder()\n\n| setting | what it sets |\n|---|---|\n");
    boolean inBuilder = false;
    for (Javadocs.Member member : docs.values()) {
      if (member.declaration().startsWith("Builder ")) {
        inBuilder = true;
        page.append("| `").append(member.declaration().substring("Builder ".length()).replaceFirst(";$", ""))
            .append("` | ").append(member.description()).append(" |\n");
      } else if (inBuilder && member.declaration().startsWith("TableMapper build()")) {
        page.append("| `build()` | ").append(member.description()).append(" |\n");
      }
    }
    page.append("\n## Spring Boot properties\n\n")
        .append("| property | type | default | what it sets |\n|---|---|---|---|\n");
    for (JsonNode property : springProperties()) {
      String type = property.path("type").asText("");
      page.append("| `").append(property.path("name").asText()).append("` | `")
          .append(type.replaceAll("\\b(?:[a-z]\\w*\\.)+", "").replace('$', '.')).append("` | ")
          .append(property.has("defaultValue") ? "`" + defaultValue(property.get("defaultValue")) + "`" : "")
          .append(" | ").append(property.path("description").asText("").replace("|", "\\|").replace("\n", " "))
          .append(" |\n");
    }
    return page.toString();
  }

  private static String defaultValue(JsonNode value) {
    if (value.isArray()) {
      List<String> items = new ArrayList<>();
      value.forEach(item -> items.add(item.asText()));
      return String.join(",", items);
    }
    return value.asText();
  }

  /** The starter's properties, from the configuration metadata of its jar (written by Spring's processor). */
  static List<JsonNode> springProperties() throws IOException {
    Map<String, JsonNode> properties = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    var resources = ReferencePages.class.getClassLoader().getResources("META-INF/spring-configuration-metadata.json");
    boolean found = false;
    while (resources.hasMoreElements()) {
      try (InputStream in = resources.nextElement().openStream()) {
        JsonNode metadata = json.readTree(in);
        for (JsonNode property : metadata.path("properties")) {
          String name = property.path("name").asText();
          if (name.startsWith("tablemapper.") || name.startsWith("management.health.tablemapper.")) {
            properties.put(name, property);
            found = true;
          }
        }
      }
    }
    if (!found) {
      throw new IllegalStateException("no tablemapper property in any META-INF/spring-configuration-metadata.json"
          + " on the class path: readme-test depends on tablemapper-spring-boot-starter for it");
    }
    return new ArrayList<>(properties.values());
  }

  private static String tableMapperConstant(String reference) {
    String name = reference.substring(reference.indexOf('#') + 1);
    try {
      Field field = TableMapper.class.getField(name);
      return String.valueOf(field.get(null));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("{@value " + reference + "} names no constant of TableMapper", e);
    }
  }

  static String storeLimits(Path root) throws IOException {
    Map<String, Javadocs.Member> docs =
        Javadocs.of(root.resolve("mapper-api/src/main/java/io/tablemapper/spi/StoreLimits.java"), v -> v);
    StringBuilder page = new StringBuilder("| limit | value | what it is |\n|---|---|---|\n");
    for (Field field : StoreLimits.class.getFields()) {
      if (!Modifier.isStatic(field.getModifiers())) {
        continue;
      }
      Object value;
      try {
        value = field.get(null);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
      String shown = value instanceof Integer number && number >= 1024 && number % 1024 == 0
          ? String.format("%,d", number) + " (" + (number % (1024 * 1024) == 0 ? number / (1024 * 1024) + " Mi"
              : number / 1024 + " Ki") + ")"
          : value instanceof Integer number ? String.format("%,d", number)
          : value instanceof Set<?> set ? String.join(", ", new java.util.TreeSet<>(
              set.stream().map(String::valueOf).toList()))
          : String.valueOf(value);
      Javadocs.Member doc = docs.get(field.getName());
      page.append("| `").append(field.getName()).append("` | ").append(shown).append(" | ")
          .append(doc == null ? "" : doc.description()).append(" |\n");
    }
    return page.toString();
  }

  /** What each operator does on a key component, and an example; every operator must have one. */
  private static final Map<String, String[]> OPERATORS = Map.ofEntries(
      Map.entry("EQUAL", new String[] {"binds it: POINT, or a RowKey prefix (RANGE)", "findByDepartmentAndEmployeeId"}),
      Map.entry("BETWEEN", new String[] {"a RowKey range (RANGE), bounds included",
          "findByDepartmentAndEmployeeIdBetween"}),
      Map.entry("GREATER_THAN", new String[] {"one end of a RowKey range", "findByDepartmentAndEmployeeIdGreaterThan"}),
      Map.entry("GREATER_THAN_EQUAL", new String[] {"one end of a RowKey range",
          "findByDepartmentAndAgeGreaterThanEqual"}),
      Map.entry("LESS_THAN", new String[] {"one end of a RowKey range", "findByDepartmentAndEmployeeIdLessThan"}),
      Map.entry("LESS_THAN_EQUAL", new String[] {"one end of a RowKey range",
          "findByDepartmentAndEmployeeIdLessThanEqual"}),
      Map.entry("STARTS_WITH", new String[] {"a RowKey prefix (RANGE); a String",
          "findByCountryAndLastNameStartsWith"}),
      Map.entry("IN", new String[] {"one read per distinct element of a `Collection` (×n), merged in key order",
          "findByDepartmentIn"}),
      Map.entry("NOT", new String[] {"never narrows a key", "findByDepartmentAndAgeNot"}),
      Map.entry("IS_NULL", new String[] {"never narrows a key", "findByDepartmentAndEmailIsNull"}),
      Map.entry("IS_NOT_NULL", new String[] {"never narrows a key", "findByDepartmentAndEmailIsNotNull"}),
      Map.entry("NOT_NULL", new String[] {"Jakarta Data only, as `IsNotNull`", "countByEmailNotNull"}),
      Map.entry("NULL", new String[] {"Jakarta Data only, as `IsNull`", "findByDepartmentAndEmailNull"}),
      Map.entry("NOT_IN", new String[] {"Jakarta Data only: the client's test, under `-Atablemapper.jakarta.allowScan=true`",
          "findByDepartmentAndAgeNotIn"}),
      Map.entry("NOT_BETWEEN", new String[] {"Jakarta Data only: the client's test, under `allowScan`",
          "findByDepartmentAndAgeNotBetween"}),
      Map.entry("NOT_LIKE", new String[] {"Jakarta Data only: the client's test, under `allowScan`",
          "findByDepartmentAndLastNameNotLike"}),
      Map.entry("CONTAINS", new String[] {"Jakarta Data only: the client's test, under `allowScan`",
          "findByDepartmentAndLastNameContains"}),
      Map.entry("ENDS_WITH", new String[] {"Jakarta Data only: the client's test, under `allowScan`",
          "findByDepartmentAndEmailEndsWith"}),
      Map.entry("LIKE", new String[] {"Jakarta Data only: the client's test (`%`, `_`), under `allowScan`",
          "findByDepartmentAndLastNameLike"}),
      Map.entry("TRUE", new String[] {"Jakarta Data only; never narrows a key", "findByDepartmentAndActiveTrue"}),
      Map.entry("FALSE", new String[] {"Jakarta Data only; never narrows a key", "findByDepartmentAndActiveFalse"}));

  static String queryKeywords() {
    StringBuilder page = new StringBuilder(
        "| keyword | example | parameters | on a key component | otherwise, a filter |\n|---|---|---|---|---|\n");
    List<String> missing = new ArrayList<>();
    for (Operator operator : Operator.values()) {
      String[] facts = OPERATORS.get(operator.name());
      if (facts == null) {
        missing.add(operator.name());
        continue;
      }
      String text;
      try {
        java.lang.reflect.Method method = Operator.class.getDeclaredMethod("text");
        method.setAccessible(true);
        text = (String) method.invoke(operator);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("Operator.text() is gone; ReferencePages reads how plans write a filter", e);
      }
      page.append("| ").append(operator.keyword().isEmpty() ? "(none): equality" : "`" + operator.keyword() + "`")
          .append(" | `").append(facts[1]).append("` | ").append(operator.arity())
          .append(" | ").append(facts[0]).append(" | `").append(text).append("` |\n");
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException("the query keywords cannot be made: add " + missing
          + " to ReferencePages.OPERATORS, with what it does on a key component and an example");
    }
    return page.toString();
  }

  /** What the type mapping adds to a kind of property, where the kind alone does not say it. */
  private static final Map<PropertyKind, String> TYPE_NOTES = Map.of(
      PropertyKind.BINARY, "at most 64 KiB",
      PropertyKind.OFFSET_DATE_TIME, "the instant, in UTC; reads back at offset Z",
      PropertyKind.LOCAL_DATE_TIME, "taken as UTC",
      PropertyKind.LOCAL_DATE, "midnight UTC",
      PropertyKind.ENUM, "the constant's name",
      PropertyKind.BIG_DECIMAL, "its exact text, scale kept",
      PropertyKind.BIG_INTEGER, "its exact text",
      PropertyKind.JSON, "its JSON text, through Jackson");

  @SuppressWarnings("unchecked")
  static String typeMapping() {
    Map<PropertyKind, List<String>> types = new LinkedHashMap<>();
    for (PropertyKind kind : PropertyKind.values()) {
      types.put(kind, new ArrayList<>());
    }
    try {
      Field field = PropertyKind.class.getDeclaredField("TYPES");
      field.setAccessible(true);
      ((Map<String, PropertyKind>) field.get(null)).forEach((type, kind) -> types.get(kind)
          .add(type.replaceFirst("^java\\.(lang|util|time|math)\\.", "")));
      // primitives before their boxes: byte, Byte
      types.values().forEach(names -> names.sort(String.CASE_INSENSITIVE_ORDER.thenComparing(
          java.util.Comparator.<String>reverseOrder())));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("PropertyKind.TYPES is gone; ReferencePages reads the Java types from it", e);
    }
    types.get(PropertyKind.ENUM).add("an enum");
    types.get(PropertyKind.JSON).add("any type with `@Json`");
    StringBuilder page = new StringBuilder("| Java type | stored as | equality in queries | ranges and order |"
        + " `@Encrypted` | notes |\n|---|---|---|---|---|---|\n");
    for (Map.Entry<PropertyKind, List<String>> entry : types.entrySet()) {
      PropertyKind kind = entry.getKey();
      if (entry.getValue().isEmpty()) {
        throw new IllegalStateException(kind + " has no Java type in PropertyKind.TYPES, nor one named here");
      }
      page.append("| ").append(String.join(", ", entry.getValue().stream()
              .map(name -> name.contains(" ") ? name : "`" + name + "`").toList())).append(" | ")
          .append(kind.edmType().odataName()).append(" | ").append(kind.queryable() ? "yes" : "no")
          .append(" | ").append(kind.orderable() ? "yes" : "no").append(" | ")
          .append(kind.encryptable() ? "yes" : "no").append(" | ")
          .append(TYPE_NOTES.getOrDefault(kind, "")).append(" |\n");
    }
    return page.toString();
  }

  /** Writes every page's generated part from the code of the build at {@code args[0]} (default {@code ..}). */
  public static void main(String[] args) throws IOException {
    Path root = Path.of(args.length > 0 ? args[0] : "..");
    for (Map.Entry<String, String> page : generate(root).entrySet()) {
      Path file = root.resolve(page.getKey());
      Files.writeString(file, update(Files.readString(file), page.getKey(), page.getValue()));
    }
  }
}
