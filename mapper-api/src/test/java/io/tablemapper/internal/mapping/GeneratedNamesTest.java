package io.tablemapper.internal.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Names of generated classes, shared by the processor and the runtime. */
class GeneratedNamesTest {

  @Test
  void aTopLevelTypesGeneratedClassesSitBesideItWithTheirSuffixes() {
    assertThat(GeneratedNames.metamodel("com.acme.Employee")).isEqualTo("com.acme.Employee_");
    assertThat(GeneratedNames.mapping("com.acme.Employee")).isEqualTo("com.acme.Employee__Mapping");
    assertThat(GeneratedNames.repository("com.acme.EmployeeRepository"))
        .isEqualTo("com.acme.EmployeeRepository__Impl");
  }

  @Test
  void aNestedTypesBinaryNameIsFlattenedWithUnderscores() {
    assertThat(GeneratedNames.metamodel("com.acme.Outer$Employee")).isEqualTo("com.acme.Outer_Employee_");
    assertThat(GeneratedNames.mapping("com.acme.Outer$Middle$Employee"))
        .isEqualTo("com.acme.Outer_Middle_Employee__Mapping");
    assertThat(GeneratedNames.repository("com.acme.Outer$Repo")).isEqualTo("com.acme.Outer_Repo__Impl");
  }

  @Test
  void onlyTheSimpleNamePartIsFlattenedAndTheUnnamedPackageWorks() {
    assertThat(GeneratedNames.mapping("com.ac$me.Employee")).isEqualTo("com.ac$me.Employee__Mapping");
    assertThat(GeneratedNames.metamodel("Employee")).isEqualTo("Employee_");
    assertThat(GeneratedNames.metamodel("Outer$Employee")).isEqualTo("Outer_Employee_");
  }

  @Test
  void qualifiedNamesSplitIntoPackageAndSimpleName() {
    assertThat(GeneratedNames.simpleName("com.acme.Outer_Employee_")).isEqualTo("Outer_Employee_");
    assertThat(GeneratedNames.packageName("com.acme.Outer_Employee_")).isEqualTo("com.acme");
    assertThat(GeneratedNames.simpleName("Employee_")).isEqualTo("Employee_");
    assertThat(GeneratedNames.packageName("Employee_")).isEmpty();
    assertThat(GeneratedNames.MAPPING_INSTANCE_FIELD).isEqualTo("INSTANCE");
  }
}
