package io.tablemapper.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablemapper.api.Batch;
import io.tablemapper.api.InvalidKeyException;
import io.tablemapper.api.Partition;
import io.tablemapper.api.TableMapper;
import io.tablemapper.api.TableMapperException;
import io.tablemapper.api.TableRepository;
import io.tablemapper.backend.memory.InMemoryBackend;
import io.tablemapper.runtime.fixtures.Impostor;
import io.tablemapper.runtime.fixtures.Unmapped;
import io.tablemapper.runtime.fixtures.UnmappedRepository;
import io.tablemapper.tck.fixtures.Employee;
import io.tablemapper.tck.fixtures.EmployeeRepository;
import io.tablemapper.tck.fixtures.Employee__Mapping;
import io.tablemapper.tck.fixtures.Project;
import io.tablemapper.tck.fixtures.Project__Mapping;
import io.tablemapper.tck.support.InterceptingBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import io.tablemapper.runtime.mapping.Mappings;
import io.tablemapper.runtime.mapping.ProcessorSetup;

class MapperLifecycleTest {
  private final InterceptingBackend backend = new InterceptingBackend(InMemoryBackend.create());

  @Test
  void theBuilderFindsThisRuntimeThroughTheServiceLoader() {
    try (TableMapper mapper = TableMapper.builder().backend(backend).build()) {
      assertThat(mapper.getClass().getPackageName()).isEqualTo("io.tablemapper.runtime");
    }
  }

  @Test
  void theBuilderIsTheOneTheRuntimesServiceFileNamesThoughItIsLookedUpDirectly() {
    // TableMapper.builder() instantiates the runtime's builder by name, sparing the start-up a service-loader scan:
    // it must be the provider the service loader would have found
    assertThat(TableMapper.builder()).isInstanceOf(TableMapperBuilder.class);
    assertThat(ServiceLoader.load(TableMapper.Builder.class, TableMapper.class.getClassLoader()).stream()
            .<Class<?>>map(ServiceLoader.Provider::type))
        .containsExactly(TableMapperBuilder.class);
  }

