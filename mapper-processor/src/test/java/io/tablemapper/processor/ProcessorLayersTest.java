package io.tablemapper.processor;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The packages of the processor depend one way, down: the processor's entry point over the generators (the code of
 * each entity and repository, and the key-design report of the compilation, neither using the other), over the
 * repository model, its query planning, the entity model, and the utilities. A new edge against that direction, or
 * a cycle, fails here, naming the classes.
 */
class ProcessorLayersTest {
  private static final String ROOT = "io.tablemapper.processor";
  private static final JavaClasses PROCESSOR = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages(ROOT);

  @Test
  void packagesDependOnlyDownwards() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("entry point").definedBy(ROOT)
        .layer("generation").definedBy(ROOT + ".generation")
        .layer("report").definedBy(ROOT + ".generation.report..")
        .layer("repository").definedBy(ROOT + ".repository..")
        .layer("planning").definedBy(ROOT + ".planning..")
        .layer("entity").definedBy(ROOT + ".entity..")
        .layer("util").definedBy(ROOT + ".util..")
        .whereLayer("entry point").mayNotBeAccessedByAnyLayer()
        .whereLayer("generation").mayOnlyBeAccessedByLayers("entry point")
        .whereLayer("report").mayOnlyBeAccessedByLayers("entry point")
        .whereLayer("repository").mayOnlyBeAccessedByLayers("entry point", "generation", "report")
        .whereLayer("planning").mayOnlyBeAccessedByLayers("entry point", "generation", "report", "repository")
        .whereLayer("entity")
        .mayOnlyBeAccessedByLayers("entry point", "generation", "report", "repository", "planning")
        .whereLayer("util")
        .mayOnlyBeAccessedByLayers("entry point", "generation", "report", "repository", "planning", "entity")
        .check(PROCESSOR);
  }

  @Test
  void packagesFormNoCycle() {
    slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(PROCESSOR);
  }
}
