package io.tablemapper.runtime;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The packages of the runtime depend one way, down, as {@code package-info} of {@code io.tablemapper.runtime} says:
 * each package may use only those below it in {@link #LAYERS}, the query side never the write side (nor the reverse),
 * and no two packages form a cycle. A new edge against that direction fails here, naming the classes. And
 * {@code MapperCore} wires the mapper's parts without being their service locator: no other class reads its fields.
 */
class RuntimeLayersTest {
  private static final String ROOT = "io.tablemapper.runtime";
  /** From the top down: the entry points, then each concern over those it may use. */
  private static final List<String> LAYERS = List.of("", "index", "query", "pending", "write", "store", "rows", "cache",
      "values", "mapping", "introspect", "observe", "config", "support");
  /** Pairs of packages that are siblings, though one is listed above the other: neither may use the other. */
  private static final Map<String, Set<String>> SIBLINGS = Map.of("query", Set.of("pending", "write"));

  private static final JavaClasses RUNTIME = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages(ROOT);

  @Test
  void packagesDependOnlyDownwards() {
    LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (String layer : LAYERS) {
      layers = layers.layer(name(layer)).definedBy(layer.isEmpty() ? ROOT : ROOT + "." + layer + "..");
    }
    for (int i = 0; i < LAYERS.size(); i++) {
      String layer = LAYERS.get(i);
      List<String> users = new ArrayList<>();
      for (String above : LAYERS.subList(0, i)) {
        if (!SIBLINGS.getOrDefault(above, Set.of()).contains(layer)) {
          users.add(name(above));
        }
      }
      layers = users.isEmpty() ? layers.whereLayer(name(layer)).mayNotBeAccessedByAnyLayer()
          : layers.whereLayer(name(layer)).mayOnlyBeAccessedByLayers(users.toArray(String[]::new));
    }
    layers.check(RUNTIME);
  }

  @Test
  void packagesFormNoCycle() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(RUNTIME);
  }

  @Test
  void noOtherClassReadsTheFieldsOfMapperCore() {
    noClasses().that().doNotBelongToAnyOf(MapperCore.class)
        .should().accessFieldWhere(DescribedPredicate.describe("the field is MapperCore's",
            (JavaFieldAccess access) -> access.getTargetOwner().isEquivalentTo(MapperCore.class)))
        .check(RUNTIME);
  }

  @Test
  void everyPackageIsALayer() {
    Set<String> declared = new HashSet<>();
    LAYERS.forEach(layer -> declared.add(layer.isEmpty() ? ROOT : ROOT + "." + layer));
    List<String> undeclared = new ArrayList<>();
    RUNTIME.forEach(type -> {
      String packageName = type.getPackageName();
      if (!declared.contains(packageName) && !undeclared.contains(packageName)) {
        undeclared.add(packageName);
      }
    });
    assertThat(undeclared)
        .as("packages of the runtime that RuntimeLayersTest.LAYERS does not place").isEmpty();
  }

  private static String name(String layer) {
    return layer.isEmpty() ? "entry points" : layer;
  }
}