  @Test
  void closingTheMapperClosesTheBackendAndRefusesFurtherUse() {
    TableMapper mapper = TableMapper.builder().backend(backend).build();

    mapper.close();

    assertThat(backend.closed()).isTrue();
    assertThatThrownBy(() -> mapper.repository(EmployeeRepository.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }

  @Test
  void whatAMapperHandedOutBeforeItWasClosedRefusesUseSayingTheMapperIsClosed() {
    TableMapper mapper = TableMapper.builder().backend(backend).build();
    EmployeeRepository employees = mapper.repository(EmployeeRepository.class);
    Employee ken = Employee.of("Sales", 1, "Ken", "Kwok", 23, "ken@contoso.com");
    Batch batch = mapper.batch("Company", "Sales").insert(ken);
    Partition sales = mapper.partition("Company", "Sales");

    mapper.close();

    for (ThrowingCallable use : List.<ThrowingCallable>of(
        () -> employees.insert(ken),
        () -> employees.delete(ken),
        () -> employees.findByDepartment("Sales"),
        () -> employees.findByDepartmentAndEmployeeId("Sales", 1),
        () -> employees.countByDepartment("Sales"),
        () -> employees.streamByDepartment("Sales"),
        batch::commit,
        sales::all,
        () -> mapper.deleteTable("Company"))) {
      assertThatThrownBy(use)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("this TableMapper is closed");
    }
  }

  @Test
  void aMapperClosedByManyThreadsAtOnceClosesItsBackendOnce() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      for (int round = 0; round < 200; round++) {
        InterceptingBackend shared = new InterceptingBackend(InMemoryBackend.create());
        TableMapper mapper = TableMapper.builder().backend(shared).build();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> closing = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          closing.add(pool.submit(() -> {
            start.await();
            mapper.close();
            return null;
          }));
        }
        start.countDown();
        for (Future<?> done : closing) {
          done.get(10, TimeUnit.SECONDS);
        }
        assertThat(shared.closes.get()).as("round %d", round).isEqualTo(1);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aMapperHandsOutOneInstanceOfEachRepository() {
    try (TableMapper mapper = TableMapper.builder().backend(backend).build()) {
      assertThat(mapper.repository(EmployeeRepository.class)).isSameAs(mapper.repository(EmployeeRepository.class));
    }
  }

  @Test
  void theMappingOfAClassIsLookedUpByNameOnce() {
    assertThat(Mappings.of(null).mapping(Employee.class)).isSameAs(Employee__Mapping.INSTANCE);
    assertThat(Mappings.of(null).mappingOf(Employee.of("a", 1, "b", "c", 1, "d")))
        .isSameAs(Employee__Mapping.INSTANCE);
  }

  /** The kit's {@code PartitionTest} writes and reads such a subclass on every store. */
  @Test
  void anAnonymousSubclassOfAJavaBeanEntityMapsLikeTheEntity() {
    Project project = new Project() {
      {
        setTeam("Rockets");
        setCode("gemini");
      }
    };

    assertThat(Mappings.of(null).mappingOf(project)).isSameAs(Project__Mapping.INSTANCE);
  }

  @Test
  void aRepositoryWithoutGeneratedImplementationFailsNamingTheClassAndGivingTheProcessorsSnippets() {
    try (TableMapper mapper = TableMapper.builder().backend(backend).build()) {
      assertThatThrownBy(() -> mapper.repository(UnmappedRepository.class))
          .isInstanceOf(TableMapperException.class)
          .hasMessageStartingWith("No generated implementation for repository"
              + " io.tablemapper.runtime.fixtures.UnmappedRepository: looked for"
              + " io.tablemapper.runtime.fixtures.UnmappedRepository__Impl, which does not exist. The annotation"
              + " processor generates it for an interface annotated @Repository, and UnmappedRepository is not:"
              + " annotate it. Put io.tablemapper:mapper-processor on the annotation processor path and rebuild.")
          .hasMessageEndingWith(SNIPPETS);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void aRepositoryCompiledWithoutTheProcessorFailsSayingItDidNotRunAndGivingItsSnippets() {
    // the entity compiled with the processor (its mapping exists), the repository in a build without it
    Javac.Result entity = Javac.compile(Map.of("io.tablemapper.runtime.unprocessed.Clerk",
        "package io.tablemapper.runtime.unprocessed;\n"
            + "import io.tablemapper.annotations.*;\n"
            + "@Entity(table = \"Clerks\") @PartitionKey(\"{desk}\") @RowKey(\"{name}\")\n"
            + "public record Clerk(String desk, String name) {}\n"), true);
    String name = "io.tablemapper.runtime.unprocessed.ClerkRepository";
    Class<?> clerks = Javac.compile(Map.of(name, "package io.tablemapper.runtime.unprocessed;\n"
        + "import io.tablemapper.annotations.Repository;\n"
        + "import io.tablemapper.api.TableRepository;\n"
        + "@Repository\n"
        + "public interface ClerkRepository extends TableRepository<Clerk> {\n"
        + "  java.util.List<Clerk> findByDesk(String desk);\n"
        + "}\n"), false, entity).load(name);

    try (TableMapper mapper = TableMapper.builder().backend(backend).build()) {
      assertThatThrownBy(() -> mapper.repository((Class<TableRepository<Object>>) clerks))
          .isInstanceOf(TableMapperException.class)
          .hasMessage("No generated implementation for repository " + name + ": looked for " + name + "__Impl,"
              + " which does not exist. The annotation processor generates it when it compiles ClerkRepository, so"
              + " it did not run on this build. Put io.tablemapper:mapper-processor on the annotation processor path"
              + " and rebuild." + SNIPPETS);
    }
  }

  /** The processor's set-up in Maven and Gradle, at the version of the build that made this runtime. */
  static final String SNIPPETS = " Maven, in the <configuration> of maven-compiler-plugin:\n"
      + "    <annotationProcessorPaths>\n"
      + "      <path>\n"
      + "        <groupId>io.tablemapper</groupId>\n"
      + "        <artifactId>mapper-processor</artifactId>\n"
      + "        <version>" + System.getProperty("tablemapper.version") + "</version>\n"
      + "      </path>\n"
      + "    </annotationProcessorPaths>\n"
      + "Gradle, in dependencies { }:\n"
      + "    annotationProcessor(\"io.tablemapper:mapper-processor:" + System.getProperty("tablemapper.version")
      + "\")";

  @Test
  void theSnippetsCarryTheVersionOfTheBuildThatMadeTheRuntime() {
    assertThat(System.getProperty("tablemapper.version")).isNotBlank();
    assertThat(ProcessorSetup.VERSION).isEqualTo(System.getProperty("tablemapper.version"));
  }

  @Test
  void anEntityWithoutGeneratedMappingOrAtEntityFailsNamingTheClassAndTheAnnotations() {
    assertThatThrownBy(() -> TableMapper.builder().backend(backend).entities(Unmapped.class).build())
        .isInstanceOf(TableMapperException.class)
        .hasMessage("No generated mapping for entity class io.tablemapper.runtime.fixtures.Unmapped: looked for"
            + " io.tablemapper.runtime.fixtures.Unmapped__Mapping, which does not exist, and Unmapped is not"
            + " annotated @Entity, so the runtime cannot map it itself either. Annotate Unmapped with @Entity,"
            + " @PartitionKey and @RowKey: io.tablemapper:mapper-processor then generates its mapping when it"
            + " compiles the class, and the runtime builds one when it did not");
  }

  @Test
  void twoClassesClaimingOneTypeInOneTableAreRefused() {
    assertThatThrownBy(() -> TableMapper.builder().backend(backend).entities(Employee.class, Impostor.class).build())
        .isInstanceOf(TableMapperException.class)
        .hasMessageStartingWith("[EntityTypeDuplicate] io.tablemapper.tck.fixtures.Employee and "
            + "io.tablemapper.runtime.fixtures.Impostor are both stored in table Company as type 'Employee'");
  }

  @Test
  void theBuilderRefusesANullNewerVersionPolicy() {
    assertThatThrownBy(() -> TableMapper.builder().newerVersions(null))
        .isInstanceOf(NullPointerException.class).hasMessage("policy");
  }

  @Test
  void aBatchOrPartitionNeedsAValidTableAndKey() {
    try (TableMapper mapper = TableMapper.builder().backend(backend).build()) {
      assertThatThrownBy(() -> mapper.batch("no", "Sales")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> mapper.partition("Company", "a/b")).isInstanceOf(InvalidKeyException.class);
    }
  }
}
