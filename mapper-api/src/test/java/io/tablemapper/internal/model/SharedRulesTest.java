package io.tablemapper.internal.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tablemapper.annotations.IndexForm;
import io.tablemapper.internal.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The key, index and key-space rules over a plain property view, as either front end (the processor's elements, the
 * runtime's reflection) hands it over: each problem comes with its id, its wording, and the site and attribute the
 * front end reports it on.
 */
class SharedRulesTest {

  /** A property as a front end would describe it. */
  private record Prop(String name, PropertyRole role, PropertyKind kind, KeyType keyType, String typeText,
      List<String> enumConstants) implements ModelProperty {

    static Prop of(String name, Class<?> type) {
      PropertyKind kind = PropertyKind.of(type.getCanonicalName(), type.isEnum());
      return new Prop(name, PropertyRole.STORED, kind, KeyType.forClass(type), type.getCanonicalName(), List.of());
    }

    Prop as(PropertyRole newRole) {
      return new Prop(name, newRole, null, null, typeText, enumConstants);
    }
  }

  /** One reported problem. */
  private record Reported(Rule.Severity severity, Object site, String attribute, Rule id, String message) {}

  /** Problems kept in the order reported. */
  private static final class Recording implements Problems {
    final List<Reported> reported = new ArrayList<>();

    @Override
    public void report(Object site, String attribute, Problem problem) {
      reported.add(new Reported(problem.rule().severity(), site, attribute, problem.rule(), problem.message()));
    }
  }

  private static final List<Prop> EMPLOYEE = List.of(
      Prop.of("department", String.class), Prop.of("employeeId", int.class), Prop.of("email", String.class),
      Prop.of("lastName", String.class), Prop.of("grade", short.class),
      Prop.of("etag", String.class).as(PropertyRole.ETAG));

  private final Recording problems = new Recording();

  @Test
  void aTemplateBindsItsPlaceholdersToPropertiesInPlaceholderOrder() {
    BoundKey<Prop> key = KeyBinder.bind("Employee", EMPLOYEE, "{lastName}_{employeeId:08}", "@RowKey", "site",
        "value", problems);

    assertThat(problems.reported).isEmpty();
    assertThat(key.names()).containsExactly("lastName", "employeeId");
    assertThat(key.indexOf("employeeId")).isEqualTo(1);
    assertThat(key.firstType()).isEqualTo(KeyType.STRING);
  }

  @Test
  void anUnknownPropertyIsAnErrorOnTheTemplateWithASuggestion() {
    BoundKey<Prop> key = KeyBinder.bind("Employee", EMPLOYEE, "empid_{employeId:08}", "@RowKey", "site", "value",
        problems);

    assertThat(key).isNull();
    assertThat(problems.reported).containsExactly(new Reported(Rule.Severity.ERROR, "site", "value",
        Rule.KEY_UNKNOWN_PROPERTY, "@RowKey of Employee refers to 'employeId', which is not a property of"
            + " Employee (did you mean 'employeeId'?)"));
  }

  @Test
  void aPropertyThatIsNotStoredCannotBeInAKey() {
    KeyBinder.bind("Employee", EMPLOYEE, "{etag}", "@RowKey", null, null, problems);

    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.id()).isEqualTo(Rule.KEY_PROPERTY_NOT_STORED);
      assertThat(problem.message()).contains("'etag'").contains("the @ETag");
    });
  }

  @Test
  void aPaddingNarrowerThanTheTypeIsAWarningAndStillBinds() {
    BoundKey<Prop> key = KeyBinder.bind("Employee", EMPLOYEE, "g_{grade:03}", "@RowKey", "site", "value", problems);

    assertThat(key).isNotNull();
    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.severity()).isEqualTo(Rule.Severity.WARNING);
      assertThat(problem.id()).isEqualTo(Rule.KEY_WIDTH);
      assertThat(problem.message()).contains("pads 'grade' to 3 digits").contains("{grade:05}");
    });
  }

  @Test
  void indexProblemsAreReportedOnTheAttributeAtFault() {
    BoundKey<Prop> rowKey = KeyBinder.bind("Employee", EMPLOYEE, "empid_{employeeId:08}", "@RowKey", null, null,
        problems);
    List<IndexRules.Declaration> declarations = List.of(
        new IndexRules.Declaration("email", "email_{email}", "", "", List.of(), true, false, "first"),
        new IndexRules.Declaration("EMAIL", "mail_{email}", "", "", List.of(), true, false, "second"),
        new IndexRules.Declaration("byName", "name_{lastName}", "", "", List.of(), false, true, "third"),
        new IndexRules.Declaration("copy", "copy_{email}", "", "", List.of("emial"), true, false, "fourth"),
        new IndexRules.Declaration("elsewhere", "x_{email}", "p_{email}", "bad-table", List.of(), true, false,
            "fifth"));

    List<IndexRules.BoundIndex<Prop>> indexes =
        IndexRules.bind("Employee", "Employee", "Company", EMPLOYEE, department(), rowKey, declarations, problems);

    assertThat(indexes).extracting(IndexRules.BoundIndex::name).containsExactly("email");
    assertThat(indexes.get(0).unique()).isTrue();
    assertThat(problems.reported).extracting(Reported::site, Reported::attribute, Reported::id).containsExactly(
        tuple("second", "name", Rule.INDEX_NAME),
        tuple("third", "unique", Rule.INDEX_UNIQUENESS),
        tuple("fourth", "properties", Rule.INDEX_UNKNOWN_PROPERTY),
        tuple("fifth", "table", Rule.INDEX_TABLE));
  }

  private BoundKey<Prop> department() {
    return KeyBinder.bind("Employee", EMPLOYEE, "{department}", "@PartitionKey", null, null, problems);
  }

  private BoundKey<Prop> employeeRowKey() {
    return KeyBinder.bind("Employee", EMPLOYEE, "empid_{employeeId:08}", "@RowKey", null, null, problems);
  }

  private List<IndexRules.BoundIndex<Prop>> bindIndex(String partitionKey, String table, String rowKey,
      boolean unique, boolean explicit) {
    return IndexRules.bind("Employee", "Employee", "Company", EMPLOYEE, department(), employeeRowKey(),
        List.of(new IndexRules.Declaration("byEmail", rowKey, partitionKey, table, List.of(), unique, explicit,
            "index")), problems);
  }

  private List<IndexRules.BoundIndex<Prop>> bindForm(String partitionKey, List<String> properties, IndexForm form) {
    return IndexRules.bind("Employee", "Employee", "Company", EMPLOYEE, department(), employeeRowKey(),
        List.of(new IndexRules.Declaration("byEmail", "e_{email}", partitionKey, "", properties, form, true, false,
            "index")), problems);
  }

  @Test
  void aKeysOnlyIndexBindsWithoutPropertiesAndRefusesAnyToCopy() {
    assertThat(bindForm("email_{email}", List.of(), IndexForm.KEYS)).singleElement()
        .satisfies(index -> assertThat(index.keysOnly()).isTrue());
    assertThat(bindForm("", List.of(), IndexForm.COPY)).singleElement()
        .satisfies(index -> assertThat(index.keysOnly()).isFalse());
    assertThat(problems.reported).isEmpty();

    assertThat(bindForm("email_{email}", List.of("email"), IndexForm.KEYS)).isEmpty();
    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.id()).isEqualTo(Rule.INDEX_FORM);
      assertThat(problem.attribute()).isEqualTo("properties");
    });
  }

  @Test
  void aRemoteIndexUnderALiteralPartitionKeyIsBoundWithAHotPartitionWarning() {
    assertThat(bindForm("emails", List.of(), IndexForm.COPY)).hasSize(1);
    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.id()).isEqualTo(Rule.INDEX_HOT_PARTITION);
      assertThat(problem.severity()).isEqualTo(Rule.Severity.WARNING);
      assertThat(problem.attribute()).isEqualTo("partitionKey");
    });
  }

  @Test
  void anIndexWithAPartitionKeyOrATableOfItsOwnIsRemote() {
    IndexRules.BoundIndex<Prop> perEmail = bindIndex("email_{email}", "", "employee", true, false).get(0);
    IndexRules.BoundIndex<Prop> otherTable = bindIndex("", "EmployeesByEmail", "{email}", true, false).get(0);
    IndexRules.BoundIndex<Prop> sameTable = bindIndex("", "company", "email_{email}", true, false).get(0);

    assertThat(problems.reported).isEmpty();
    assertThat(perEmail.remote()).isTrue();
    assertThat(perEmail.table()).isEqualTo("Company");
    assertThat(perEmail.partitionKey().names()).containsExactly("email");
    assertThat(perEmail.unique()).isTrue();
    assertThat(otherTable.remote()).isTrue();
    assertThat(otherTable.table()).isEqualTo("EmployeesByEmail");
    assertThat(otherTable.partitionKey().names()).containsExactly("department"); // the entity's PartitionKey
    assertThat(sameTable.remote()).isFalse(); // the entity's own table, named in another case
    assertThat(sameTable.table()).isEqualTo("Company");
  }

  @Test
  void aRemoteIndexIsUniqueUnlessItsKeysHoldTheEntitysPartitionKeyAndRowKey() {
    assertThat(bindIndex("{lastName}", "ByName", "{department}_{employeeId:08}", false, true))
        .singleElement().satisfies(index -> assertThat(index.unique()).isFalse());
    assertThat(problems.reported).isEmpty();

    assertThat(bindIndex("{lastName}", "ByName", "{employeeId:08}", false, true)).isEmpty();
    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.attribute()).isEqualTo("unique");
      assertThat(problem.id()).isEqualTo(Rule.INDEX_UNIQUENESS);
      assertThat(problem.message()).contains("lack department of the entity's keys",
          "rowKey = \"{employeeId:08}_{department}\"");
    });
    problems.reported.clear();

    assertThat(bindIndex("{lastName}", "ByName", "{department}_{employeeId:08}", true, true)).isEmpty();
    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.id()).isEqualTo(Rule.INDEX_UNIQUENESS);
      assertThat(problem.message()).contains("hold every component of the entity's keys",
          "remove department and employeeId");
    });
  }

  @Test
  void remoteCopiesInTheEntitysTableMayNotTakeAnEntitysKeys() {
    // a partition per email can be a department's partition, and its RowKey an employee's
    bindIndex("{email}", "", "empid_{email}", true, false);
    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.attribute()).isEqualTo("rowKey");
      assertThat(problem.id()).isEqualTo(Rule.KEY_SPACE_OVERLAP);
    });
    problems.reported.clear();

    // apart by RowKey, or in another table: nothing to report
    bindIndex("{email}", "", "employee", true, false);
    bindIndex("{email}", "Emails", "empid_{email}", true, false);
    assertThat(problems.reported).isEmpty();
  }

  @Test
  void anExplicitUniqueThatCanNeverHoldIsRefusedOnlyWhereItCanBeSeen() {
    BoundKey<Prop> rowKey = KeyBinder.bind("Employee", EMPLOYEE, "empid_{employeeId:08}", "@RowKey", null, null,
        problems);
    IndexRules.Declaration explicit =
        new IndexRules.Declaration("byEmail", "email_{email}_{employeeId:08}", "", "", List.of(), true, true, "i");
    IndexRules.Declaration retained =
        new IndexRules.Declaration("byEmail", "email_{email}_{employeeId:08}", "", "", List.of(), true, false, "i");

    assertThat(IndexRules.bind("Employee", "Employee", "Company", EMPLOYEE, department(), rowKey, List.of(explicit), problems)).isEmpty();
    assertThat(problems.reported).extracting(Reported::id).containsExactly(Rule.INDEX_UNIQUENESS);
    assertThat(IndexRules.bind("Employee", "Employee", "Company", EMPLOYEE, department(), rowKey, List.of(retained), problems))
        .singleElement().satisfies(index -> assertThat(index.unique()).isFalse());
  }

  @Test
  void indexCopiesThatCanTakeTheEntitysRowKeyAreRefusedOnTheIndexRowKey() {
    BoundKey<Prop> rowKey = KeyBinder.bind("Employee", EMPLOYEE, "{lastName}", "@RowKey", null, null, problems);

    IndexRules.bind("Employee", "Employee", "Company", EMPLOYEE, department(), rowKey,
        List.of(new IndexRules.Declaration("email", "{email}", "", "", List.of(), true, false, "index")), problems);

    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.site()).isEqualTo("index");
      assertThat(problem.attribute()).isEqualTo("rowKey");
      assertThat(problem.id()).isEqualTo(Rule.KEY_SPACE_OVERLAP);
      assertThat(problem.message()).contains("give it a literal prefix");
    });
  }

  @Test
  void twoTypesOfOneTableAreApartByPartitionKeyOrByRowKeyPrefix() {
    KeySpaces.Type employees = type("Employee", "d_{department}", "emp_{employeeId:08}", "employee");
    KeySpaces.Type managers = type("Manager", "d_{department}", "mgr_{employeeId:08}", "manager");
    KeySpaces.Type archived = type("Archived", "a_{department}", "emp_{employeeId:08}", "archived");
    KeySpaces.Type clashing = type("Contractor", "d_{department}", "emp_{employeeId:08}", "contractor");

    assertThat(KeySpaces.checkAgainst(employees, managers, problems)).isTrue();
    assertThat(KeySpaces.checkAgainst(employees, archived, problems)).isTrue();
    assertThat(problems.reported).isEmpty();
    assertThat(KeySpaces.checkAgainst(clashing, employees, problems)).isFalse();
    assertThat(problems.reported).singleElement().satisfies(problem -> {
      assertThat(problem.site()).isEqualTo("contractor");
      assertThat(problem.attribute()).isEqualTo("value");
      assertThat(problem.message()).contains("the RowKey 'emp_{employeeId:08}' of Contractor")
          .contains("(both start with 'emp_')").contains("\"contractor_");
    });
  }

  private static KeySpaces.Type type(String entity, String partitionKey, String rowKey, Object site) {
    Recording ignored = new Recording();
    BoundKey<Prop> pk = KeyBinder.bind(entity, EMPLOYEE, partitionKey, "@PartitionKey", null, null, ignored);
    BoundKey<Prop> rk = KeyBinder.bind(entity, EMPLOYEE, rowKey, "@RowKey", null, null, ignored);
    assertThat(ignored.reported).isEmpty();
    return new KeySpaces.Type(entity, entity, "Company", pk.template(), pk.shape(),
        List.of(new KeySpaces.Space(null, rk.template(), rk.shape(), rk.firstType(), site, "value")));
  }
}
